/**
 * The convolver reverbs (about 40 presets plus 原唱). Each preset's impulse response is
 * generated at build time from its acoustics (apps/web/build-tools/impulse-response.ts) and
 * fetched as `audio-effect/<slug>.wav`. File names are ASCII slugs, the UI shows the
 * Chinese name (docs/decisions/0010-audio-effects.md). Pure data: the build imports it too.
 */
export interface ReverbAcoustics {
  /** seconds for the tail to fall 60 dB (low and mid frequencies) */
  rt60: number;
  /** ms before the first reflection */
  preDelay: number;
  /** number of discrete early reflections */
  reflections: number;
  /** ms over which the early reflections arrive (also the tail's build-up) */
  spread: number;
  /** level of the early reflections against the tail, 0…1 */
  early: number;
  /** 0 bright … 1 dark: how much sooner the highs die than the lows */
  damping: number;
  /** 0 mono … 1 fully decorrelated channels */
  width: number;
  /** a metallic resonance: a feedback comb on the tail */
  comb?: { ms: number; feedback: number };
  /** distinct echoes of the whole response (valleys, stadiums, KTV) */
  echo?: { ms: number; level: number; repeats: number };
}

export interface ReverbPreset {
  name: string;
  slug: string;
  /** Null for 原唱: no convolver */
  acoustics: ReverbAcoustics | null;
}

export const ORIGINAL_SLUG = 'none';

type Row = [
  name: string,
  slug: string,
  rt60: number,
  preDelay: number,
  reflections: number,
  spread: number,
  early: number,
  damping: number,
  width: number,
  extra?: Partial<ReverbAcoustics>,
];

