import { MUSIC_FOLDER, invalidParam, missingParam } from '../../services/subsonic/index.ts';

/**
 * A Subsonic request's params (query, or a form under OpenSubsonic's formPost), read leniently:
 * a repeated param (`id=1&id=2`) is a list, a scalar where a list is wanted is a list of one.
 */
export class SubsonicParams {
  constructor(readonly raw: Record<string, unknown>) {}

  /** All values of a param (repeated params become arrays). */
  list(name: string): string[] {
    const value = this.raw[name];
    const values = Array.isArray(value) ? value : value === undefined || value === null ? [] : [value];
    return values.map((v) => String(v)).filter((v) => v.trim() !== '');
  }

  string(name: string): string | undefined {
    return this.list(name)[0];
  }

  required(name: string): string {
    const value = this.string(name);
    if (value === undefined) throw missingParam(name);
    return value;
  }

  /** An integer within [min, max], else `fallback` when absent; a malformed one is an error naming the param. */
  int(name: string, fallback: number, min = 0, max = Number.MAX_SAFE_INTEGER): number {
    const text = this.string(name);
    if (text === undefined) return fallback;
    if (!/^-?\d{1,15}$/.test(text.trim())) throw invalidParam(name, 'must be an integer');
    return Math.min(max, Math.max(min, Number(text)));
  }

  /** A time in seconds, whole or not (`30`, `12.5`; ms precision), else `fallback` when absent. */
  seconds(name: string, fallback = 0): number {
    const text = this.string(name)?.trim();
    if (text === undefined) return fallback;
    if (!/^\d{1,9}(\.\d{1,9})?$/.test(text)) throw invalidParam(name, 'must be a number of seconds');
    return Math.round(Number(text) * 1000) / 1000;
  }

  optionalInt(name: string): number | undefined {
    return this.string(name) === undefined ? undefined : this.int(name, 0, Number.MIN_SAFE_INTEGER);
  }

  bool(name: string, fallback: boolean): boolean {
    const text = this.string(name)?.toLowerCase();
    return text === undefined ? fallback : text === 'true' || text === '1';
  }
}

/**
 * False when `musicFolderId` names a folder other than the one music folder (getMusicFolders):
 * nothing is in it, so lists filtered by it are empty.
 */
export function inMusicFolder(params: SubsonicParams): boolean {
  const folder = params.optionalInt('musicFolderId');
  return folder === undefined || folder === MUSIC_FOLDER.id;
}
