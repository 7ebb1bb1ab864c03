import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createPlaylist, openDatabase, seedDemoLibrary } from '@cloudtune/server';

/**
 * A data directory with the demo library grown to 1,200 songs plus one 1,000-track playlist,
 * so `/playlist/detail` is measured on the size SPEC's song table must handle.
 */
export function prepareBigLibrary(): { dataDir: string; bigPlaylistId: number } {
  const dataDir = mkdtempSync(join(tmpdir(), 'cloudtune-bench-'));
  const db = openDatabase(dataDir);
  try {
    seedDemoLibrary(db, { songCount: 1200 });
    const ids = (db.prepare('SELECT id FROM songs ORDER BY id LIMIT 1000').all() as { id: number }[]).map((r) => r.id);
    const bigPlaylistId = createPlaylist(db, { name: '千首串烧 · 基准测试', trackIds: ids });
    return { dataDir, bigPlaylistId };
  } finally {
    db.close();
  }
}
