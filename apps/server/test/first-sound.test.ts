import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { expectContract, getJson, startTestApp, type TestApp } from './helpers.ts';

/**
 * A listener's song is made before songs rendered ahead for nobody: with one encode slot (as on
 * a busy machine, where every slot is taken), a prepared render gives its slot up to a listener
 * at once and is made again afterwards. Real renders, real ffmpeg, over real HTTP.
 */
let t: TestApp;
let base: string;
let byLength: { id: number; dt: number }[];
const taken: number[] = [];
const fresh = (length: 'long' | 'short') => {
  const song = (length === 'long' ? byLength : [...byLength].reverse()).find((s) => !taken.includes(s.id))!;
  taken.push(song.id);
  return song.id;
};

beforeAll(async () => {
  t = await startTestApp({ encodeSlots: 1 });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(t.app.server.address() as { port: number }).port}/api`;
  const ids = Array.from({ length: 480 }, (_, i) => i + 1).join(',');
  const all = expectContract('/song/detail', (await getJson(t.app, `/api/song/detail?ids=${ids}`)).body).songs;
  byLength = all.map((s) => ({ id: s.id, dt: s.dt })).sort((a, b) => b.dt - a.dt);
});
afterAll(() => t.close());

/** Polled, never slept; generous, as the machine may be busy. */
const SETTLED = { timeout: 30_000, interval: 20 };
const audioDir = () => join(t.dataDir, 'media', 'audio');
const stored = (id: number) => join(audioDir(), `${id}.mp3`);
const rendering = (id: number) => existsSync(audioDir()) && readdirSync(audioDir()).some((f) => f.startsWith(`${id}.mp3.`));
const recorded = async (id: number) =>
  (await t.app.inject({ method: 'HEAD', url: `/api/media/audio/${id}.mp3` })).headers['content-length'] !== undefined;
const prepare = async (id: number) =>
  expectContract('/song/prepare', (await getJson(t.app, `/api/song/prepare?id=${id}`)).body).data[0]!.state;

async function readAll(res: Response): Promise<Buffer> {
  return Buffer.from(await res.arrayBuffer());
}

describe('a listener before songs rendered ahead', () => {
  it("pre-empts a prepared render: the listener's first bytes come while it would still be running, and it is made again afterwards", async () => {
    const ahead = fresh('long');
    const picked = fresh('short');
    expect(await prepare(ahead)).toBe('preparing');
    // The prepared render holds the only slot: its temporary file is growing.
    await vi.waitFor(() => expect(rendering(ahead)).toBe(true), SETTLED);

    const res = await fetch(`${base}/media/audio/${picked}.mp3`);
    expect(res.status).toBe(200);
    const reader = res.body!.getReader();
    const first = await reader.read();
    expect(first.value!.length).toBeGreaterThan(0);
    // Without pre-emption the listener would have waited for the whole prepared song.
    expect(await recorded(ahead)).toBe(false);
    expect(existsSync(stored(ahead))).toBe(false);

    const parts = [Buffer.from(first.value!)];
    for (let r = await reader.read(); !r.done; r = await reader.read()) parts.push(Buffer.from(r.value));
    const song = Buffer.concat(parts);
    expect(song.length).toBe(Number(res.headers.get('content-length')));
    await vi.waitFor(async () => expect(await recorded(picked)).toBe(true), SETTLED);
    expect(readFileSync(stored(picked)).equals(song)).toBe(true);

    // The prepared song is made again once the slot is free, and asked for once only.
    await vi.waitFor(async () => expect(await recorded(ahead)).toBe(true), SETTLED);
    expect(await prepare(ahead)).toBe('ready');
    const whole = await readAll(await fetch(`${base}/media/audio/${ahead}.mp3`));
    expect(whole.equals(readFileSync(stored(ahead)))).toBe(true);
  });

  it('a prepared render a listener joins is their render: it is not pre-empted by the next listener', async () => {
    const joined = fresh('short');
    const next = fresh('short');
    expect(await prepare(joined)).toBe('preparing');
    await vi.waitFor(() => expect(rendering(joined)).toBe(true), SETTLED);
    const listening = await fetch(`${base}/media/audio/${joined}.mp3`);
    const reader = listening.body!.getReader();
    await reader.read();

    // The next listener waits for the slot: the joined render runs on to its end first.
    const other = await fetch(`${base}/media/audio/${next}.mp3`);
    await other.body!.getReader().read();
    expect(await recorded(joined)).toBe(true);
    for (let r = await reader.read(); !r.done; r = await reader.read());
    await vi.waitFor(async () => expect(await recorded(next)).toBe(true), SETTLED);
  });
});
