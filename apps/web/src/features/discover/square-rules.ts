import { TagCategory, type PlaylistCategory, type PlaylistCatlistResponse, type TopPlaylistHighqualityResponse } from '@cloudtune/contract';

/** The API's name for every tag (`cat` default), and what the screen calls it. */
export const ALL_TAGS = '全部';
export const ALL_TAGS_LABEL = '全部歌单';
/** The URL says `tag=all` for every tag. */
const ALL_IN_URL = 'all';
/** The playlist square's page size. */
export const SQUARE_PAGE_SIZE = 30;

/** `?tag=` → the tag to show: none, empty, `all` (or 全部 / 全部歌单) mean every tag. */
export function tagFromSearch(params: URLSearchParams): string {
  const raw = params.get('tag')?.trim();
  if (!raw || raw === ALL_IN_URL || raw === ALL_TAGS || raw === ALL_TAGS_LABEL) return ALL_TAGS;
  return raw;
}

/** A tag → the square's URL (`/music/songlist?tag=华语`, or `?tag=all`). */
export function songlistPath(tag: string): string {
  const value = tag === ALL_TAGS ? ALL_IN_URL : tag;
  return `/music/songlist?${new URLSearchParams({ tag: value }).toString()}`;
}

export interface TagGroup {
  category: number;
  name: string;
  tags: PlaylistCategory[];
}

/**
 * /playlist/catlist → its tags grouped under 语种 / 风格 / 场景 / 情感 / 主题 (the category
 * 0–4), in that order, each keeping the catalogue's tag order. A category the response names
 * but SPEC does not is kept after them; categories without tags are left out.
 */
export function groupTags(catlist: Pick<PlaylistCatlistResponse, 'sub' | 'categories'>): TagGroup[] {
  const byCategory = new Map<number, PlaylistCategory[]>();
  for (const tag of catlist.sub) {
    const list = byCategory.get(tag.category) ?? [];
    list.push(tag);
    byCategory.set(tag.category, list);
  }
  // Keys the server names: a Map, so that none finds a member of Object.prototype.
  const names = new Map<string, string>([...Object.entries(TagCategory), ...Object.entries(catlist.categories)]);
  return [...byCategory.keys()]
    .sort((a, b) => a - b)
    .map((category) => ({ category, name: names.get(String(category)) ?? String(category), tags: byCategory.get(category)! }));
}

/** The next page's cursor (`before` = the page's `lasttime`) while the server says there is more. */
export function nextSquareCursor(page: Pick<TopPlaylistHighqualityResponse, 'more' | 'lasttime' | 'playlists'>): number | undefined {
  return page.more && page.playlists.length > 0 ? page.lasttime : undefined;
}
