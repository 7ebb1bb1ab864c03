import { deflateSync } from 'node:zlib';

/**
 * The app icon — a white note on a #3dc095 disc — as SVG and as PNG at any size. Home screens,
 * the lock screen and app switchers want bitmaps at fixed sizes (iOS ignores SVG icons), and a
 * maskable variant whose background fills the whole square so the OS can cut its own shape.
 * The PNGs are drawn here at build time from the same three shapes as the SVG, so the icon has
 * one source and the build needs no image tool.
 */
export const THEME = '#3dc095';

export const ICON_SVG =
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><circle cx="16" cy="16" r="16" fill="#3dc095"/><path d="M13 9v10.3a3.5 3.5 0 1 0 2 3.2V13h6V9z" fill="white"/></svg>';

/** The note in the SVG's 32-unit box: stem, flag and head. Its farthest point from the centre is
 * 11 units away, inside the maskable safe zone (a circle of 40 % of the side, 12.8 units). */
function inNote(x: number, y: number): boolean {
  const stem = x >= 13 && x <= 15 && y >= 9 && y <= 22.5;
  const flag = x >= 13 && x <= 21 && y >= 9 && y <= 13;
  const head = (x - 11.5) ** 2 + (y - 22.5) ** 2 <= 3.5 ** 2;
  return stem || flag || head;
}

const inDisc = (x: number, y: number) => (x - 16) ** 2 + (y - 16) ** 2 <= 16 ** 2;

const GREEN = [0x3d, 0xc0, 0x95] as const;
/** Samples per pixel side: 4 × 4 gives smooth edges. */
const SUPERSAMPLE = 4;

/** RGBA pixels of the icon; `maskable` fills the square, otherwise outside the disc is clear. */
function drawIcon(size: number, maskable: boolean): Buffer {
  const pixels = Buffer.alloc(size * size * 4);
  const unit = 32 / size / SUPERSAMPLE;
  for (let py = 0; py < size; py++) {
    for (let px = 0; px < size; px++) {
      let covered = 0;
      let white = 0;
      for (let sy = 0; sy < SUPERSAMPLE; sy++) {
        for (let sx = 0; sx < SUPERSAMPLE; sx++) {
          const x = (px * SUPERSAMPLE + sx + 0.5) * unit;
          const y = (py * SUPERSAMPLE + sy + 0.5) * unit;
          if (!maskable && !inDisc(x, y)) continue;
          covered++;
          if (inNote(x, y)) white++;
        }
      }
      const samples = SUPERSAMPLE * SUPERSAMPLE;
      const i = (py * size + px) * 4;
      if (covered === 0) continue;
      // Colour is the mix of note and background over the covered samples; alpha the coverage.
      const w = white / covered;
      for (let c = 0; c < 3; c++) pixels[i + c] = Math.round(GREEN[c]! * (1 - w) + 255 * w);
      pixels[i + 3] = Math.round((255 * covered) / samples);
    }
  }
  return pixels;
}

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(data: Buffer): number {
  let c = 0xffffffff;
  for (const byte of data) c = CRC_TABLE[(c ^ byte) & 0xff]! ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** A PNG file (8-bit RGBA, no filtering) of the icon at `size` × `size` pixels. */
export function iconPng(size: number, { maskable = false } = {}): Buffer {
  const pixels = drawIcon(size, maskable);
  const rows = Buffer.alloc(size * (size * 4 + 1));
  for (let y = 0; y < size; y++) pixels.copy(rows, y * (size * 4 + 1) + 1, y * size * 4, (y + 1) * size * 4);
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header.writeUInt8(8, 8); // bit depth
  header.writeUInt8(6, 9); // colour type: RGBA
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(rows, { level: 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}
