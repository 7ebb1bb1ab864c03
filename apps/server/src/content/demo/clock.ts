/**
 * Demo timestamps are fixed offsets from one epoch rather than `Date.now()`, so two installs of
 * the same seed produce identical catalogs.
 */
export const LIBRARY_EPOCH = Date.UTC(2025, 0, 1);
export const DAY_MS = 86_400_000;
export const daysBefore = (days: number): number => LIBRARY_EPOCH - Math.round(days * DAY_MS);
