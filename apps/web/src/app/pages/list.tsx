import { useParams } from 'react-router';
import type { Song } from '@cloudtune/contract';
import { requireLogin } from '../../features/auth/index.ts';
import { usePlayerStore } from '../../features/player/index.ts';
import { ListPage } from '../../features/playlist/index.ts';
import TitlePage from './title-page.tsx';

const playList = (songs: readonly Song[], index: number) => usePlayerStore.getState().playList(songs, index);

/** /list/:type/:playlist, wired to the player (queue, playing row) and auth (collect). */
export default function ListRoute() {
  const { playlist } = useParams();
  const playingId = usePlayerStore((s) => s.current?.id);
  // id -1 is the daily-songs list (SPEC §2), built by the recommendations issue.
  if (playlist === '-1') return <TitlePage title="每日歌曲推荐" />;
  return <ListPage playingId={playingId} onPlay={playList} requireLogin={requireLogin} />;
}
