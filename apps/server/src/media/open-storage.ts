import { join } from 'node:path';
import { LocalStorage, type Storage, type StorageConfig } from './storage.ts';

/**
 * The storage a server (or the importer) writes to: the data directory's media folder, or the
 * bucket. The object-storage client is loaded only when one is configured.
 */
export async function openStorage(config: StorageConfig, dataDir: string): Promise<Storage> {
  const mediaRoot = join(dataDir, 'media');
  if (config.kind === 'local') return new LocalStorage(mediaRoot);
  const { S3Storage } = await import('./s3-storage.ts');
  return new S3Storage(config, join(mediaRoot, 'staging'));
}
