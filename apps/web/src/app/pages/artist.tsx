import type { Song } from '@cloudtune/contract';
import { AlbumTab, ArtistPage } from '../../features/artist/index.ts';
import { usePlayerStore } from '../../features/player/index.ts';

export { MvTab as ArtistMvRoute, DetailTab as ArtistDetailRoute, SimilarTab as ArtistSimilarRoute } from '../../features/artist/index.ts';

const playList = (songs: readonly Song[], index: number) => usePlayerStore.getState().playList(songs, index);

/** /artist/:id: 播放热门 replaces the queue with the hot songs. */
export default function ArtistRoute() {
  return <ArtistPage onPlayHot={(songs) => playList(songs, 0)} />;
}

/** 专辑 tab: the hot songs table plays through the player and marks the playing song. */
export function ArtistAlbumRoute() {
  const playingId = usePlayerStore((s) => s.current?.id);
  return <AlbumTab playingId={playingId} onPlay={playList} />;
}
