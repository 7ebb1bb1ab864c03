import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createPlaylist, openDatabase, seedDemoLibrary } from '@cloudtune/server';

export interface BigLibrary {
  dataDir: string;
  /** 1,000 tracks: /playlist/detail's throughput */
  bigPlaylistId: number;
  /** 10,000 tracks: the list page's first rows and full count in Chromium */
  hugePlaylistId: number;
  /** 300 songs no other bench plays: the player's click-to-audio needs songs never played */
  playerPlaylistId: number;
}

/**
 * A data directory with the demo library grown to 10,000 songs plus a 1,000-track and a
 * 10,000-track playlist, so the list page and `/playlist/detail` are measured on the sizes
 * the product's song table must handle.
 */
export async function prepareBigLibrary(): Promise<BigLibrary> {
  const dataDir = mkdtempSync(join(tmpdir(), 'cloudtune-bench-'));
  const db = await openDatabase(dataDir);
  try {
    await seedDemoLibrary(db, { songCount: 10_000 });
    const ids = ((await db.prepare('SELECT id FROM songs ORDER BY id LIMIT 10000').all()) as { id: number }[]).map((r) => r.id);
    const bigPlaylistId = await createPlaylist(db, { name: '千首串烧 · 基准测试', trackIds: ids.slice(0, 1000) });
    const hugePlaylistId = await createPlaylist(db, { name: '万首长列表 · 基准测试', trackIds: ids });
    const playerPlaylistId = await createPlaylist(db, { name: '从未播放 · 播放器基准', trackIds: ids.slice(5000, 5300) });
    return { dataDir, bigPlaylistId, hugePlaylistId, playerPlaylistId };
  } finally {
    await db.close();
  }
}
