/** The stereo buffers a song is drawn into, one float per sample and channel. */
export interface Mix {
  left: Float32Array;
  right: Float32Array;
}

/** Equal-power panning: -1 (left) .. 1 (right) → [left gain, right gain]. */
export const panGains = (pan: number): [number, number] => [Math.cos(((pan + 1) * Math.PI) / 4), Math.sin(((pan + 1) * Math.PI) / 4)];
