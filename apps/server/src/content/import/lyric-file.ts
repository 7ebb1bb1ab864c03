import { readFile } from 'node:fs/promises';

/**
 * The text of an .lrc sidecar. Most are UTF-8, but many Chinese ones are GBK (GB18030) or
 * UTF-16 with a byte-order mark; each is decoded accordingly. null when empty or unreadable.
 */
export async function readLyricFile(path: string): Promise<string | null> {
  const bytes = await readFile(path).catch(() => null);
  if (!bytes) return null;
  let text: string;
  if (bytes[0] === 0xff && bytes[1] === 0xfe) text = new TextDecoder('utf-16le').decode(bytes);
  else if (bytes[0] === 0xfe && bytes[1] === 0xff) text = new TextDecoder('utf-16be').decode(bytes);
  else {
    try {
      text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
    } catch {
      text = new TextDecoder('gb18030').decode(bytes);
    }
  }
  text = text
    .replace(/^\uFEFF/, '')
    .replace(/\r\n?/g, '\n')
    .trim();
  return text === '' ? null : text;
}
