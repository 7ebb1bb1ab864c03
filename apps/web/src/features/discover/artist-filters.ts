import { ArtistArea, ArtistType } from '@cloudtune/contract';
import type { ArtistListResponse } from '@cloudtune/contract';

/** Artists come 30 to a page. */
export const ARTIST_PAGE_SIZE = 30;

export interface ArtistFilters {
  area: number;
  type: number;
  /** '-1' 热门 (no letter), a letter 'A'–'Z', or '#' (names not starting with a letter) */
  initial: string;
}

export interface FilterOption<V> {
  label: string;
  value: V;
}

/** The filter rows, in the desktop client's order. */
export const AREA_OPTIONS: FilterOption<number>[] = [
  { label: '全部', value: ArtistArea.all },
  { label: '华语', value: ArtistArea.chinese },
  { label: '欧美', value: ArtistArea.western },
  { label: '日本', value: ArtistArea.japanese },
  { label: '韩国', value: ArtistArea.korean },
  { label: '其他', value: ArtistArea.other },
];
export const TYPE_OPTIONS: FilterOption<number>[] = [
  { label: '全部', value: ArtistType.all },
  { label: '男歌手', value: ArtistType.male },
  { label: '女歌手', value: ArtistType.female },
  { label: '乐队', value: ArtistType.band },
];
const LETTERS = Array.from({ length: 26 }, (_, i) => String.fromCharCode(65 + i));
export const INITIAL_OPTIONS: FilterOption<string>[] = [
  { label: '热门', value: '-1' },
  ...LETTERS.map((letter) => ({ label: letter, value: letter })),
  { label: '#', value: '#' },
];

export const DEFAULT_FILTERS: ArtistFilters = { area: ArtistArea.all, type: ArtistType.all, initial: '-1' };

const pick = (raw: string | null, options: FilterOption<number>[], fallback: number) => {
  const n = raw === null || raw.trim() === '' ? NaN : Number(raw);
  return options.some((o) => o.value === n) ? n : fallback;
};

/** `#` travels as `0` in the URL (the API's own code for it), so links stay readable. */
function initialFrom(raw: string | null): string {
  const text = raw?.trim() ?? '';
  if (text === '0' || text === '#') return '#';
  return /^[a-z]$/i.test(text) ? text.toUpperCase() : '-1';
}

/** The URL's query (`?area=7&type=2&initial=A`) → filters; anything unknown falls back to 全部 / 热门. */
export function filtersFromSearch(params: URLSearchParams): ArtistFilters {
  return {
    area: pick(params.get('area'), AREA_OPTIONS, DEFAULT_FILTERS.area),
    type: pick(params.get('type'), TYPE_OPTIONS, DEFAULT_FILTERS.type),
    initial: initialFrom(params.get('initial')),
  };
}

/** Filters → the URL's query; defaults are left out, so the plain page is `/music/artists`. */
export function searchForFilters(filters: ArtistFilters): string {
  const params = new URLSearchParams();
  if (filters.area !== DEFAULT_FILTERS.area) params.set('area', String(filters.area));
  if (filters.type !== DEFAULT_FILTERS.type) params.set('type', String(filters.type));
  if (filters.initial !== DEFAULT_FILTERS.initial) params.set('initial', filters.initial === '#' ? '0' : filters.initial);
  const query = params.toString();
  return query ? `?${query}` : '';
}

/** Filters and a page's offset → /artist/list params (all sent: the API's own default type is 1). */
export function artistListParams(filters: ArtistFilters, offset: number) {
  return {
    type: filters.type,
    area: filters.area,
    initial: filters.initial === '#' ? '0' : filters.initial,
    limit: ARTIST_PAGE_SIZE,
    offset,
  };
}

/**
 * The next page's offset. an empty fetch completes the list (the API's `more` is not
 * trusted for artists); any other page is followed by the next one.
 */
export function nextArtistOffset(last: Pick<ArtistListResponse, 'artists'>, pages: readonly unknown[]): number | undefined {
  return last.artists.length === 0 ? undefined : pages.length * ARTIST_PAGE_SIZE;
}
