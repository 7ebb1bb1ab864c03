import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { call, getOk, loginByPhone, type Json } from './account-helpers.ts';
import { expectContract, startTestApp, type TestApp } from './helpers.ts';

let t: TestApp;
let demo: string;
beforeAll(async () => {
  t = await startTestApp();
  demo = await loginByPhone(t.app, '13800000000', 'cloudtune');
});
afterAll(async () => t?.close());

const get = (url: string, session?: string) => getOk(t.app, url, session);

describe('私人FM', () => {
  test('three songs at a time from the listener’s taste; /fm_trash keeps a song out', async () => {
    const fm = expectContract('/personal_fm', await get('/personal_fm', demo));
    expect(fm.data).toHaveLength(3);
    expect(fm.data[0]).toMatchObject({ album: { id: expect.any(Number) }, artists: expect.any(Array), duration: expect.any(Number) });
    const anonymous = await get('/personal_fm');
    expect(anonymous.data).toHaveLength(3);
    const trashed = fm.data[0]!.id;
    expect((await get(`/fm_trash?id=${trashed}`, demo)).code).toBe(200);
    for (let i = 0; i < 10; i++) expect((await get('/personal_fm', demo)).data.map((s: Json) => s.id)).not.toContain(trashed);
    expect((await call(t.app, `/api/fm_trash?id=${trashed}`)).status).toBe(301);
  });
});
