import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { EmptyList } from '../../../components/empty-list.tsx';
import { LoadError } from '../../../components/load-error.tsx';
import { isNotFound } from '../../../lib/http.ts';
import { userDetailQuery, userPlaylistsQuery } from '../api/queries.ts';
import { fetchSubcount } from '../api/user.ts';
import { PlayRanking } from '../components/play-ranking.tsx';
import { ProfileHeader } from '../components/profile-header.tsx';
import { ProfilePlaylists } from '../components/profile-playlists.tsx';
import { ProfileRadios } from '../components/profile-radios.tsx';
import { usePagedList } from '../hooks/use-paged-list.ts';
import { useRouteUid } from '../hooks/use-uid.ts';
import { playlistsTitle, rankingTitle, renameLiked } from '../profile-rules.ts';
import styles from './profile-page.module.css';
import { accountKeys } from '../api/keys.ts';

export interface ProfilePageProps {
  /** the logged-in user's id: their own profile gets 编辑个人资料, 我喜欢的音乐 and the subscription counts */
  currentUserId: number | null;
  onPlaySong: (id: number) => void;
  /** after 关注 / 取消关注 (the own follow count changed) */
  onFollowChange?: () => void;
}

/** /userinfo/:uid. */
export function ProfilePage({ currentUserId, onPlaySong, onFollowChange }: ProfilePageProps) {
  const uid = useRouteUid();
  const own = currentUserId !== null && uid === currentUserId;
  const detail = useQuery({ ...userDetailQuery(uid), enabled: Number.isFinite(uid) });
  const subcount = useQuery({ queryKey: accountKeys.subcount(uid), queryFn: fetchSubcount, enabled: own });
  const pages = useInfiniteQuery({ ...userPlaylistsQuery(uid), enabled: Number.isFinite(uid) });
  const list = usePagedList(pages, (p) => p.id);
  const [rankingOpen, setRankingOpen] = useState(false);

  if (!Number.isFinite(uid) || (detail.isError && isNotFound(detail.error))) return <EmptyList text="用户不存在" />;
  if (detail.isError) return <LoadError onRetry={() => void detail.refetch()} />;
  if (!detail.data) return <div className={styles.page} aria-busy="true" />;

  const counts = own && subcount.data ? `（创建 ${subcount.data.createdPlaylistCount} · 收藏 ${subcount.data.subPlaylistCount}）` : '';
  const ranking = rankingTitle(own);
  return (
    <div className={styles.page}>
      <ProfileHeader detail={detail.data} own={own} onFollowChange={onFollowChange} />
      {rankingOpen ? <PlayRanking uid={uid} title={ranking} onPlaySong={onPlaySong} /> : null}
      <ProfileRadios uid={uid} own={own} />
      <ProfilePlaylists
        title={playlistsTitle(own) + counts}
        playlists={renameLiked(list.items, own)}
        state={list.state}
        failedEmpty={pages.isError && !list.items.length}
        onRetry={list.retry}
        ranking={{
          title: ranking,
          count: detail.data.listenSongs,
          cover: detail.data.profile.avatarUrl,
          open: rankingOpen,
          onToggle: () => setRankingOpen(!rankingOpen),
        }}
      />
    </div>
  );
}
