import type { CSSProperties } from 'react';

/** A range input's filled part, for the track's gradient (`--fill`, see effects-controls.module.css). */
export const rangeFill = (value: number, min: number, max: number) =>
  ({ '--fill': `${((value - min) / (max - min)) * 100}%` }) as CSSProperties;
