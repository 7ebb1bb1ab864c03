import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getOk, type Json } from './account-helpers.ts';
import { expectContract, expectError, getJson, startTestApp, type TestApp, shapeOf } from './helpers.ts';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

const highQuality = async (query: string) =>
  expectContract('/top/playlist/highquality', (await getJson(t.app, `/api/top/playlist/highquality${query}`)).body);

describe('/top/playlist/highquality', () => {
  it('lists curated playlists newest first in NetEase shape, 50 by default', async () => {
    const page = await highQuality('');
    expect(page.total).toBeGreaterThanOrEqual(20);
    expect(page.playlists).toHaveLength(Math.min(50, page.total));
    expect(page.more).toBe(page.total > 50);
    const times = page.playlists.map((p) => p.updateTime);
    expect(times).toEqual([...times].sort((a, b) => b - a));
    expect(page.lasttime).toBe(times.at(-1));
    for (const p of page.playlists) {
      expect(p.highQuality).toBe(true);
      expect(p.tags).toContain(p.tag);
      expect(p.creator.userId).toBe(p.userId);
      expect(p).toMatchObject({ tracks: null, specialType: 0 });
    }
  });

  it('filters by tag (cat); 全部 means every tag', async () => {
    const all = await highQuality('?cat=全部&limit=100');
    const rock = await highQuality(`?cat=${encodeURIComponent('摇滚')}&limit=100`);
    expect(rock.playlists.length).toBeGreaterThan(0);
    expect(rock.total).toBe(rock.playlists.length);
    expect(rock.total).toBeLessThan(all.total);
    for (const p of rock.playlists) {
      expect(p.tags).toContain('摇滚');
      expect(p.tag).toBe('摇滚');
    }
  });

  it('has curated playlists for every tag of /playlist/highquality/tags', async () => {
    const { tags } = expectContract('/playlist/highquality/tags', (await getJson(t.app, '/api/playlist/highquality/tags')).body);
    expect(tags.length).toBeGreaterThanOrEqual(30);
    for (const tag of tags.slice(0, 8)) {
      expect((await highQuality(`?cat=${encodeURIComponent(tag.name)}&limit=1`)).playlists).toHaveLength(1);
    }
  });

  it('matches the tag name case-insensitively and reports it as NetEase spells it', async () => {
    const page = await highQuality('?cat=acg');
    expect(page.playlists.length).toBeGreaterThan(0);
    expect(page.playlists.every((p) => p.tag === 'ACG' && p.tags.includes('ACG'))).toBe(true);
  });

  it('an unknown tag is an empty page, not an error', async () => {
    const page = await highQuality(`?cat=${encodeURIComponent('不存在的标签')}`);
    expect(page).toMatchObject({ playlists: [], more: false, total: 0 });
  });

  it('pages by `before` (lasttime) without skipping or repeating playlists that share an updateTime', async () => {
    const everything = (await highQuality('?limit=100')).playlists;
    const times = everything.map((p) => p.updateTime);
    expect(new Set(times).size).toBeLessThan(times.length); // the demo does have such ties
    for (const limit of [2, 3, 5]) {
      const seen: number[] = [];
      let before: number | undefined;
      for (let guard = 0; guard < 50; guard++) {
        const page = await highQuality(`?limit=${limit}${before === undefined ? '' : `&before=${before}`}`);
        seen.push(...page.playlists.map((p) => p.id));
        if (!page.more) break;
        before = page.lasttime;
      }
      expect(seen).toEqual(everything.map((p) => p.id));
    }
  });

  it('pages by offset exactly; past the end is an empty page with more: false', async () => {
    const everything = (await highQuality('?limit=100')).playlists.map((p) => p.id);
    const first = await highQuality('?limit=7&offset=0');
    const second = await highQuality('?limit=7&offset=7');
    expect(first.playlists.map((p) => p.id)).toEqual(everything.slice(0, 7));
    expect(second.playlists.map((p) => p.id)).toEqual(everything.slice(7, 14));
    const last = await highQuality(`?limit=7&offset=${everything.length - 3}`);
    expect(last.playlists).toHaveLength(3);
    expect(last.more).toBe(false);
    const past = await highQuality(`?offset=${everything.length + 10}`);
    expect(past).toMatchObject({ playlists: [], more: false, total: everything.length });
    const beforeAll = await highQuality('?before=1');
    expect(beforeAll).toMatchObject({ playlists: [], more: false });
  });

  it('accepts POST with a form body', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/top/playlist/highquality',
      payload: `cat=${encodeURIComponent('华语')}&limit=2`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(res.statusCode).toBe(200);
    expect(expectContract('/top/playlist/highquality', res.json()).playlists.every((p) => p.tags.includes('华语'))).toBe(true);
  });

  it.each([
    ['limit=0', 'limit must be ≥ 1'],
    ['limit=x', 'limit must be an integer'],
    ['before=yesterday', 'before must be an integer'],
    ['before=-5', 'before must be ≥ 0'],
    ['offset=-1', 'offset must be ≥ 0'],
    [`cat=${'长'.repeat(41)}`, 'cat must be at most 40 characters'],
  ])('rejects %s', async (query, msg) => {
    expectError(await getJson(t.app, `/api/top/playlist/highquality?${encodeURI(query)}`), 400, msg);
  });
});

