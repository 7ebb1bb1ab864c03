import type { Page } from 'playwright-core';

/**
 * A level meter on the page's audio output, for tests that listen to what the player sends out.
 * Installed before the app loads (an init script): every connection to an AudioContext's
 * destination is also made to one AnalyserNode, so the meter reads exactly the mix the listener
 * hears — after the elements' own gains, the effects, the EQ and the volume. The app has no hook
 * for it. Every 25 ms the meter records the output's RMS level (dBFS over the analyser's 2048
 * samples, ~46 ms) with the playing element's song and time and how many elements sound.
 */
export interface MeterSample {
  /** performance.now() */
  at: number;
  /** RMS level of the output, dBFS (−Infinity when silent) */
  db: number;
  /** the src of the element playing ([data-testid="audio"]) */
  src: string | null;
  /** its currentTime and duration */
  time: number;
  duration: number;
  /** how many <audio> elements are playing (2 during a crossfade) */
  sounding: number;
}

declare global {
  interface Window {
    __outputMeter?: { samples: MeterSample[] };
  }
}

function meterScript() {
  const connect = AudioNode.prototype.connect as (this: AudioNode, ...args: unknown[]) => unknown;
  const analysers = new WeakMap<BaseAudioContext, AnalyserNode>();
  let output: AnalyserNode | null = null;
  AudioNode.prototype.connect = function (this: AudioNode, ...args: unknown[]) {
    const result = connect.apply(this, args);
    if (args[0] instanceof AudioDestinationNode) {
      let analyser = analysers.get(this.context);
      if (!analyser) {
        analyser = this.context.createAnalyser();
        analyser.fftSize = 2048;
        analysers.set(this.context, analyser);
      }
      connect.call(this, analyser);
      output = analyser;
    }
    return result;
  } as typeof AudioNode.prototype.connect;
  const samples: MeterSample[] = [];
  window.__outputMeter = { samples };
  const buffer = new Float32Array(2048);
  setInterval(() => {
    if (!output) return;
    output.getFloatTimeDomainData(buffer);
    let sum = 0;
    for (const x of buffer) sum += x * x;
    const audio = document.querySelector<HTMLAudioElement>('[data-testid="audio"]');
    samples.push({
      at: performance.now(),
      db: 10 * Math.log10(sum / buffer.length),
      src: audio?.getAttribute('src') ?? null,
      time: audio?.currentTime ?? 0,
      duration: audio?.duration ?? 0,
      sounding: [...document.querySelectorAll('audio')].filter((a) => !a.paused).length,
    });
  }, 25);
}

/** Installs the meter in every document the page loads from now on. */
export async function installOutputMeter(page: Page): Promise<void> {
  await page.addInitScript(meterScript);
}

/** The samples recorded since sample `from` (the count of an earlier call). */
export const meterSamples = (page: Page, from = 0): Promise<MeterSample[]> =>
  page.evaluate((start) => window.__outputMeter?.samples.slice(start) ?? [], from);

export const meterCount = (page: Page): Promise<number> => page.evaluate(() => window.__outputMeter?.samples.length ?? 0);

/** The median level of some samples, dB. */
export function medianDb(samples: readonly MeterSample[]): number {
  const sorted = samples.map((s) => s.db).sort((a, b) => a - b);
  return sorted[sorted.length >> 1] ?? Number.NEGATIVE_INFINITY;
}
