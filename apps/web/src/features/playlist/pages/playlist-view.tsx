import { useCallback } from 'react';
import { Link } from 'react-router';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { CoverImage } from '../../../components/cover-image.tsx';
import { EmptyList } from '../../../components/empty-list.tsx';
import { LoadError } from '../../../components/load-error.tsx';
import { isNotFound } from '../../../lib/http.ts';
import { SongTable, type SongRowData } from '../../../components/song-table.tsx';
import { notify } from '../../../lib/notice.ts';
import { changePlaylistTracks } from '../api/edit-playlist.ts';
import { OwnerTools } from '../components/owner-tools.tsx';
import { formatDate } from '../../../lib/format.ts';
import { usePlaylistDetail } from '../api/playlist-detail.ts';
import { ListHeader } from '../components/list-header.tsx';
import { SmartRulesFacts } from '../components/smart-rules-facts.tsx';
import { ListSkeleton } from '../components/list-skeleton.tsx';
import { useCollectToggle } from '../hooks/use-collect-toggle.ts';
import { usePlaylistTracks } from '../hooks/use-playlist-tracks.ts';
import type { ListPageProps } from './list-page-props.ts';
import styles from './list-page.module.css';
import { playlistKeys } from '../api/keys.ts';

/** /list/song/:id — a playlist from /playlist/detail. */
export function PlaylistView({
  id,
  playingId,
  onPlay,
  requireLogin,
  currentUserId,
  onCollectChange,
  onPlaylistChange,
  onPlaylistDeleted,
  onDownloadAll,
  loadTagNames,
  loadPlaylistChoices,
}: ListPageProps & { id: number }) {
  const query = usePlaylistDetail(id);
  const playlist = query.data;
  const { tracks, loadingRest, restError, retryRest } = usePlaylistTracks(playlist);
  const collect = useCollectToggle('song', id, !!playlist?.subscribed, requireLogin, onCollectChange);
  useDocumentTitle(playlist?.name);
  const client = useQueryClient();
  // A smart playlist's rule may name playlists: their names for the rules in words.
  const choices = useQuery({
    queryKey: playlistKeys.playlistChoices(),
    queryFn: () => loadPlaylistChoices?.() ?? [],
    enabled: !!playlist?.smartRules && loadPlaylistChoices !== undefined,
  });
  // One's own playlist: the song menu also takes a song out of it.
  const removeMenu = useCallback(
    (song: SongRowData) => [
      {
        label: '从歌单中删除',
        onSelect: () =>
          void changePlaylistTracks('del', id, [song.id]).then(
            async () => {
              await client.invalidateQueries({ queryKey: playlistKeys.detail(id) });
              notify({ kind: 'success', message: '已从歌单中删除' });
              onPlaylistChange?.(id);
            },
            (error: { msg?: string; message: string }) => notify({ kind: 'error', message: `删除失败：${error.msg ?? error.message}` }),
          ),
      },
    ],
    [id, client, onPlaylistChange],
  );

  if (query.isPending) return <ListSkeleton />;
  if (query.isError) {
    return isNotFound(query.error) ? <EmptyList text="歌单不存在" /> : <LoadError onRetry={() => void query.refetch()} />;
  }
  const p = query.data;
  const creator = p.creator;
  // One's own playlist cannot be collected: no 收藏 button on it.
  const own = currentUserId != null && (creator.userId === currentUserId || p.userId === currentUserId);
  // On one's own list the liked-songs playlist is 我喜欢的音乐.
  const liked = own && p.specialType === 5;
  const smart = p.smartRules;

  return (
    <>
      <ListHeader
        badge={smart ? '智能歌单' : '歌单'}
        cover={p.coverImgUrl}
        name={liked ? '我喜欢的音乐' : p.name}
        byline={
          <>
            <CoverImage src={creator.avatarUrl} width={24} radius="50%" className={styles.avatar} />
            <Link to={`/userinfo/${creator.userId}`}>{creator.nickname}</Link>
            {p.createTime ? <span>{formatDate(p.createTime)} 创建</span> : null}
          </>
        }
        tags={p.tags}
        description={p.description}
        songCount={Math.max(p.trackCount, p.trackIds.length)}
        playCount={p.playCount}
        collected={collect.collected}
        collectCount={p.subscribedCount}
        canPlay={tracks.length > 0}
        onPlayAll={() => onPlay(tracks, 0)}
        onDownloadAll={onDownloadAll && (() => onDownloadAll(tracks))}
        onCollect={own ? undefined : collect.toggle}
        ownerActions={
          own ? (
            <OwnerTools
              playlist={p}
              liked={liked}
              onChanged={onPlaylistChange}
              onDeleted={onPlaylistDeleted}
              loadTagNames={loadTagNames}
              loadPlaylistChoices={loadPlaylistChoices}
            />
          ) : undefined
        }
        extra={smart ? <SmartRulesFacts rules={smart} playlistName={(pid) => choices.data?.find((c) => c.id === pid)?.name} /> : undefined}
      />
      <section className={styles.tracks} aria-label="歌曲列表">
        <SongTable
          songs={tracks}
          playingId={playingId}
          onPlay={(_song, index) => onPlay(tracks, index)}
          extraMenu={own && !smart ? removeMenu : undefined}
        />
        {loadingRest ? <p className={styles.more}>正在加载其余歌曲…</p> : null}
        {restError ? <LoadError onRetry={() => void retryRest()} /> : null}
        {tracks.length === 0 && p.trackIds.length > 0 && !loadingRest ? <EmptyList /> : null}
        {smart && p.trackIds.length === 0 ? <EmptyList text="没有符合规则的歌曲" /> : null}
      </section>
    </>
  );
}
