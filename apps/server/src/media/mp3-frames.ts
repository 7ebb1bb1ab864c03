/**
 * What an MPEG-1 Layer III CBR stream is made of, so the size of an MP3 can be known before it
 * is encoded (docs/decisions/0014-streamed-first-play.md): an ID3v2 tag we write ourselves,
 * then frames of 1,152 samples whose byte sizes follow from the bitrate alone.
 */

export const SAMPLES_PER_FRAME = 1152;
/** LAME's encoder delay (576) plus the decoder delay (529) it pads the stream with. */
const LAME_DELAY = 576 + 529;

/**
 * Bytes of the first `frames` frames of a CBR stream. A frame holds 144·bitrate/sampleRate bytes,
 * rarely a whole number: LAME pads a frame with one byte whenever the running remainder runs
 * out (never the first frame), so the average is exact.
 */
export function frameBytes(frames: number, bitrate: number, sampleRate: number): number {
  if (frames <= 0) return 0;
  const whole = Math.floor((144 * bitrate) / sampleRate);
  const remainder = (144 * bitrate) % sampleRate;
  return frames * whole + Math.ceil((remainder * (frames - 1)) / sampleRate);
}

/**
 * Frames libmp3lame writes for `samples` PCM frames: the delay-padded samples rounded up to
 * whole frames. (It sometimes adds one more, holding only padding: see Mp3Fit.)
 */
export const lameFrameCount = (samples: number): number => Math.ceil((samples + LAME_DELAY) / SAMPLES_PER_FRAME);

const TAG_HEADER_BYTES = 10;
const FRAME_HEADER_BYTES = 10;
const fitsLatin1 = (text: string): boolean => [...text].every((ch) => ch.codePointAt(0)! <= 0xff);

/**
 * id3v2Tag(tags).length, counted without building the tag: a size is asked of every song a list
 * shows (Subsonic's `size`), and allocating each tag costs more than the rest of the entry.
 */
export function id3v2TagSize(tags: Record<'TIT2' | 'TPE1' | 'TALB', string>): number {
  let size = TAG_HEADER_BYTES;
  for (const text of Object.values(tags)) {
    if (text === '') continue;
    // Latin-1: the encoding byte and a byte per character; else the encoding byte, a BOM and UTF-16 code units.
    size += FRAME_HEADER_BYTES + (fitsLatin1(text) ? 1 + text.length : 3 + 2 * text.length);
  }
  return size;
}

/** An ID3v2.3 tag with title, artist and album (text frames: Latin-1 when it fits, else UTF-16). */
export function id3v2Tag(tags: Record<'TIT2' | 'TPE1' | 'TALB', string>): Buffer {
  const frames = Object.entries(tags)
    .filter(([, text]) => text !== '')
    .map(([id, text]) => {
      const latin = fitsLatin1(text);
      const body = latin
        ? Buffer.concat([Buffer.from([0]), Buffer.from(text, 'latin1')])
        : Buffer.concat([Buffer.from([1, 0xff, 0xfe]), Buffer.from(text, 'utf16le')]);
      const head = Buffer.alloc(FRAME_HEADER_BYTES);
      head.write(id, 0, 'latin1');
      head.writeUInt32BE(body.length, 4);
      return Buffer.concat([head, body]);
    });
  const body = Buffer.concat(frames);
  const head = Buffer.from([0x49, 0x44, 0x33, 3, 0, 0, 0, 0, 0, 0]);
  // The tag size is "syncsafe": 7 bits per byte.
  for (let i = 0; i < 4; i++) head[9 - i] = (body.length >> (7 * i)) & 0x7f;
  return Buffer.concat([head, body]);
}

const BITRATE_INDEX: Record<number, number> = { 128_000: 9, 192_000: 11, 320_000: 14 };

/** A frame that decodes to silence: a header, zeroed side information (no main data), zeros. */
export function silentFrame(bytes: number, bitrate: number, padded: boolean): Buffer {
  const frame = Buffer.alloc(bytes);
  // MPEG-1 Layer III without CRC; 44.1 kHz; stereo; "original" bit set.
  frame[0] = 0xff;
  frame[1] = 0xfb;
  frame[2] = (BITRATE_INDEX[bitrate]! << 4) | (padded ? 2 : 0);
  frame[3] = 0x04;
  return frame;
}

/**
 * Cuts an encoder's frame stream to exactly `frames` frames, so its size is known before the
 * encoder runs: frames past the count (libmp3lame at times ends with one more, which holds only
 * padding after the last real sample) are dropped; a shorter stream is completed with silent
 * frames. The stream must start with a frame (no tag) and be 44.1 kHz CBR at `bitrate`.
 */
export class Mp3Fit {
  readonly size: number;
  #passed = 0;

  constructor(
    readonly frames: number,
    readonly bitrate: number,
  ) {
    this.size = frameBytes(frames, bitrate, 44_100);
  }

  /** The part of `chunk` that belongs to the fitted stream (possibly empty). */
  take(chunk: Buffer): Buffer {
    const room = this.size - this.#passed;
    const kept = chunk.length <= room ? chunk : chunk.subarray(0, Math.max(0, room));
    this.#passed += kept.length;
    return kept;
  }

  /** What completes the stream once the encoder is done: silent frames, or zeros mid-frame. */
  rest(): Buffer {
    const parts: Buffer[] = [];
    let at = this.#passed;
    let frame = 0;
    while (frameBytes(frame, this.bitrate, 44_100) < at) frame++;
    if (frameBytes(frame, this.bitrate, 44_100) > at) {
      // Stopped inside a frame (never seen): zeros keep the size; decoders skip them.
      const next = Math.min(this.size, frameBytes(frame, this.bitrate, 44_100));
      parts.push(Buffer.alloc(next - at));
      at = next;
    }
    for (; frame < this.frames && at < this.size; frame++) {
      const bytes = frameBytes(frame + 1, this.bitrate, 44_100) - frameBytes(frame, this.bitrate, 44_100);
      parts.push(silentFrame(bytes, this.bitrate, bytes > Math.floor((144 * this.bitrate) / 44_100)));
      at += bytes;
    }
    this.#passed = this.size;
    return Buffer.concat(parts);
  }
}
