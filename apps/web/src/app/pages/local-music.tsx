import { usePlayerStore } from '../../features/player/index.ts';
import { LocalFoldersPage, LocalSongsPage, type LocalSong } from '../../features/local-music/index.ts';

const play = (songs: readonly LocalSong[], index: number) => usePlayerStore.getState().playList(songs, index);

/** /local-music/song 歌曲, wired to the player (local songs carry their local-file URL). */
export default function LocalSongsRoute() {
  const playingId = usePlayerStore((s) => s.current?.id);
  return <LocalSongsPage onPlay={play} playingId={playingId} />;
}

/** /local-music/dir 文件夹. */
export function LocalFoldersRoute() {
  const playingId = usePlayerStore((s) => s.current?.id);
  return <LocalFoldersPage onPlay={play} playingId={playingId} />;
}
