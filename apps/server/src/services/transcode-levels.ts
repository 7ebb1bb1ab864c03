/**
 * Which audio a `/song/url?br=` request gets (docs/decisions/0005-bitrate-levels.md).
 *
 * NetEase's levels: standard 128k, higher 192k, exhigh 320k, lossless. The requested `br` is
 * snapped down to a level, never below standard (NetEase has nothing lower either). The
 * original is served when it fits that level; otherwise an MP3 transcoded at the level.
 */
export type Level = 'standard' | 'higher' | 'exhigh' | 'lossless';

/** The bitrates a transcoded variant can have, in bit/s. */
export const VARIANT_BITRATES = [128_000, 192_000, 320_000] as const;
export type VariantBitrate = (typeof VARIANT_BITRATES)[number];

/** NetEase's default `br`: the best quality there is. */
export const DEFAULT_BR = 999_000;

/** VBR files average a little above their nominal rate (a "128k" VBR file may measure 131k). */
const TOLERANCE = 1.05;

/** The most a request may be served: a variant bitrate, or null for no limit (lossless). */
export function capOf(br: number): VariantBitrate | null {
  if (br >= DEFAULT_BR) return null;
  let cap: VariantBitrate = VARIANT_BITRATES[0];
  for (const level of VARIANT_BITRATES) if (br >= level) cap = level;
  return cap;
}

/** True when an original of `bitrate` may be served under `cap`. */
export const fitsCap = (bitrate: number, cap: number | null): boolean => cap === null || bitrate <= cap * TOLERANCE;

/** The level an audio file of this bitrate is reported at. */
export function levelOf(bitrate: number, lossless: boolean): Level {
  if (lossless) return 'lossless';
  if (bitrate <= 128_000 * TOLERANCE) return 'standard';
  if (bitrate <= 192_000 * TOLERANCE) return 'higher';
  return 'exhigh';
}

/** `128k` ↔ 128000, as variant audio URLs spell it. */
export const kbpsOf = (bitrate: VariantBitrate): number => bitrate / 1000;
export function variantFromKbps(kbps: number): VariantBitrate | undefined {
  return VARIANT_BITRATES.find((b) => b === kbps * 1000);
}
