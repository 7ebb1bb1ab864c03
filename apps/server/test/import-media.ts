import { spawn } from 'node:child_process';
import { mkdir, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { ffmpeg } from '../src/media/ffmpeg.ts';
import sharp from 'sharp';
import { synthesizeSongMp3 } from '../src/media/song-audio.ts';

/**
 * A small music folder made the way real ones are: a demo song rendered by the synth (6 s),
 * encoded by ffmpeg into each format with tags and an embedded cover of its own colour.
 */
export const CLIP_MS = 6000;

export const COLORS = {
  red: { r: 220, g: 20, b: 30 },
  green: { r: 20, g: 200, b: 40 },
  blue: { r: 20, g: 40, b: 220 },
  yellow: { r: 230, g: 210, b: 20 },
} as const;
export type CoverColor = keyof typeof COLORS;

export const LYRIC = '[00:00.50]第一句 first line\n[00:03.00]第二句 second line';

/** Relative paths of the folder's files. */
export const FILES = {
  mp3: 'Alpha Band/First Light/01 Dawn.mp3',
  lrc: 'Alpha Band/First Light/01 Dawn.lrc',
  flac: 'Alpha Band/First Light/02 Noon.flac',
  m4a: 'Beta/Second Wind/01 Evening.m4a',
  opus: 'Beta/Second Wind/02 Night.opus',
  wav: 'Loose/Gamma Voice - Untagged Song.wav',
  corrupt: 'Loose/broken.flac',
} as const;

export function runFfmpeg(args: string[]): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(ffmpeg().path, ['-hide_banner', '-loglevel', 'error', '-nostdin', '-y', ...args], {
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let stderr = '';
    child.stderr.setEncoding('utf8').on('data', (d: string) => (stderr += d));
    child.on('error', reject);
    child.on('close', (code) => (code === 0 ? resolve() : reject(new Error(`ffmpeg ${args.join(' ')}: ${stderr}`))));
  });
}

export const coverJpeg = (color: CoverColor): Promise<Buffer> =>
  sharp({ create: { width: 240, height: 240, channels: 3, background: COLORS[color] } })
    .jpeg()
    .toBuffer();

/** A FLAC METADATA_BLOCK_PICTURE (front cover), base64 — how Ogg files carry a cover in a comment. */
function pictureBlock(jpeg: Buffer): string {
  const u32 = (n: number) => {
    const b = Buffer.alloc(4);
    b.writeUInt32BE(n);
    return b;
  };
  const mime = Buffer.from('image/jpeg');
  return Buffer.concat([u32(3), u32(mime.length), mime, u32(0), u32(240), u32(240), u32(24), u32(0), u32(jpeg.length), jpeg]).toString(
    'base64',
  );
}

const tags = (t: Record<string, string>) => Object.entries(t).flatMap(([k, v]) => ['-metadata', `${k}=${v}`]);

/** Encodes `master` into `out` with tags and (except WAV) an embedded cover. */
export async function encodeTrack(
  work: string,
  master: string,
  out: string,
  kind: keyof typeof FILES,
  t: Record<string, string>,
  color?: CoverColor,
): Promise<void> {
  await mkdir(dirname(out), { recursive: true });
  const coverFile = join(work, `${color ?? 'none'}.jpg`);
  if (color) await writeFile(coverFile, await coverJpeg(color));
  const withCover = ['-i', master, '-i', coverFile, '-map', '0:a', '-map', '1', '-c:v', 'copy'];
  if (kind === 'mp3')
    await runFfmpeg([
      ...withCover,
      '-c:a',
      'libmp3lame',
      '-b:a',
      '320k',
      '-id3v2_version',
      '3',
      ...tags(t),
      '-metadata:s:v',
      'comment=Cover (front)',
      out,
    ]);
  else if (kind === 'flac') await runFfmpeg([...withCover, '-c:a', 'flac', '-disposition:v:0', 'attached_pic', ...tags(t), out]);
  else if (kind === 'm4a')
    await runFfmpeg([...withCover, '-c:a', 'aac', '-b:a', '256k', '-disposition:v:0', 'attached_pic', ...tags(t), out]);
  else if (kind === 'opus') {
    const picture: Record<string, string> = color ? { METADATA_BLOCK_PICTURE: pictureBlock(await coverJpeg(color)) } : {};
    await runFfmpeg(['-i', master, '-c:a', 'libopus', '-b:a', '96k', ...tags({ ...t, ...picture }), out]);
  } else await runFfmpeg(['-i', master, '-map_metadata', '-1', '-fflags', '+bitexact', '-c:a', 'pcm_s16le', out]);
}

/** Renders the master clip (a demo song's first seconds) and builds the whole folder. */
export async function buildMusicFolder(work: string, music: string): Promise<string> {
  const master = join(work, 'master.mp3');
  await synthesizeSongMp3(master, 4242, CLIP_MS, { title: 'master', artist: 'synth', album: 'demo' });
  const at = (p: string) => join(music, p);
  await Promise.all([
    encodeTrack(
      work,
      master,
      at(FILES.mp3),
      'mp3',
      { title: 'Dawn', artist: 'Alpha Band', album: 'First Light', track: '1', genre: 'Rock' },
      'red',
    ),
    encodeTrack(
      work,
      master,
      at(FILES.flac),
      'flac',
      { title: 'Noon', artist: 'alpha band', album_artist: 'Alpha Band', album: 'first light', track: '2', genre: 'Indie; rock' },
      'green',
    ),
  ]);
  await Promise.all([
    encodeTrack(
      work,
      master,
      at(FILES.m4a),
      'm4a',
      { title: 'Evening', artist: 'Beta Singer', album: 'Second Wind', track: '1', genre: 'Electronic' },
      'blue',
    ),
    encodeTrack(
      work,
      master,
      at(FILES.opus),
      'opus',
      { title: 'Night', artist: 'Beta Singer', album: 'Second Wind', track: '2' },
      'yellow',
    ),
  ]);
  await encodeTrack(work, master, at(FILES.wav), 'wav', {});
  await writeFile(at(FILES.lrc), LYRIC);
  // Not audio at all, though it is named like a FLAC.
  await writeFile(at(FILES.corrupt), Buffer.from(Array.from({ length: 20_000 }, (_, i) => (i * 7919) % 251)));
  await writeFile(at('Loose/notes.txt'), 'not music');
  return master;
}