describe('tags', () => {
  it('/playlist/highquality/tags lists tags with curated playlists, in catalogue order', async () => {
    const { tags } = expectContract('/playlist/highquality/tags', (await getJson(t.app, '/api/playlist/highquality/tags')).body);
    const categories = tags.map((x) => x.category);
    expect(categories).toEqual([...categories].sort((a, b) => a - b));
    expect(tags[0]).toMatchObject({ name: '华语', category: 0 });
  });

  it('/playlist/hot lists the hot tags with usage counts', async () => {
    const { tags } = expectContract('/playlist/hot', (await getJson(t.app, '/api/playlist/hot')).body);
    expect(tags.map((x) => x.name)).toEqual(expect.arrayContaining(['华语', '流行', '摇滚', '民谣', '电子']));
    expect(tags.map((x) => x.position)).toEqual(tags.map((_, i) => i + 1));
    for (const tag of tags) {
      expect(tag.hot).toBe(true);
      expect(tag.usedCount).toBeGreaterThan(0);
      expect(tag.playlistTag).toMatchObject({ id: tag.id, name: tag.name, category: tag.category });
    }
  });

  it('/playlist/catlist groups every tag under 全部歌单 with the five category names', async () => {
    const cat = expectContract('/playlist/catlist', (await getJson(t.app, '/api/playlist/catlist')).body);
    expect(cat.all).toMatchObject({ name: '全部歌单', category: 4, hot: false, resourceCount: 48 });
    expect(cat.categories).toEqual({ 0: '语种', 1: '风格', 2: '场景', 3: '情感', 4: '主题' });
    expect(new Set(cat.sub.map((s) => s.category))).toEqual(new Set([0, 1, 2, 3, 4]));
    expect(cat.sub.find((s) => s.name === 'R&B/Soul')).toMatchObject({ category: 1 });
    expect(cat.sub.every((s) => (s.resourceCount ?? 0) >= 1)).toBe(true);
  });
});

describe('response shapes', () => {
  it.each([
    '/api/top/playlist/highquality?limit=1',
    '/api/top/playlist/highquality?cat=nope',
    '/api/playlist/highquality/tags',
    '/api/playlist/hot',
    '/api/playlist/catlist',
  ])('%s', async (url) => {
    expect(shapeOf((await getJson(t.app, encodeURI(url))).body)).toMatchSnapshot();
  });
});

describe('/top/playlist', () => {
  const get = (url: string, session?: string) => getOk(t.app, url, session);

  it('/top/playlist by tag and order; more and total; an unknown tag is an empty list', async () => {
    const hot = expectContract('/top/playlist', await get('/top/playlist?cat=%E5%85%A8%E9%83%A8&limit=10&offset=0'));
    expect(hot.playlists).toHaveLength(10);
    expect(hot.cat).toBe('全部');
    const plays = hot.playlists.map((p) => p.playCount as number);
    expect(plays).toEqual([...plays].sort((a, b) => b - a));
    expect(hot.more).toBe(true);
    const fresh = (await get('/top/playlist?order=new&limit=10')).playlists.map((p: Json) => p.createTime as number);
    expect(fresh).toEqual([...fresh].sort((a, b) => b - a));
    const tag = (await get('/playlist/catlist')).sub[0].name as string;
    const tagged = await get(`/top/playlist?cat=${encodeURIComponent(tag)}&limit=100`);
    expect(tagged.playlists.length).toBeGreaterThan(0);
    expect(tagged.playlists.every((p: Json) => p.tags.includes(tag))).toBe(true);
    expect(await get('/top/playlist?cat=%E4%B8%8D%E5%AD%98%E5%9C%A8')).toMatchObject({ playlists: [], total: 0, more: false });
    expect(shapeOf(hot.playlists[0])).toMatchSnapshot();
  });
});
