import { fstatSync } from 'node:fs';
import { readFile } from 'node:fs/promises';

/** A row of /proc/net/tcp{,6}: `sl local rem st tx_queue:rx_queue tr:when retrnsmt uid timeout inode …`. */
const ROW = /^ *\d+: \S+ \S+ \S+ ([0-9A-F]+):\S+ \S+ \S+ +\d+ +\d+ (\d+)/gm;

/**
 * The kernel's view of TCP sockets, which Node does not expose: how many bytes each socket has
 * sent (or queued to send) that its peer has not acknowledged yet — `tx_queue` in
 * /proc/net/tcp and /proc/net/tcp6 — by socket inode. Linux only: elsewhere `undefined`.
 *
 * A socket's send buffer holds up to megabytes, and Node hears it has room only once a third of
 * it is free, so what Node has handed to the kernel moves in jumps of up to a megabyte or more;
 * minus what the kernel still holds unacknowledged, it is what the client has received.
 * The tables are read off the main thread (tens of thousands of rows take the kernel ~0.1 s).
 */
export async function unacknowledgedBytes(): Promise<Map<number, number> | undefined> {
  const tables = await Promise.all(['/proc/net/tcp', '/proc/net/tcp6'].map((path) => readFile(path, 'latin1').catch(() => undefined)));
  if (tables.every((table) => table === undefined)) return undefined;
  const unacked = new Map<number, number>();
  for (const table of tables) {
    if (table === undefined) continue;
    for (const [, queued, inode] of table.matchAll(ROW)) if (inode !== '0') unacked.set(Number(inode), parseInt(queued!, 16));
  }
  return unacked;
}

/** The inode of a socket's descriptor (its row in /proc/net/tcp), or undefined when it is closed. */
export function socketInode(fd: number): number | undefined {
  try {
    return fstatSync(fd).ino;
  } catch {
    return undefined;
  }
}
