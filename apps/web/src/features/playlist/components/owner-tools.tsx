import { useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { PlaylistDetail, SmartRules } from '@cloudtune/contract';
import { Button } from '../../../components/button.tsx';
import { ConfirmDialog, Dialog, dialogStyles } from '../../../components/dialog.tsx';
import { TrashIcon } from '../../../components/icons.tsx';
import { notify } from '../../../lib/notice.ts';
import { deletePlaylist, updatePlaylist } from '../api/edit-playlist.ts';
import type { ListPageProps } from '../pages/list-page-props.ts';
import { playlistEdit, PLAYLIST_TAGS_MAX, toggleTag } from '../edit-rules.ts';
import { playlistKeys } from '../api/keys.ts';
import { SmartRulesEditor } from './smart-rules-editor.tsx';
import styles from './owner-tools.module.css';

const reason = (error: unknown) => (error as { msg?: string }).msg ?? (error as Error).message;

interface OwnerToolsProps {
  playlist: PlaylistDetail;
  /** 我喜欢的音乐: its name cannot change and it cannot be deleted */
  liked: boolean;
  onChanged?: (id: number) => void;
  onDeleted?: (id: number) => void;
  loadTagNames?: ListPageProps['loadTagNames'];
  loadPlaylistChoices?: ListPageProps['loadPlaylistChoices'];
}

/** One's own playlist: 编辑 (name, 简介, tags) and 删除 with a confirmation. */
export function OwnerTools({ playlist, liked, onChanged, onDeleted, loadTagNames, loadPlaylistChoices }: OwnerToolsProps) {
  const [open, setOpen] = useState<'edit' | 'delete' | null>(null);
  const [busy, setBusy] = useState(false);
  const remove = async () => {
    setBusy(true);
    try {
      await deletePlaylist(playlist.id);
      notify({ kind: 'success', message: '删除成功' });
      setOpen(null);
      onDeleted?.(playlist.id);
    } catch (error) {
      notify({ kind: 'error', message: `删除失败：${reason(error)}` });
    } finally {
      setBusy(false);
    }
  };
  return (
    <>
      <Button variant="secondary" size="md" onClick={() => setOpen('edit')}>
        编辑
      </Button>
      {liked ? null : (
        <Button variant="secondary" size="md" onClick={() => setOpen('delete')}>
          <TrashIcon size={16} /> 删除
        </Button>
      )}
      {open === 'edit' ? (
        <EditPlaylistDialog
          playlist={playlist}
          liked={liked}
          onClose={() => setOpen(null)}
          onChanged={onChanged}
          loadTagNames={loadTagNames}
          loadPlaylistChoices={loadPlaylistChoices}
        />
      ) : null}
      {open === 'delete' ? (
        <ConfirmDialog
          title="删除歌单"
          message={`确定删除歌单「${playlist.name}」吗？`}
          confirmLabel="删除"
          busy={busy}
          onConfirm={() => void remove()}
          onClose={() => setOpen(null)}
        />
      ) : null}
    </>
  );
}

function EditPlaylistDialog({
  playlist,
  liked,
  onClose,
  onChanged,
  loadTagNames,
  loadPlaylistChoices,
}: {
  playlist: PlaylistDetail;
  liked: boolean;
  onClose: () => void;
  onChanged?: (id: number) => void;
  loadTagNames?: ListPageProps['loadTagNames'];
  loadPlaylistChoices?: ListPageProps['loadPlaylistChoices'];
}) {
  const before = { name: playlist.name, desc: playlist.description ?? '', tags: playlist.tags ?? [] };
  const [name, setName] = useState(before.name);
  const [desc, setDesc] = useState(before.desc);
  const [tags, setTags] = useState<readonly string[]>(before.tags);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const tagNames = useQuery({
    queryKey: playlistKeys.tagNames(),
    queryFn: () => loadTagNames?.() ?? [],
    enabled: loadTagNames !== undefined,
    staleTime: 30 * 60_000,
  });
  const smart = playlist.smartRules;
  // A smart playlist's rules as the editor has them, or what is wrong with them in words.
  const [rules, setRules] = useState<SmartRules | string | undefined>(smart);
  const choices = useQuery({
    queryKey: playlistKeys.playlistChoices(),
    queryFn: () => loadPlaylistChoices?.() ?? [],
    enabled: smart !== undefined && loadPlaylistChoices !== undefined,
  });
  const client = useQueryClient();
  const rulesChanged = typeof rules === 'object' && JSON.stringify(rules) !== JSON.stringify(smart);
  const fieldsEdit = playlistEdit(before, { name, desc, tags }, liked);
  const rulesError = typeof rules === 'string' ? rules : null;
  const edit =
    rulesError || (!fieldsEdit && !rulesChanged) ? null : { ...fieldsEdit, ...(rulesChanged ? { rules: rules as SmartRules } : {}) };

  const save = async () => {
    if (!edit || busy) return;
    setBusy(true);
    setError(null);
    try {
      await updatePlaylist(playlist.id, edit);
      await client.invalidateQueries({ queryKey: playlistKeys.detail(playlist.id) });
      notify({ kind: 'success', message: '修改成功' });
      onChanged?.(playlist.id);
      onClose();
    } catch (err) {
      setError(`保存失败：${reason(err)}`);
      setBusy(false);
    }
  };

  return (
    <Dialog
      title="编辑歌单信息"
      onClose={onClose}
      testId="edit-playlist-dialog"
      width={smart ? 680 : 520}
      closeOnBackdrop={!smart}
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            取消
          </Button>
          <Button variant="primary" disabled={!edit || busy} loading={busy} onClick={() => void save()}>
            保存
          </Button>
        </>
      }
    >
      <label className={styles.label}>
        歌单名
        <input
          className={dialogStyles.field}
          value={name}
          disabled={liked}
          title={liked ? '我喜欢的音乐不能改名' : undefined}
          onChange={(e) => setName(e.target.value)}
        />
      </label>
      <label className={styles.label}>
        简介
        <textarea className={`${dialogStyles.field} ${styles.textarea}`} rows={3} value={desc} onChange={(e) => setDesc(e.target.value)} />
      </label>
      <fieldset className={styles.tags}>
        <legend className={styles.label}>
          标签（最多{PLAYLIST_TAGS_MAX}个）{tags.length ? `：${tags.join(' / ')}` : ''}
        </legend>
        <div className={styles.chips}>
          {(tagNames.data ?? []).map((tag) => (
            <button
              key={tag}
              type="button"
              className={`${styles.chip} ${tags.includes(tag) ? styles.on : ''}`}
              aria-pressed={tags.includes(tag)}
              disabled={!tags.includes(tag) && tags.length >= PLAYLIST_TAGS_MAX}
              onClick={() => setTags(toggleTag(tags, tag))}
            >
              {tag}
            </button>
          ))}
        </div>
      </fieldset>
      {smart ? (
        <fieldset className={styles.tags}>
          <legend className={styles.label}>智能歌单规则</legend>
          <SmartRulesEditor initial={smart} playlists={(choices.data ?? []).filter((c) => c.id !== playlist.id)} onChange={setRules} />
          {rulesError ? <p className={dialogStyles.error}>{rulesError}</p> : null}
        </fieldset>
      ) : null}
      {error ? (
        <p className={dialogStyles.error} role="alert">
          {error}
        </p>
      ) : null}
    </Dialog>
  );
}
