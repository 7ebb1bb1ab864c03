/**
 * The charts the server keeps, in /toplist/detail order: the four official charts (shown with a
 * top-3 preview), then the global charts by artist area.
 */
export type ChartKind = 'soaring' | 'new' | 'original' | 'hot' | 'western' | 'japanese' | 'korean' | 'chinese';

export interface ChartDefinition {
  kind: ChartKind;
  name: string;
  /** NetEase's ToplistType of the official charts */
  toplistType?: 'S' | 'N' | 'O' | 'H';
  /** how many songs the chart ranks */
  size: number;
  updateFrequency: string;
  description: string;
  /** global charts: the artist area they rank */
  area?: number;
  /**
   * NetEase's own playlist id of this chart, which a new library's chart playlist gets: clients
   * hard-code them (YesPlayMusic's home 排行榜 row shows only 19723756 and a few foreign charts).
   */
  neteaseId?: number;
}

export const CHARTS: readonly ChartDefinition[] = [
  {
    kind: 'soaring',
    neteaseId: 19723756,
    name: '飙升榜',
    toplistType: 'S',
    size: 100,
    updateFrequency: '每天更新',
    description: '最近 7 天播放量增长最快的歌曲：与前 7 天相比，涨幅越大排名越高。',
  },
  {
    kind: 'new',
    neteaseId: 3779629,
    name: '新歌榜',
    toplistType: 'N',
    size: 100,
    updateFrequency: '每天更新',
    description: '近期发行的新歌，按最近 7 天的播放量排名。',
  },
  {
    kind: 'original',
    neteaseId: 2884035,
    name: '原创榜',
    toplistType: 'O',
    size: 200,
    updateFrequency: '每周四更新',
    description: '原创音乐人的作品，按最近 7 天的播放量排名。',
  },
  {
    kind: 'hot',
    neteaseId: 3778678,
    name: '热歌榜',
    toplistType: 'H',
    size: 200,
    updateFrequency: '每周四更新',
    description: '最近 7 天播放最多的歌曲。',
  },
  {
    kind: 'western',
    neteaseId: 2809513713,
    name: '欧美榜',
    area: 96,
    size: 200,
    updateFrequency: '每周四更新',
    description: '欧美歌手最近 7 天播放最多的歌曲。',
  },
  {
    kind: 'japanese',
    neteaseId: 5059644681,
    name: '日本榜',
    area: 8,
    size: 200,
    updateFrequency: '每周四更新',
    description: '日本歌手最近 7 天播放最多的歌曲。',
  },
  {
    kind: 'korean',
    neteaseId: 745956260,
    name: '韩国榜',
    area: 16,
    size: 200,
    updateFrequency: '每周四更新',
    description: '韩国歌手最近 7 天播放最多的歌曲。',
  },
  { kind: 'chinese', name: '华语榜', area: 7, size: 200, updateFrequency: '每周四更新', description: '华语歌手最近 7 天播放最多的歌曲。' },
];

/** The artist chart summarised beside the song charts (NetEase's `artistToplist`). */
export const ARTIST_CHART = { name: '云音乐歌手榜', updateFrequency: '每天更新', position: 5 } as const;

/** The account the chart playlists belong to. */
export const CHART_CURATOR = { nickname: '云音乐榜单', signature: '根据全站播放记录自动生成的排行榜' } as const;
