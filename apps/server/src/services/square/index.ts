import { TagCategory } from '@cloudtune/contract';
import type { Repos } from '../../repos/index.ts';
import type { HighQualityFilter, PlaylistRecord } from '../../repos/playlists.ts';
import type { MediaUrls } from '../../media/urls.ts';
import { categoryObject, hotTagObject, squarePlaylistObject } from './shapes.ts';

/** `cat` meaning every tag (NetEase's default). */
export const ALL_TAGS = '全部';
/** NetEase's page size when `limit` is absent. */
export const DEFAULT_SQUARE_LIMIT = 50;

export interface SquarePageQuery {
  cat?: string;
  limit?: number;
  /** cursor: updateTime of the previous page's last playlist */
  before?: number;
  offset?: number;
}

/** The playlist square (精品歌单): curated playlists by tag, and the tag catalogue. */
export function createSquareService(repos: Repos) {
  /** An unknown tag yields an empty page (as NetEase does), not an error: tags come and go. */
  async function filterFor(cat: string | undefined): Promise<(HighQualityFilter & { tagName: string | null }) | null> {
    if (!cat || cat === ALL_TAGS) return { tagId: null, tagName: null };
    const tag = await repos.tags.findByName(cat);
    return tag ? { tagId: tag.id, tagName: tag.name } : null;
  }

  /**
   * Pages are cut by updateTime, NetEase's cursor. Playlists sharing the boundary's updateTime
   * would be skipped by `before=lasttime`, so in cursor mode (no offset) a page never splits
   * such a tie: it takes the whole tie, even if that makes it a little longer than `limit`.
   */
  async function page(filter: HighQualityFilter, q: SquarePageQuery, limit: number): Promise<{ rows: PlaylistRecord[]; more: boolean }> {
    // NetEase clients send before=0 for the first page: like the reference server, 0 is "from the start".
    const before = q.before || Number.MAX_SAFE_INTEGER;
    const rows = await repos.playlists.highQualityPage(filter, before, q.offset ?? 0, limit + 1);
    if (rows.length <= limit) return { rows, more: false };
    const kept = rows.slice(0, limit);
    const boundary = kept[kept.length - 1]!.updatedAt;
    if (q.offset !== undefined || rows[limit]!.updatedAt !== boundary) return { rows: kept, more: true };
    const tied = await repos.playlists.highQualityAt(filter, boundary);
    const whole = [...kept.filter((p) => p.updatedAt !== boundary), ...tied];
    return { rows: whole, more: (await repos.playlists.highQualityPage(filter, boundary, 0, 1)).length > 0 };
  }

  return {
    async highQuality(q: SquarePageQuery, urls: MediaUrls) {
      const filter = await filterFor(q.cat);
      if (!filter) return { playlists: [], code: 200 as const, more: false, lasttime: q.before ?? 0, total: 0 };
      const { rows, more } = await page({ tagId: filter.tagId }, q, q.limit ?? DEFAULT_SQUARE_LIMIT);
      const creators = await repos.users.findByIds([...new Set(rows.map((p) => p.creatorId))]);
      const playlists = rows.flatMap((p) => {
        const creator = creators.get(p.creatorId);
        return creator ? [squarePlaylistObject(p, creator, filter.tagName, urls)] : [];
      });
      const lasttime = rows.length ? rows[rows.length - 1]!.updatedAt : (q.before ?? 0);
      return { playlists, code: 200 as const, more, lasttime, total: await repos.playlists.highQualityCount({ tagId: filter.tagId }) };
    },

    /** Tags that have curated playlists, in catalogue order. */
    async highQualityTags() {
      const tags = (await repos.tags.usage())
        .filter((t) => t.highQualityCount > 0)
        .map((t) => ({ id: t.id, name: t.name, type: 0, category: t.category, hot: t.hot }));
      return { tags, code: 200 as const };
    },

    /** The hot tags, in catalogue order. */
    async hotTags() {
      const usage = await repos.tags.usage();
      const curated = usage.filter((t) => t.highQualityCount > 0).map((t) => t.id);
      const tags = usage
        .filter((t) => t.hot)
        .map((t, i) => hotTagObject(t, i + 1, curated.includes(t.id) ? curated.indexOf(t.id) + 1 : null));
      return { tags, code: 200 as const };
    },

    /** /top/playlist: public playlists of a tag (全部 or blank: every tag), the most played or the newest first. */
    async topPlaylists(cat: string, order: 'hot' | 'new', limit: number, offset: number, urls: MediaUrls) {
      const tag = cat === ALL_TAGS || cat === '' ? null : cat;
      const ids = await repos.playlists.publicPage(tag, order, limit, offset);
      const records = await repos.playlists.findByIds(ids);
      const creators = await repos.users.findByIds([...new Set([...records.values()].map((p) => p.creatorId))]);
      const playlists = ids.flatMap((id) => {
        const p = records.get(id);
        const creator = p && creators.get(p.creatorId);
        return p && creator ? [squarePlaylistObject(p, creator, tag, urls)] : [];
      });
      const total = await repos.playlists.publicCount(tag);
      return { code: 200 as const, playlists, total, more: offset + playlists.length < total, cat: tag ?? ALL_TAGS };
    },

    /** Every tag under 全部歌单, by category. */
    async catalogue() {
      const sub = (await repos.tags.usage()).map((t) => categoryObject(t.name, t.category, t.hot, t.playlistCount));
      return {
        code: 200 as const,
        all: categoryObject('全部歌单', 4, false, await repos.playlists.publicCount()),
        sub,
        categories: Object.fromEntries(Object.entries(TagCategory)),
      };
    },
  };
}
export type SquareService = Awaited<ReturnType<typeof createSquareService>>;
