/**
 * Acoustic measures of an impulse response, to prove the presets differ (impulse-response.test.ts):
 * RT60 from the Schroeder decay curve (T20 × 3), first arrival, clarity C50, the share of
 * high-frequency energy, and how alike the two channels are.
 */
export interface IrMeasures {
  rt60: number;
  arrivalMs: number;
  c50: number;
  highShare: number;
  correlation: number;
}

export function measureImpulseResponse([left, right]: readonly [Float32Array, Float32Array], sampleRate: number): IrMeasures {
  const n = left.length;
  const energy = new Float64Array(n);
  let peak = 0;
  for (let i = 0; i < n; i++) {
    energy[i] = left[i]! ** 2 + right[i]! ** 2;
    peak = Math.max(peak, Math.abs(left[i]!), Math.abs(right[i]!));
  }
  let arrival = 0;
  while (arrival < n && Math.abs(left[arrival]!) < 0.1 * peak && Math.abs(right[arrival]!) < 0.1 * peak) arrival++;

  // Schroeder backward integration; T20 = the time from -5 dB to -25 dB, × 3.
  const edc = new Float64Array(n);
  let sum = 0;
  for (let i = n - 1; i >= 0; i--) edc[i] = sum += energy[i]!;
  const timeAt = (db: number) => {
    const target = edc[0]! * 10 ** (db / 10);
    let i = 0;
    while (i < n - 1 && edc[i]! > target) i++;
    return i / sampleRate;
  };
  const rt60 = 3 * (timeAt(-25) - timeAt(-5));

  const split = Math.min(n, arrival + Math.round(0.05 * sampleRate));
  let early = 0;
  let late = 1e-12;
  for (let i = arrival; i < n; i++)
    if (i < split) early += energy[i]!;
    else late += energy[i]!;

  let high = 0;
  let total = 1e-12;
  let lr = 0;
  let ll = 1e-12;
  let rr = 1e-12;
  for (let i = 1; i < n; i++) {
    high += (left[i]! - left[i - 1]!) ** 2 + (right[i]! - right[i - 1]!) ** 2;
    total += energy[i]!;
    lr += left[i]! * right[i]!;
    ll += left[i]! ** 2;
    rr += right[i]! ** 2;
  }
  return {
    rt60,
    arrivalMs: (arrival / sampleRate) * 1000,
    c50: 10 * Math.log10(early / late),
    highShare: high / total,
    correlation: lr / Math.sqrt(ll * rr),
  };
}

/** Two responses sound different when at least one measure differs clearly. */
export function differences(a: IrMeasures, b: IrMeasures): string[] {
  const rel = (x: number, y: number) => Math.abs(x - y) / Math.max(1e-9, Math.min(Math.abs(x), Math.abs(y)));
  return [
    rel(a.rt60, b.rt60) > 0.1 && 'rt60',
    Math.abs(a.arrivalMs - b.arrivalMs) > 2 && 'arrival',
    Math.abs(a.c50 - b.c50) > 1.5 && 'c50',
    rel(a.highShare, b.highShare) > 0.15 && 'high',
    Math.abs(a.correlation - b.correlation) > 0.1 && 'correlation',
  ].filter((d): d is string => typeof d === 'string');
}
