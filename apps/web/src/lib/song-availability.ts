/**
 * What a real NeteaseCloudMusicApi says about whether a song can be played, read from the
 * fields songs and their privileges carry (packages/ncm-fixtures/SHAPES.md):
 * - the song's `st < 0`, or its privilege's `st < 0`: unavailable (taken down, no copyright);
 * - `fee === 1` (VIP) with a privilege that plays nothing in full (`pl === 0`): only a trial
 *   clip plays (试听); /song/url then names the clip's span in `freeTrialInfo`.
 * Cloudtune's own server marks every song playable, so this matters against the real API.
 */
export interface PrivilegeFields {
  id?: number;
  st?: number;
  pl?: number;
  fee?: number;
}

export type SongAvailability = 'playable' | 'trial' | 'unavailable';

const num = (value: unknown): number | undefined => (typeof value === 'number' ? value : undefined);

/** The privilege a song carries (album, artist, search and daily songs embed it). */
function privilegeOf(song: object): PrivilegeFields | null {
  const p = (song as { privilege?: unknown }).privilege;
  return typeof p === 'object' && p !== null ? (p as PrivilegeFields) : null;
}

export function songAvailability(song: object): SongAvailability {
  const privilege = privilegeOf(song);
  const st = num((song as { st?: unknown }).st);
  if ((st !== undefined && st < 0) || (num(privilege?.st) ?? 0) < 0) return 'unavailable';
  const fee = num((song as { fee?: unknown }).fee) ?? num(privilege?.fee);
  if (fee === 1 && privilege && num(privilege.pl) === 0) return 'trial';
  return 'playable';
}

/**
 * /playlist/detail and /song/detail send privileges beside the songs, not inside them: each
 * song gets its own (matched by id) as `privilege`, the way album songs carry it.
 */
export function withPrivileges<S extends { id: number }>(
  songs: readonly S[],
  privileges: readonly PrivilegeFields[] | null | undefined,
): S[] {
  if (!privileges?.length) return songs as S[];
  const byId = new Map(privileges.map((p) => [p.id, p]));
  return songs.map((song) => {
    const privilege = byId.get(song.id);
    return privilege && !privilegeOf(song) ? { ...song, privilege } : song;
  });
}

/** The span of a trial clip (/song/url `freeTrialInfo`, in seconds), or null for a full song. */
export function trialSpan(info: unknown): { start: number; end: number } | null {
  if (typeof info !== 'object' || info === null) return null;
  const start = num((info as { start?: unknown }).start);
  const end = num((info as { end?: unknown }).end);
  return start !== undefined && end !== undefined && end > start ? { start, end } : null;
}
