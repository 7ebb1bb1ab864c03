import { EmptyList } from '../../components/empty-list.tsx';
import { usePlayerStore } from '../../features/player/index.ts';
import type { DownloadedSong } from '../../features/downloads/index.ts';
import { DownloadSongsPage } from '../../features/downloads/pages.ts';

const play = (songs: readonly DownloadedSong[], index: number) => usePlayerStore.getState().playList(songs, index);

/** /download/song 已下载单曲, wired to the player. */
export default function DownloadSongsRoute() {
  const playingId = usePlayerStore((s) => s.current?.id);
  return <DownloadSongsPage onPlay={play} playingId={playingId} />;
}

/** /download/mv 已下载MV: MVs are not downloaded yet (keeps the tab). */
export function DownloadMvRoute() {
  return <EmptyList />;
}
