import { notFound } from '../errors.ts';
import type { MediaUrls } from '../media/urls.ts';
import type { Repos } from '../repos/index.ts';
import type { Clock } from './rate-windows.ts';
import { songObjectWithOldFields } from './shapes.ts';

/** 私人FM skips what the listener played in the last day (library clock). */
const FM_FRESH_MS = 24 * 3600_000;
/** Songs a call to /personal_fm answers. */
const FM_BATCH = 3;
/** Songs put in the FM's trash are kept out of it (per listener, the newest this many). */
const FM_TRASH_KEPT = 500;

/** 私人FM: a few songs at a time from the listener's taste (popular songs for anyone else), and its trash. */
export function createFmService(repos: Repos, clock: Clock) {
  return {
    /** /personal_fm: the next songs for the listener (null: anyone). */
    async next(userId: number | null, urls: MediaUrls) {
      const since = (await repos.plays.latestPlayedAt()) - FM_FRESH_MS;
      const ids = await repos.songs.fm(userId, since, FM_BATCH, userId === null ? [] : await repos.fmTrash.ids(userId));
      const found = await repos.songs.findByIds(ids);
      const data = ids.flatMap((id) => found.get(id) ?? []).map((s) => songObjectWithOldFields(s, urls));
      return { code: 200 as const, popAdjust: false, data };
    },

    /** /fm_trash: keeps the song out of the listener's FM. */
    async trash(userId: number, id: number) {
      if (!(await repos.songs.exists(id))) throw notFound('song', id);
      const count = await repos.fmTrash.add(userId, id, clock(), FM_TRASH_KEPT);
      return { code: 200 as const, count };
    },
  };
}
export type FmService = Awaited<ReturnType<typeof createFmService>>;
