import { afterAll, beforeAll, expect, test } from 'vitest';
import { formFields } from '../src/http/form-body.ts';
import { startTestApp, type TestApp } from './helpers.ts';

/** Form bodies (OpenSubsonic's formPost) carry repeated params as the query string does. */
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => t?.close());

test('a name given twice is a list, once a value; __proto__ is a field like any other', () => {
  expect({ ...formFields('id=1&id=2&id=3&c=x') }).toEqual({ id: ['1', '2', '3'], c: 'x' });
  const odd = formFields('__proto__=1&constructor=2');
  expect(Object.keys(odd)).toEqual(['__proto__', 'constructor']);
  expect(odd.constructor).toBe('2');
  expect(({} as Record<string, unknown>).polluted).toBeUndefined();
});

test('a form POST to /rest with repeated ids acts on every one, as the same GET does', async () => {
  const form = (method: string, fields: string) =>
    t.app.inject({
      method: 'POST',
      url: `/rest/${method}.view`,
      payload: `u=13800000000&p=subsonic&v=1.16.1&c=form&f=json&${fields}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
  expect((await form('star', 'albumId=al-1&albumId=al-2&albumId=al-3')).json()['subsonic-response'].status).toBe('ok');
  const starred = (await form('getStarred2', '')).json()['subsonic-response'].starred2;
  expect(starred.album.map((a: { id: string }) => a.id).sort()).toEqual(['al-1', 'al-2', 'al-3']);
});
