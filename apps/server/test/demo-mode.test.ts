import { describe, expect, test } from 'vitest';
import { loadConfig } from '../src/config.ts';

/**
 * Demo mode and administrators (docs/decisions/0027-running-on-a-network.md): the demo account
 * logs in only in demo mode — by default a server only this machine reaches — while the demo
 * catalogue is there in every mode; the first account registered administers a server that is
 * not a demo, and CLOUDTUNE_ADMIN names administrators by phone.
 */
describe('the demo decision (config)', () => {
  test('npm start with no setting listens on loopback and is a demo', () => {
    expect(loadConfig({})).toMatchObject({ host: '127.0.0.1', demo: true, admins: [] });
    // the desktop shell's API-only mode too: a personal app on loopback
    expect(loadConfig({ CLOUDTUNE_API_ONLY: '1' })).toMatchObject({ host: '127.0.0.1', demo: true });
    for (const host of ['127.0.0.1', '127.0.0.2', 'localhost', '::1', '[::1]']) expect(loadConfig({ HOST: host }).demo).toBe(true);
  });

  test('a server others can reach is no demo: HOST beyond loopback, a trusted proxy, a public URL', () => {
    for (const host of ['0.0.0.0', '::', '192.168.1.20', 'music.lan', '::ffff:10.0.0.1'])
      expect(loadConfig({ HOST: host }).demo).toBe(false);
    expect(loadConfig({ CLOUDTUNE_TRUSTED_PROXIES: '127.0.0.1' }).demo).toBe(false);
    expect(loadConfig({ CLOUDTUNE_PUBLIC_URL: 'https://music.example.com' }).demo).toBe(false);
  });

  test('CLOUDTUNE_DEMO decides when set', () => {
    expect(loadConfig({ HOST: '0.0.0.0', CLOUDTUNE_DEMO: '1' }).demo).toBe(true);
    expect(loadConfig({ HOST: '0.0.0.0', CLOUDTUNE_DEMO: 'true' }).demo).toBe(true);
    expect(loadConfig({ CLOUDTUNE_DEMO: '0' }).demo).toBe(false);
    expect(loadConfig({ CLOUDTUNE_API_ONLY: '1', CLOUDTUNE_DEMO: 'false' }).demo).toBe(false);
    expect(loadConfig({ CLOUDTUNE_DEMO: ' ' }).demo).toBe(true);
    expect(() => loadConfig({ CLOUDTUNE_DEMO: 'yes' })).toThrow(/CLOUDTUNE_DEMO must be 1 or 0/);
  });

  test('CLOUDTUNE_ADMIN lists phones: mainland numbers, or a country code and a number', () => {
    expect(loadConfig({ CLOUDTUNE_ADMIN: '13812345678, +852-61234567 44-7700900123' }).admins).toEqual([
      { countryCode: '86', phone: '13812345678' },
      { countryCode: '852', phone: '61234567' },
      { countryCode: '44', phone: '7700900123' },
    ]);
    for (const bad of ['alice', '1234', '23812345678', '+86-1381234567', '+12345-6789012']) {
      expect(() => loadConfig({ CLOUDTUNE_ADMIN: bad })).toThrow(/CLOUDTUNE_ADMIN must list phone numbers/);
    }
  });
});
