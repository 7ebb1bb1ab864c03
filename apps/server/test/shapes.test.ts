import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getJson, shapeOf, startTestApp, type TestApp } from './helpers.ts';

/**
 * Golden snapshots of the wire shapes (field names and value types, not values): an
 * accidental rename or type change shows up as a snapshot diff to review.
 */
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

describe('response shapes', () => {
  it.each([
    '/api/banner',
    '/api/banner?type=1',
    '/api/personalized?limit=1',
    '/api/playlist/detail?id=1',
    '/api/song/detail?ids=1',
    '/api/album?id=1',
    '/api/lyric?id=1',
    '/api/playlist/detail?id=99999',
  ])('%s', async (url) => {
    const { body } = await getJson(t.app, url);
    expect(shapeOf(body)).toMatchSnapshot();
  });
});
