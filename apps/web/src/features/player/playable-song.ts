import type { Song } from '@cloudtune/contract';

/** SPEC §3: a song's type tag says which list it sits in. */
export type SongTag = 'stack' | 'history' | 'download';

/**
 * The slice of a song the player keeps. API songs carry dozens of fields (bit-rate variants,
 * privileges...); trimming them keeps the persisted queue small.
 */
export interface PlayableSong {
  id: number;
  name: string;
  ar: { id: number; name: string | null }[];
  al: { id: number; name: string | null; picUrl?: string | null };
  dt: number;
  alia?: string[];
  /** a local or downloaded file plays from here without asking the server (SPEC §4 offline) */
  url?: string;
  type: SongTag;
}

export type SongInput = Pick<Song, 'id' | 'name' | 'ar' | 'al' | 'dt'> & { alia?: string[]; url?: string };

export function toPlayable(song: SongInput, type: SongTag): PlayableSong {
  const playable: PlayableSong = {
    id: song.id,
    name: song.name,
    ar: song.ar.map(({ id, name }) => ({ id, name })),
    al: { id: song.al.id, name: song.al.name, picUrl: song.al.picUrl ?? null },
    dt: song.dt,
    type,
  };
  if (song.alia?.length) playable.alia = song.alia;
  if (song.url) playable.url = song.url;
  return playable;
}

export const artistNames = (song: Pick<PlayableSong, 'ar'>) =>
  song.ar
    .map((a) => a.name)
    .filter(Boolean)
    .join(' / ');
