import type { Song } from '@cloudtune/contract';
import { CloudPage } from '../../features/cloud/index.ts';
import { usePlayerStore } from '../../features/player/index.ts';

const playList = (songs: readonly Song[], index: number) => usePlayerStore.getState().playList(songs, index);

/** /cloud (音乐云盘), wired to the player: the owner's uploads play through /song/url like any song. */
export default function CloudRoute() {
  const playingId = usePlayerStore((s) => s.current?.id);
  return <CloudPage playingId={playingId} onPlay={playList} />;
}
