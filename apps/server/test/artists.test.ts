import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getOk, loginByPhone } from './account-helpers.ts';
import { openDatabase, type Db } from '../src/db/connection.ts';
import { expectContract, expectError, getJson, startTestApp, type TestApp, shapeOf } from './helpers.ts';

let t: TestApp;
let db: Db;
beforeAll(async () => {
  t = await startTestApp();
  db = await openDatabase(t.dataDir);
});
afterAll(async () => {
  await db.close();
  await t.close();
});

interface ArtistRow {
  id: number;
  name: string;
  area: number;
  type: number;
  popularity: number;
  initial: string;
}
const rows = async () =>
  (await db.prepare('SELECT id, name, area, type, popularity, initial FROM artists ORDER BY popularity DESC, id').all()) as ArtistRow[];
const list = async (query: string) => expectContract('/artist/list', (await getJson(t.app, `/api/artist/list?${query}`)).body);

describe('/artist/list', () => {
  it('lists the hottest artists of a type and area (type defaults to 1 like NetEase)', async () => {
    const all = await list('type=-1&area=-1&initial=-1&limit=100');
    expect(all.artists.map((a) => a.id)).toEqual((await rows()).map((a) => a.id));
    expect(all.more).toBe(false);
    const chineseWomen = await list('type=2&area=7');
    expect(chineseWomen.artists.map((a) => a.id)).toEqual((await rows()).filter((a) => a.type === 2 && a.area === 7).map((a) => a.id));
    const defaultType = await list('area=96');
    expect(defaultType.artists.map((a) => a.id)).toEqual((await rows()).filter((a) => a.type === 1 && a.area === 96).map((a) => a.id));
    const first = all.artists[0]!;
    expect(first.picUrl).toMatch(/\/media\/image\/artist\/\d+\.jpg$/);
    expect(first).toMatchObject({ albumSize: expect.any(Number), musicSize: expect.any(Number), alias: expect.any(Array) });
  });

  it('files Chinese names by pinyin initial: 周… under z', async () => {
    const z = await list('type=-1&initial=z');
    expect(z.artists.length).toBeGreaterThanOrEqual(3);
    expect(z.artists.some((a) => a.name.startsWith('周'))).toBe(true);
    const initials = await rows();
    expect(z.artists.every((a) => initials.find((r) => r.id === a.id)!.initial === 'Z')).toBe(true);
    // Upper case and NetEase's char code (90 = 'Z') mean the same.
    expect((await list('type=-1&initial=Z')).artists).toEqual(z.artists);
    expect((await list('type=-1&initial=90')).artists).toEqual(z.artists);
  });

  it('initial 0 (or #) lists names without a Latin or pinyin initial, e.g. hangul', async () => {
    const hash = await list('type=-1&initial=0&limit=100');
    expect(hash.artists.length).toBeGreaterThan(0);
    expect(hash.artists.every((a) => /^[^A-Za-z\u4e00-\u9fff]/.test(a.name))).toBe(true);
    expect((await list('type=-1&initial=%23&limit=100')).artists).toEqual(hash.artists);
  });

  it('pages with offset and limit; past the end is empty with more: false', async () => {
    const everyone = (await rows()).map((a) => a.id);
    const first = await list('type=-1&limit=10');
    const second = await list('type=-1&limit=10&offset=10');
    expect(first.more).toBe(true);
    expect([...first.artists, ...second.artists].map((a) => a.id)).toEqual(everyone.slice(0, 20));
    const last = await list(`type=-1&limit=10&offset=${everyone.length - 4}`);
    expect(last.artists).toHaveLength(4);
    expect(last.more).toBe(false);
    expect(await list(`type=-1&offset=${everyone.length}`)).toMatchObject({ artists: [], more: false });
    expect((await list('type=-1')).artists).toHaveLength(30);
  });

  it.each([
    ['type=4', 'type must be one of -1, 1, 2, 3'],
    ['type=x', 'type must be an integer'],
    ['area=5', 'area must be one of -1, 7, 96, 8, 16, 0'],
    ['initial=ab', 'initial must be -1 (hot), 0 (#) or a letter a–z'],
    ['initial=%E5%91%A8', 'initial must be -1 (hot), 0 (#) or a letter a–z'],
    ['initial=64', 'initial must be -1 (hot), 0 (#) or a letter a–z'],
    ['limit=0', 'limit must be ≥ 1'],
    ['offset=-1', 'offset must be ≥ 0'],
  ])('rejects %s', async (query, msg) => {
    expectError(await getJson(t.app, `/api/artist/list?${query}`), 400, msg);
  });
});

