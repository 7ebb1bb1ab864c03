import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { endpoints, type EndpointPath } from '../src/index.ts';

const fixtureDir = fileURLToPath(new URL('../../../../shared/ncm-fixtures/', import.meta.url));
const load = (name: string): unknown => JSON.parse(readFileSync(fixtureDir + name, 'utf8'));

/** Real recorded NeteaseCloudMusicApi bodies must parse with our response schemas. */
const cases: [EndpointPath, string][] = [
  ['/banner', 'banner.json'],
  ['/banner', 'banner.type2_iphone.json'],
  ['/personalized', 'personalized.json'],
  ['/playlist/detail', 'playlist_detail.json'],
  ['/song/detail', 'song_detail.json'],
  ['/song/url', 'song_url.json'],
  ['/lyric', 'lyric.json'],
  ['/album', 'album.json'],
];

describe('contract accepts real NeteaseCloudMusicApi responses', () => {
  it.each(cases)('%s ← %s', (path, file) => {
    const result = endpoints[path].response.safeParse(load(file));
    expect(result.error?.issues ?? []).toEqual([]);
  });
});
