/**
 * A stretch of the song being drawn, one float per sample and channel: index 0 is the song's
 * sample `offset` (the renderer draws a song a window at a time).
 */
export interface Mix {
  left: Float32Array;
  right: Float32Array;
  offset: number;
}

/**
 * A note being drawn: it adds its samples in [from, to) to a window of the mix, carrying its
 * oscillators, envelopes and filters over to the next window — so a song drawn window by window
 * is sample for sample the song drawn a whole note at a time.
 */
export interface Voice {
  /** the song's samples it sounds in: [start, end) */
  readonly start: number;
  readonly end: number;
  /** Adds samples [from, to) (within [start, end), in order, each once) into `mix`. */
  render(mix: Mix, from: number, to: number): void;
}

/** Equal-power panning: -1 (left) .. 1 (right) → [left gain, right gain]. */
export const panGains = (pan: number): [number, number] => [Math.cos(((pan + 1) * Math.PI) / 4), Math.sin(((pan + 1) * Math.PI) / 4)];
