import type { SongPlan } from '../song-plan.ts';
import { arrange } from './arrangement.ts';
import { startNote } from './voices.ts';
import type { Mix, Voice } from './mix.ts';
import { SAMPLE_RATE } from './wavetables.ts';

/** Receives interleaved s16le stereo PCM in order; awaiting it is the backpressure. */
export type PcmSink = (chunk: Buffer) => Promise<void>;

const MASTER_GAIN = 1.25;
/** Below the knee the signal passes untouched; above it a tanh curve approaches (never reaches) 0.98. */
const KNEE = 0.7;
const HEADROOM = 0.98 - KNEE;

function softLimit(x: number): number {
  const a = Math.abs(x);
  if (a <= KNEE) return x;
  const y = KNEE + HEADROOM * Math.tanh((a - KNEE) / HEADROOM);
  return x < 0 ? -y : y;
}

/**
 * The song is drawn a window at a time, every note sounding in a window drawn up to its end, and
 * each window goes to the encoder as soon as it is drawn. The first windows are short: a
 * listener's first second is made in a few milliseconds, not after every note that starts in it
 * was drawn whole (a pad lasts bars). Then about a second at a time. Seconds of audio.
 */
const WINDOWS_SEC = [0.1, 0.15, 0.25, 0.5];
const WINDOW_SEC = 1;
/** Drawing notes hands the event loop back this often: HTTP, the encoder's output, other requests. */
const SLICE_MS = 4;

const nextTurn = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));

/**
 * Renders a song to PCM and streams it out while rendering, window by window (see WINDOWS_SEC);
 * notes carry their state from one window to the next, so the samples are those of the song
 * drawn a note at a time, and in each sample the notes add up in start order as they always did.
 * The renderer runs on the server's one thread, so it yields every few milliseconds: a song being
 * drawn never holds up the bytes already made, nor anyone else's request. It holds one window of
 * samples, not the whole song.
 * The frame count is exactly the song's duration, so the encoded file's length matches `dt`.
 */
export async function renderSong(plan: SongPlan, audioSeed: number, sink: PcmSink): Promise<{ frames: number; peak: number }> {
  const frames = Math.round(plan.durationSec * SAMPLE_RATE);
  const fadeInFrames = Math.round(0.005 * SAMPLE_RATE);
  const fadeOutFrames = Math.max(1, Math.round(plan.fadeOutSec * SAMPLE_RATE));
  let peak = 0;

  const flush = async (mix: Mix, upTo: number): Promise<void> => {
    const from = mix.offset;
    const out = Buffer.alloc((upTo - from) * 4);
    // s16le: x86 and ARM are little-endian, so an Int16Array view writes the bytes directly.
    const pcm = new Int16Array(out.buffer, out.byteOffset, (upTo - from) * 2);
    for (let i = from, o = 0; i < upTo; i++, o += 2) {
      let g = MASTER_GAIN;
      if (i < fadeInFrames) g *= i / fadeInFrames;
      const fromEnd = frames - i;
      if (fromEnd < fadeOutFrames) g *= (fromEnd / fadeOutFrames) ** 2;
      const l = mix.left[i - from]! * g;
      const r = mix.right[i - from]! * g;
      peak = Math.max(peak, Math.abs(l), Math.abs(r));
      pcm[o] = Math.round(softLimit(l) * 32767);
      pcm[o + 1] = Math.round(softLimit(r) * 32767);
    }
    await sink(out);
  };

  let slice = performance.now();
  const breathe = async (): Promise<void> => {
    if (performance.now() - slice < SLICE_MS) return;
    await nextTurn();
    slice = performance.now();
  };

  const notes = arrange(plan, audioSeed);
  let next = 0;
  /** the notes sounding, in start order */
  let sounding: Voice[] = [];
  for (let from = 0, w = 0; from < frames; w++) {
    const to = Math.min(frames, from + Math.round((WINDOWS_SEC[w] ?? WINDOW_SEC) * SAMPLE_RATE));
    for (; next < notes.length && Math.round(notes[next]!.start * SAMPLE_RATE) < to; next++)
      sounding.push(startNote(notes[next]!, plan, frames));
    const mix: Mix = { left: new Float32Array(to - from), right: new Float32Array(to - from), offset: from };
    for (const voice of sounding) {
      const a = Math.max(from, voice.start);
      const b = Math.min(to, voice.end);
      if (a < b) voice.render(mix, a, b);
      await breathe();
    }
    sounding = sounding.filter((voice) => voice.end > to);
    await flush(mix, to);
    await breathe();
    from = to;
  }
  return { frames, peak };
}
