import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { headerValues, openApiCookieJar, parseSetCookie, withoutHeader } from '../src/services/api-cookies.ts';

const temp = mkdtempSync(join(tmpdir(), 'cloudtune-cookies-'));
afterAll(() => rmSync(temp, { recursive: true, force: true }));

describe('the API cookie jar', () => {
  it('parses Set-Cookie: Max-Age wins over Expires; a session cookie has no end', () => {
    const now = Date.UTC(2026, 0, 1);
    expect(parseSetCookie('MUSIC_U=abc; Max-Age=60; Path=/; HttpOnly; SameSite=Lax', now)).toEqual({
      name: 'MUSIC_U',
      value: 'abc',
      expires: now + 60_000,
    });
    expect(parseSetCookie('a=b; Expires=Thu, 01 Jan 2026 01:00:00 GMT', now)).toEqual({ name: 'a', value: 'b', expires: now + 3_600_000 });
    expect(parseSetCookie('a=b; Expires=Thu, 01 Jan 2026 01:00:00 GMT; Max-Age=1', now)!.expires).toBe(now + 1000);
    expect(parseSetCookie('s=1; Path=/', now)).toEqual({ name: 's', value: '1', expires: null });
    expect(parseSetCookie('novalue', now)).toBeNull();
    expect(parseSetCookie('bad name=1', now)).toBeNull();
  });

  it('keeps what the server sets, sends it back, forgets it on logout or expiry', async () => {
    let now = 1_000_000;
    const jar = await openApiCookieJar(null, () => now);
    expect(jar.header()).toBeNull();
    jar.receive(['MUSIC_U=token1; Max-Age=100; HttpOnly; SameSite=Lax', '__csrf=x; Path=/']);
    expect(jar.header()).toBe('MUSIC_U=token1; __csrf=x');
    jar.receive(['MUSIC_U=; Max-Age=0; Path=/']);
    expect(jar.header()).toBe('__csrf=x');
    jar.receive(['MUSIC_U=token2; Max-Age=10']);
    now += 11_000;
    expect(jar.header()).toBe('__csrf=x');
  });

  it('persists lasting cookies (not session ones) and drops expired ones when read back', async () => {
    const file = join(temp, 'api-cookies.json');
    let now = 5_000;
    const jar = await openApiCookieJar(file, () => now);
    jar.receive(['MUSIC_U=keep; Max-Age=1000', 'session=1', 'short=1; Max-Age=1']);
    await jar.saved();
    expect(JSON.parse(readFileSync(file, 'utf8')).map((c: { name: string }) => c.name)).toEqual(['MUSIC_U', 'short']);
    now += 2000;
    const again = await openApiCookieJar(file, () => now);
    expect(again.header()).toBe('MUSIC_U=keep');
  });

  it('reads and strips headers whatever their case', () => {
    const headers = { 'Set-Cookie': ['a=1'], 'set-cookie': 'b=2', 'Content-Type': 'x' };
    expect(headerValues(headers, 'set-cookie')).toEqual(['a=1', 'b=2']);
    expect(withoutHeader(headers, 'set-cookie')).toEqual({ 'Content-Type': 'x' });
  });
});
