import { useState, type FormEvent } from 'react';
import type { SmartRules } from '@cloudtune/contract';
import { Button } from '../../../components/button.tsx';
import { CoverImage } from '../../../components/cover-image.tsx';
import { Dialog, dialogStyles } from '../../../components/dialog.tsx';
import { FolderPlusIcon } from '../../../components/icons.tsx';
import { notify } from '../../../lib/notice.ts';
import { createPlaylist } from '../api/playlist-edit.ts';
import { closeLibraryDialog, openCreatePlaylist } from '../library-dialogs.store.ts';
import type { UserPlaylistItem } from '../user-playlists.ts';
import type { LibraryDialogsProps } from './library-dialogs.tsx';
import styles from './library-dialogs.module.css';

const reason = (error: unknown) => (error as { msg?: string }).msg ?? (error as Error).message;

async function addSongs(addTracks: LibraryDialogsProps['addTracks'], pid: number, songIds: readonly number[]): Promise<boolean> {
  try {
    await addTracks(pid, songIds);
    notify({ kind: 'success', message: '收藏成功' });
    return true;
  } catch (error) {
    notify({ kind: 'error', message: `收藏失败：${reason(error)}` });
    return false;
  }
}

/** 新建歌单: a name, 隐私, and — for a 智能歌单 — its rules (songs to add make an ordinary playlist). */
export function CreatePlaylistDialog({
  songIds,
  onPlaylistsChanged,
  addTracks,
  SmartRulesEditor,
  ruleChoices,
}: {
  songIds?: readonly number[];
  onPlaylistsChanged: LibraryDialogsProps['onPlaylistsChanged'];
  addTracks: LibraryDialogsProps['addTracks'];
  SmartRulesEditor: LibraryDialogsProps['SmartRulesEditor'];
  ruleChoices: readonly UserPlaylistItem[];
}) {
  const [name, setName] = useState('');
  const [privacy, setPrivacy] = useState(false);
  const [smart, setSmart] = useState(false);
  // The editor's rules, or what is wrong with them in words; it starts with one empty rule.
  const [rules, setRules] = useState<SmartRules | string>('第 1 条规则：请填写风格');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const trimmed = name.trim();
  const canSmart = !songIds?.length;
  const rulesError = smart && typeof rules === 'string' ? rules : null;

  const submit = async (e?: FormEvent) => {
    e?.preventDefault();
    if (!trimmed || busy || rulesError) return;
    setBusy(true);
    setError(null);
    try {
      const created = await createPlaylist(trimmed, privacy, smart && typeof rules === 'object' ? rules : undefined);
      if (songIds?.length) await addSongs(addTracks, created.id, songIds);
      else notify({ kind: 'success', message: '歌单创建成功' });
      onPlaylistsChanged(created.id);
      closeLibraryDialog();
    } catch (err) {
      setError(`创建失败：${reason(err)}`);
      setBusy(false);
    }
  };

  return (
    <Dialog
      title="新建歌单"
      onClose={closeLibraryDialog}
      testId="create-playlist-dialog"
      width={smart ? 680 : 380}
      closeOnBackdrop={!smart}
      footer={
        <>
          <Button variant="secondary" onClick={closeLibraryDialog}>
            取消
          </Button>
          <Button variant="primary" disabled={!trimmed || busy || !!rulesError} loading={busy} onClick={() => void submit()}>
            创建
          </Button>
        </>
      }
    >
      <form onSubmit={(e) => void submit(e)}>
        <input
          className={dialogStyles.field}
          value={name}
          onChange={(e) => setName(e.target.value)}
          placeholder="请输入新歌单标题"
          aria-label="歌单标题"
        />
        <label className={dialogStyles.check}>
          <input type="checkbox" checked={privacy} onChange={(e) => setPrivacy(e.target.checked)} />
          设置为隐私歌单
        </label>
        {canSmart ? (
          <label className={dialogStyles.check}>
            <input type="checkbox" checked={smart} onChange={(e) => setSmart(e.target.checked)} />
            智能歌单（按规则自动选歌）
          </label>
        ) : null}
        {smart ? (
          <div className={styles.smart}>
            <SmartRulesEditor playlists={ruleChoices} onChange={setRules} />
            {rulesError ? <p className={dialogStyles.error}>{rulesError}</p> : null}
          </div>
        ) : null}
        {error ? (
          <p className={dialogStyles.error} role="alert">
            {error}
          </p>
        ) : null}
      </form>
    </Dialog>
  );
}

export function AddToPlaylistDialog({
  songIds,
  playlists,
  onPlaylistsChanged,
  addTracks,
}: {
  songIds: readonly number[];
  playlists: readonly UserPlaylistItem[];
  onPlaylistsChanged: LibraryDialogsProps['onPlaylistsChanged'];
  addTracks: LibraryDialogsProps['addTracks'];
}) {
  const [busy, setBusy] = useState(false);
  const pick = async (pid: number) => {
    if (busy) return;
    setBusy(true);
    const added = await addSongs(addTracks, pid, songIds);
    setBusy(false);
    if (!added) return;
    onPlaylistsChanged(pid);
    closeLibraryDialog();
  };
  return (
    <Dialog title="收藏到歌单" onClose={closeLibraryDialog} testId="add-to-playlist-dialog" width={400}>
      <ul className={styles.list} aria-label="我的歌单">
        <li>
          <button type="button" className={styles.entry} onClick={() => openCreatePlaylist(songIds)} data-autofocus>
            <span className={styles.newCover}>
              <FolderPlusIcon size={22} />
            </span>
            <span className={styles.name}>新建歌单</span>
          </button>
        </li>
        {playlists.map((p) => (
          <li key={p.id}>
            <button
              type="button"
              className={styles.entry}
              disabled={busy}
              onClick={() => void pick(p.id)}
              data-testid="add-to-playlist-entry"
            >
              <CoverImage src={p.coverImgUrl} width={40} radius={6} alt="" className={styles.cover} />
              <span className={styles.name}>{p.name}</span>
              <span className={styles.count}>{p.trackCount ?? 0}首</span>
            </button>
          </li>
        ))}
      </ul>
    </Dialog>
  );
}
