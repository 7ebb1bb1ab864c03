import type { Song } from '@cloudtune/contract';
import { songAvailability } from '../../lib/song-availability.ts';

/** A song's type tag says which list it sits in. */
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
  /** A local or downloaded file plays from here without asking the server (offline) */
  url?: string;
  type: SongTag;
  /** the real API marks it unplayable (st < 0): the player skips it */
  unavailable?: true;
  /** a VIP song of which only a trial clip plays (试听) */
  trial?: true;
  /** track and disc number on its album: an album played in its order plays gapless (loudness.ts) */
  no?: number;
  cd?: number;
}

export type SongInput = Pick<Song, 'id' | 'name' | 'ar' | 'al' | 'dt'> & {
  alia?: string[];
  url?: string;
  no?: number;
  cd?: string | number | null;
};

/** NetEase's disc number is a string ("01", "2"); a number from a queue saved before. */
const discNumber = (cd: SongInput['cd']): number | null => {
  const n = typeof cd === 'number' ? cd : Number.parseInt(cd ?? '', 10);
  return Number.isInteger(n) && n > 0 ? n : null;
};

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
  if (typeof song.no === 'number' && Number.isInteger(song.no) && song.no > 0) playable.no = song.no;
  const cd = discNumber(song.cd);
  if (cd !== null) playable.cd = cd;
  // A queued song played again keeps the flags it was given from the API's fields.
  const kept = song as Partial<PlayableSong>;
  const availability = kept.unavailable ? 'unavailable' : kept.trial ? 'trial' : songAvailability(song);
  if (availability === 'unavailable') playable.unavailable = true;
  else if (availability === 'trial') playable.trial = true;
  return playable;
}

export const artistNames = (song: Pick<PlayableSong, 'ar'>) =>
  song.ar
    .map((a) => a.name)
    .filter(Boolean)
    .join(' / ');
