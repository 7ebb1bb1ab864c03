import { MP3_BITRATE } from '../../media/synth/encode-mp3.ts';
import type { SongRecord } from '../../repos/songs.ts';
import { DEFAULT_BR, levelOf, VARIANT_BITRATES, type Level } from '../transcode-levels.ts';

/**
 * The qualities a song can be played at, in NetEase's terms: `l`/`m`/`h` are the 128k/192k/320k
 * MP3 slots and `sq` the lossless one. A song offers every MP3 level up to its original (lower
 * ones are transcoded on request) and the original itself; a demo song only its 128k render.
 * Clients choose a `br` from these and from the privilege's `maxbr`, so they must be true.
 */
type Slot = { br: number; fid: 0; size: number; vd: 0 } | null;

const slot = (br: number, durationMs: number, size?: number): Slot => ({
  br,
  fid: 0,
  size: size ?? Math.round((durationMs * br) / 8 / 1000),
  vd: 0,
});

const SLOT_OF_LEVEL = { standard: 'l', higher: 'm', exhigh: 'h', lossless: 'sq' } as const;
type SlotName = (typeof SLOT_OF_LEVEL)[Level];

export function qualitySlots(s: SongRecord): Record<SlotName, Slot> {
  const original = s.original ?? { bitrate: MP3_BITRATE, lossless: false, size: undefined };
  const own = SLOT_OF_LEVEL[levelOf(original.bitrate, original.lossless)];
  const slots: Record<SlotName, Slot> = { l: null, m: null, h: null, sq: null };
  // Levels below the original's are MP3s transcoded on request; the original fills its own.
  for (const [i, name] of (['l', 'm', 'h'] as const).entries()) {
    if (name === own) break;
    slots[name] = slot(VARIANT_BITRATES[i]!, s.durationMs);
  }
  slots[own] = slot(original.bitrate, s.durationMs, original.size);
  return slots;
}

/** The best `br` and level the song can be played at, for its privilege. */
export function maxQuality(s: SongRecord): { maxbr: number; level: Level } {
  if (!s.original) return { maxbr: MP3_BITRATE, level: 'standard' };
  const { bitrate, lossless } = s.original;
  return { maxbr: lossless ? DEFAULT_BR : bitrate, level: levelOf(bitrate, lossless) };
}
