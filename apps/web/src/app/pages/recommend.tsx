import type { MouseEvent } from 'react';
import { RecommendPage } from '../../features/discover/index.ts';
import { requireLogin } from '../../features/auth/index.ts';
import { usePlayerStore } from '../../features/player/index.ts';
import { notify } from '../../lib/notice.ts';

/** A song banner: its details come from /song/detail (code-split with the list pages). */
async function playSongById(id: number) {
  try {
    const { fetchSongDetails } = await import('../../features/playlist/index.ts');
    const [song] = await fetchSongDetails([id]);
    if (song) usePlayerStore.getState().play(song);
    else notify({ kind: 'warning', message: '歌曲不存在' });
  } catch (error) {
    notify({ kind: 'error', message: `歌曲加载失败：${(error as Error).message}` });
  }
}

/** SPEC §5: the daily-songs card needs login; without it the login view opens instead. */
function openDaily(event: MouseEvent) {
  if (!requireLogin()) event.preventDefault();
}

/** 个性推荐, wired to the player and auth features. */
export function RecommendRoute() {
  return <RecommendPage onPlaySong={(id) => void playSongById(id)} onDailyOpen={openDaily} />;
}
