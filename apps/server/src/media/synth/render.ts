import type { SongPlan } from '../song-plan.ts';
import { arrange } from './arrangement.ts';
import { renderNote } from './voices.ts';
import type { Mix } from './mix.ts';
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

/** The first flush comes after this much audio, so the encoder starts (and a listener hears) soon. */
const FIRST_CHUNK_SEC = 0.25;
/** Drawing notes hands the event loop back this often: HTTP, the encoder's output, other requests. */
const SLICE_MS = 4;

const nextTurn = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));

/**
 * Renders a song to PCM and streams it out while rendering: notes are drawn in start order, so
 * everything before the next note's start is final and can be encoded while the rest is drawn.
 * The first quarter second goes out as soon as it is drawn; after that about a second at a time.
 * The renderer runs on the server's one thread, so it yields every few milliseconds: a song being
 * drawn never holds up the bytes already made, nor anyone else's request.
 * The frame count is exactly the song's duration, so the encoded file's length matches `dt`.
 */
export async function renderSong(plan: SongPlan, audioSeed: number, sink: PcmSink): Promise<{ frames: number; peak: number }> {
  const frames = Math.round(plan.durationSec * SAMPLE_RATE);
  const mix: Mix = { left: new Float32Array(frames), right: new Float32Array(frames) };
  const fadeInFrames = Math.round(0.005 * SAMPLE_RATE);
  const fadeOutFrames = Math.max(1, Math.round(plan.fadeOutSec * SAMPLE_RATE));
  let flushed = 0;
  let peak = 0;

  const flush = async (upTo: number): Promise<void> => {
    const out = Buffer.alloc((upTo - flushed) * 4);
    // s16le: x86 and ARM are little-endian, so an Int16Array view writes the bytes directly.
    const pcm = new Int16Array(out.buffer, out.byteOffset, (upTo - flushed) * 2);
    for (let i = flushed, o = 0; i < upTo; i++, o += 2) {
      let g = MASTER_GAIN;
      if (i < fadeInFrames) g *= i / fadeInFrames;
      const fromEnd = frames - i;
      if (fromEnd < fadeOutFrames) g *= (fromEnd / fadeOutFrames) ** 2;
      const l = mix.left[i]! * g;
      const r = mix.right[i]! * g;
      peak = Math.max(peak, Math.abs(l), Math.abs(r));
      pcm[o] = Math.round(softLimit(l) * 32767);
      pcm[o + 1] = Math.round(softLimit(r) * 32767);
    }
    flushed = upTo;
    await sink(out);
  };

  const chunk = SAMPLE_RATE; // flush about once per second of audio
  let slice = performance.now();
  const breathe = async (): Promise<void> => {
    if (performance.now() - slice < SLICE_MS) return;
    await nextTurn();
    slice = performance.now();
  };
  for (const note of arrange(plan, audioSeed)) {
    const start = Math.min(frames, Math.round(note.start * SAMPLE_RATE));
    if (start - flushed >= (flushed === 0 ? FIRST_CHUNK_SEC * SAMPLE_RATE : chunk)) {
      await flush(start);
      await breathe();
    }
    if (start < frames) renderNote(mix, note, plan);
    await breathe();
  }
  while (flushed < frames) {
    await flush(Math.min(frames, flushed + chunk * 4));
    await breathe();
  }
  return { frames, peak };
}
