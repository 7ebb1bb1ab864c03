import { inflateSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { iconPng } from './app-icon.ts';

/** RGBA of pixel (x, y) from a PNG made by iconPng (one IDAT, filter 0 on every row). */
function pixel(png: Buffer, x: number, y: number): number[] {
  const size = png.readUInt32BE(16);
  const idatLength = png.readUInt32BE(33);
  expect(png.subarray(37, 41).toString('ascii')).toBe('IDAT');
  const rows = inflateSync(png.subarray(41, 41 + idatLength));
  const at = y * (size * 4 + 1) + 1 + x * 4;
  return [...rows.subarray(at, at + 4)];
}

describe('the app icon as PNG', () => {
  it('is a PNG of the size asked, RGBA', () => {
    const png = iconPng(64);
    expect(png.subarray(0, 8).toString('hex')).toBe('89504e470d0a1a0a');
    expect(png.subarray(12, 16).toString('ascii')).toBe('IHDR');
    expect([png.readUInt32BE(16), png.readUInt32BE(20), png[24], png[25]]).toEqual([64, 64, 8, 6]);
  });

  it('draws the white note on the green disc, clear outside the disc', () => {
    const png = iconPng(64);
    expect(pixel(png, 0, 0)[3]).toBe(0);
    expect(pixel(png, 56, 32)).toEqual([0x3d, 0xc0, 0x95, 255]);
    // The stem runs at x 13–15 of 32, so pixel 28 of 64 is inside it.
    expect(pixel(png, 28, 30)).toEqual([255, 255, 255, 255]);
  });

  it('fills the whole square when maskable, so the OS can cut its own shape', () => {
    const png = iconPng(64, { maskable: true });
    expect(pixel(png, 0, 0)).toEqual([0x3d, 0xc0, 0x95, 255]);
    expect(pixel(png, 63, 63)).toEqual([0x3d, 0xc0, 0x95, 255]);
  });
});
