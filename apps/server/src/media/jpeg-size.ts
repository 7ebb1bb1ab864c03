import { open } from 'node:fs/promises';
import type { ImageSize } from './image-sizes.ts';
import type { Storage } from './storage.ts';

/** The frame header sits before the picture data, within the first few KB of the JPEGs written here. */
const HEAD_BYTES = 64 * 1024;

/**
 * A JPEG's pixel size, read from its frame header (SOFn) without decoding the picture or loading
 * sharp; undefined when the first 64 KB hold no frame header (not a JPEG, or an unusually long
 * metadata block before it).
 */
export async function jpegSize(path: string): Promise<ImageSize | undefined> {
  const file = await open(path, 'r');
  let head: Buffer;
  try {
    const buffer = Buffer.alloc(HEAD_BYTES);
    const { bytesRead } = await file.read(buffer, 0, HEAD_BYTES, 0);
    head = buffer.subarray(0, bytesRead);
  } finally {
    await file.close();
  }
  return jpegSizeOf(head);
}

/** jpegSize of a stored object: its first 64 KB are fetched. */
export async function storedJpegSize(storage: Storage, key: string): Promise<ImageSize | undefined> {
  const chunks: Buffer[] = [];
  for await (const chunk of await storage.get(key, { start: 0, end: HEAD_BYTES - 1 })) chunks.push(chunk as Buffer);
  return jpegSizeOf(Buffer.concat(chunks));
}

/** The size in a JPEG's first bytes (see jpegSize). */
export function jpegSizeOf(head: Buffer): ImageSize | undefined {
  if (head[0] !== 0xff || head[1] !== 0xd8) return undefined;
  // Segments: 0xFF, marker, 2-byte length (counting itself); SOF0–SOF15 but DHT (C4), JPG (C8), DAC (CC).
  for (let at = 2; at + 9 <= head.length;) {
    if (head[at] !== 0xff) return undefined;
    const marker = head[at + 1]!;
    if (marker === 0xff) {
      at++;
      continue;
    }
    if (marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc) {
      return { height: head.readUInt16BE(at + 5), width: head.readUInt16BE(at + 7) };
    }
    at += 2 + head.readUInt16BE(at + 2);
  }
  return undefined;
}