// prettier-ignore
const ROWS: Row[] = [
  ['录音棚', 'studio', 0.3, 2, 6, 12, 0.5, 0.5, 0.6],
  ['小房间', 'small-room', 0.45, 3, 8, 18, 0.6, 0.4, 0.7],
  ['中等房间', 'medium-room', 0.7, 6, 10, 28, 0.55, 0.45, 0.8],
  ['大房间', 'large-room', 1.0, 10, 12, 40, 0.5, 0.5, 0.85],
  ['客厅', 'living-room', 0.55, 5, 9, 22, 0.6, 0.65, 0.75],
  ['卧室', 'bedroom', 0.35, 4, 6, 15, 0.45, 0.8, 0.6],
  ['浴室', 'bathroom', 0.9, 1, 14, 12, 0.8, 0.1, 0.5],
  ['厨房', 'kitchen', 0.65, 2, 10, 16, 0.7, 0.2, 0.6],
  ['衣帽间', 'closet', 0.2, 1, 4, 8, 0.4, 0.9, 0.4],
  ['车内', 'car', 0.15, 1, 4, 5, 0.5, 0.85, 0.3],
  ['电话亭', 'phone-booth', 0.25, 0, 5, 4, 0.9, 0.3, 0.2, { comb: { ms: 3, feedback: 0.5 } }],
  ['走廊', 'hallway', 1.2, 8, 16, 60, 0.6, 0.35, 0.5, { comb: { ms: 12, feedback: 0.35 } }],
  ['楼梯间', 'stairwell', 1.8, 6, 18, 50, 0.65, 0.25, 0.7],
  ['地下室', 'basement', 1.1, 4, 10, 30, 0.55, 0.7, 0.6],
  ['车库', 'garage', 1.5, 7, 12, 35, 0.6, 0.3, 0.75],
  ['教室', 'classroom', 0.8, 9, 10, 35, 0.5, 0.4, 0.7],
  ['会议室', 'conference-room', 0.6, 12, 8, 30, 0.45, 0.55, 0.7],
  ['图书馆', 'library', 0.5, 14, 6, 30, 0.3, 0.85, 0.8],
  ['礼堂', 'auditorium', 1.7, 22, 14, 60, 0.45, 0.5, 0.9],
  ['小剧场', 'small-theater', 1.3, 16, 12, 45, 0.45, 0.55, 0.85],
  ['剧院', 'theater', 1.6, 25, 14, 55, 0.4, 0.6, 0.9],
  ['歌剧院', 'opera-house', 1.9, 30, 16, 70, 0.4, 0.55, 0.95],
  ['音乐厅', 'concert-hall', 2.2, 24, 18, 80, 0.4, 0.5, 0.95],
  ['大音乐厅', 'large-concert-hall', 2.6, 35, 20, 90, 0.35, 0.5, 1],
  ['宴会厅', 'ballroom', 1.6, 18, 14, 50, 0.45, 0.4, 0.9],
  ['爵士酒吧', 'jazz-club', 0.7, 10, 10, 25, 0.5, 0.7, 0.8],
  ['小酒馆', 'tavern', 0.9, 8, 12, 30, 0.5, 0.65, 0.75],
  ['KTV包厢', 'karaoke-room', 1.0, 3, 10, 20, 0.7, 0.2, 0.8, { echo: { ms: 110, level: 0.35, repeats: 3 } }],
  ['室内泳池', 'indoor-pool', 2.3, 8, 16, 45, 0.6, 0.15, 0.85],
  ['教堂', 'church', 3.0, 20, 14, 70, 0.4, 0.35, 0.9],
  ['大教堂', 'cathedral', 4.5, 40, 18, 120, 0.35, 0.3, 1],
  ['体育馆', 'arena', 2.8, 45, 12, 110, 0.3, 0.45, 1],
  ['体育场', 'stadium', 3.5, 60, 10, 150, 0.25, 0.55, 1, { echo: { ms: 250, level: 0.3, repeats: 2 } }],
  ['地下停车场', 'parking-garage', 2.4, 10, 16, 50, 0.55, 0.2, 0.8],
  ['隧道', 'tunnel', 2.9, 5, 20, 40, 0.6, 0.3, 0.6, { comb: { ms: 25, feedback: 0.5 } }],
  ['地铁站', 'subway-station', 2.0, 15, 16, 60, 0.5, 0.3, 0.85],
  ['山洞', 'cave', 3.4, 10, 18, 80, 0.5, 0.55, 0.9],
  ['山谷', 'valley', 2.5, 80, 6, 200, 0.3, 0.6, 1, { echo: { ms: 400, level: 0.4, repeats: 3 } }],
  ['峡谷', 'canyon', 3.0, 120, 6, 250, 0.35, 0.5, 1, { echo: { ms: 600, level: 0.45, repeats: 3 } }],
  ['森林', 'forest', 1.4, 30, 20, 150, 0.25, 0.85, 1],
  ['广场', 'plaza', 1.2, 50, 8, 100, 0.3, 0.6, 1, { echo: { ms: 180, level: 0.3, repeats: 2 } }],
  ['水下', 'underwater', 1.6, 0, 8, 20, 0.4, 0.97, 0.4],
  ['金属管道', 'metal-pipe', 1.4, 2, 12, 10, 0.7, 0.05, 0.3, { comb: { ms: 7, feedback: 0.75 } }],
  ['下水道', 'sewer', 2.1, 4, 16, 30, 0.6, 0.25, 0.5, { comb: { ms: 15, feedback: 0.55 } }],
  ['板式混响', 'plate', 1.8, 0, 30, 10, 0.2, 0.15, 0.95],
  ['弹簧混响', 'spring', 1.5, 0, 4, 6, 0.6, 0.2, 0.4, { comb: { ms: 33, feedback: 0.6 } }],
  ['空灵', 'ethereal', 4.0, 60, 8, 120, 0.2, 0.4, 1],
];

export const REVERB_PRESETS: readonly ReverbPreset[] = [
  { name: '原唱', slug: ORIGINAL_SLUG, acoustics: null },
  ...ROWS.map(([name, slug, rt60, preDelay, reflections, spread, early, damping, width, extra]) => ({
    name,
    slug,
    acoustics: { rt60, preDelay, reflections, spread, early, damping, width, ...extra },
  })),
];

export const reverbBySlug = (slug: string): ReverbPreset | undefined => REVERB_PRESETS.find((p) => p.slug === slug);
export const reverbByName = (name: string): ReverbPreset | undefined => REVERB_PRESETS.find((p) => p.name === name);