describe('an artist page', async () => {
  const zhou = async () => (await rows()).find((a) => a.name.startsWith('周'))!;

  it('/artist/detail returns the head: name, pictures, sizes, rank in the area', async () => {
    const a = await zhou();
    const { data } = expectContract('/artist/detail', (await getJson(t.app, `/api/artist/detail?id=${a.id}`)).body);
    expect(data.artist).toMatchObject({ id: a.id, name: a.name, mvSize: 0, rank: { type: 1, rank: expect.any(Number) } });
    expect(data.artist.cover).toMatch(/\/media\/image\/artist\/\d+\.jpg$/);
    const chinese = (await rows()).filter((r) => r.area === 7);
    expect(data.artist.rank!.rank).toBe(chinese.findIndex((r) => r.id === a.id) + 1);
    expect(data.artist.musicSize).toBeGreaterThan(0);
    expect(data.identify?.imageDesc).toMatch(/^华语/);
  });

  it('/artist/album pages the albums newest first', async () => {
    const prolific = (await db
      .prepare('SELECT artist_id FROM albums GROUP BY artist_id ORDER BY COUNT(*) DESC, artist_id LIMIT 1')
      .pluck()
      .get()) as number;
    const total = (await db.prepare('SELECT COUNT(*) FROM albums WHERE artist_id = ?').pluck().get(prolific)) as number;
    expect(total).toBeGreaterThanOrEqual(3);
    const all = expectContract('/artist/album', (await getJson(t.app, `/api/artist/album?id=${prolific}`)).body);
    expect(all.hotAlbums).toHaveLength(total);
    expect(all.more).toBe(false);
    expect(all.artist.id).toBe(prolific);
    const times = all.hotAlbums.map((al) => al.publishTime);
    expect(times).toEqual([...times].sort((a, b) => b - a));
    for (const al of all.hotAlbums) expect(al.artist.id).toBe(prolific);
    const page = expectContract('/artist/album', (await getJson(t.app, `/api/artist/album?id=${prolific}&limit=2`)).body);
    expect(page.more).toBe(true);
    expect(page.hotAlbums.map((al) => al.id)).toEqual(all.hotAlbums.slice(0, 2).map((al) => al.id));
    const past = expectContract('/artist/album', (await getJson(t.app, `/api/artist/album?id=${prolific}&offset=${total}`)).body);
    expect(past).toMatchObject({ hotAlbums: [], more: false });
  });

  it('/artist/desc gives titled sections built from the catalog', async () => {
    const a = await zhou();
    const desc = expectContract('/artist/desc', (await getJson(t.app, `/api/artist/desc?id=${a.id}`)).body);
    expect(desc.briefDesc).toContain(a.name);
    expect(desc.introduction.map((s) => s.ti)).toEqual([a.name, '音乐风格', '音乐作品', '热门歌曲']);
    expect(desc.introduction[0]!.txt).toContain('地区：华语');
    expect(desc.introduction.every((s) => s.txt.length > 0)).toBe(true);
    // Deterministic.
    expect((await getJson(t.app, `/api/artist/desc?id=${a.id}`)).body).toEqual(desc);
  });

  it('/simi/artist scores similar artists (same area first), never the artist itself, never random', async () => {
    const a = await zhou();
    const simi = expectContract('/simi/artist', (await getJson(t.app, `/api/simi/artist?id=${a.id}`)).body);
    expect(simi.artists.length).toBeGreaterThanOrEqual(3);
    expect(simi.artists.map((x) => x.id)).not.toContain(a.id);
    const areas = await Promise.all(simi.artists.slice(0, 3).map(async (x) => (await rows()).find((r) => r.id === x.id)!.area));
    expect(areas).toEqual([7, 7, 7]);
    expect((await getJson(t.app, `/api/simi/artist?id=${a.id}`)).body).toEqual(simi);
  });

  it('/artists returns the artist with their songs, most popular first', async () => {
    const a = await zhou();
    const body = expectContract('/artists', (await getJson(t.app, `/api/artists?id=${a.id}`)).body);
    expect(body.artist.id).toBe(a.id);
    expect(body.hotSongs.length).toBe(Math.min(50, body.artist.musicSize!));
    const pops = body.hotSongs.map((s) => s.pop!);
    expect(pops).toEqual([...pops].sort((x, y) => y - x));
    expect(body.hotSongs.every((s) => s.ar.some((ar) => ar.id === a.id))).toBe(true);
    expect(body.more).toBe(false);
  });

  it.each(['/api/artist/detail', '/api/artist/album', '/api/artist/desc', '/api/simi/artist', '/api/artists'])(
    '%s validates id and answers 404 for an unknown artist',
    async (path) => {
      expectError(await getJson(t.app, path), 400, 'id is required');
      expectError(await getJson(t.app, `${path}?id=x`), 400, 'id must be an integer');
      expectError(await getJson(t.app, `${path}?id=99999`), 404, 'artist 99999 not found');
    },
  );

  it('/artist/album rejects bad paging', async () => {
    expectError(await getJson(t.app, '/api/artist/album?id=1&limit=0'), 400, 'limit must be ≥ 1');
    expectError(await getJson(t.app, '/api/artist/album?id=1&offset=x'), 400, 'offset must be an integer');
  });
});

describe('response shapes', () => {
  it.each([
    '/api/artist/list?type=-1&limit=1',
    '/api/artist/list?initial=q&type=3&area=16',
    '/api/artist/detail?id=2',
    '/api/artist/album?id=2&limit=1',
    '/api/artist/desc?id=2',
    '/api/simi/artist?id=2',
    '/api/artists?id=2',
  ])('%s', async (url) => {
    expect(shapeOf((await getJson(t.app, url)).body)).toMatchSnapshot();
  });
});

describe('the most popular and followed artists', () => {
  // An app of their own: following writes, and the demo listener follows no one here yet.
  let t: TestApp;
  let demo: string;
  beforeAll(async () => {
    t = await startTestApp();
    demo = await loginByPhone(t.app, '13800000000', 'cloudtune');
  });
  afterAll(async () => t?.close());
  const get = (url: string, session?: string) => getOk(t.app, url, session);

  it('/top/artists by popularity', async () => {
    const artists = expectContract('/top/artists', await get('/top/artists?limit=5'));
    expect(artists.artists).toHaveLength(5);
    expect(artists.more).toBe(true);
  });

  it('/artist/sub and /artist/sublist', async () => {
    expect(await get('/artist/sub?id=2&t=1', demo)).toEqual({ code: 200 });
    const list = expectContract('/artist/sublist', await get('/artist/sublist', demo));
    expect(list.data.map((a) => a.id)).toEqual([2]);
    expect(await get('/artist/sub?id=2&t=0', demo)).toEqual({ code: 200 });
    expect((await get('/artist/sublist', demo)).count).toBe(0);
  });
});
