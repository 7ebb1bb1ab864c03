import { usePlayerStore } from '../features/player/index.ts';
import { notify } from '../lib/notice.ts';

/**
 * Plays songs known only by id (a banner, a search result, a suggestion): their details come
 * from /song/detail (code-split with the list pages), then the player takes them.
 */
export async function playSongsByIds(ids: readonly number[], index = 0): Promise<void> {
  try {
    const { fetchSongDetails } = await import('../features/playlist/index.ts');
    const songs = await fetchSongDetails(ids);
    const chosen = songs.findIndex((s) => s.id === ids[index]);
    if (songs.length === 0) notify({ kind: 'warning', message: '歌曲不存在' });
    else if (songs.length === 1) usePlayerStore.getState().play(songs[0]!);
    else usePlayerStore.getState().playList(songs, Math.max(0, chosen));
  } catch (error) {
    notify({ kind: 'error', message: `歌曲加载失败：${(error as Error).message}` });
  }
}

/** One song by id, added to the queue and played (selecting a song plays it). */
export const playSongById = (id: number): Promise<void> => playSongsByIds([id]);
