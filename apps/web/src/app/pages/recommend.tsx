import type { MouseEvent } from 'react';
import { RecommendPage } from '../../features/discover/index.ts';
import { requireLogin, useAuthStore } from '../../features/auth/index.ts';
import { playSongById } from '../play-songs.ts';

/** The daily-songs card needs login; without it the login view opens instead. */
function openDaily(event: MouseEvent) {
  if (!requireLogin()) event.preventDefault();
}

/** 个性推荐, wired to the player and auth features. */
export function RecommendRoute() {
  const uid = useAuthStore((s) => s.user?.account.id ?? null);
  return <RecommendPage onPlaySong={(id) => void playSongById(id)} onDailyOpen={openDaily} uid={uid} />;
}
