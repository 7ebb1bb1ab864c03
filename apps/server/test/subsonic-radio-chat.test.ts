import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { call, register } from './account-helpers.ts';
import { startTestApp, type TestApp } from './helpers.ts';
import { subsonicCalls, type Json } from './subsonic-calls.ts';

/**
 * Internet radio stations (administrators write, everyone reads), the chat room and jukeboxControl
 * (there is no jukebox), through /rest in XML and JSON. Time is a clock the test moves.
 */
let now = Date.UTC(2025, 5, 1, 4);
let t: TestApp;
let other: string;
beforeAll(async () => {
  t = await startTestApp({ clock: () => now });
  const session = await register(t.app, t.dataDir, '13900000201', 'password1', '听众甲');
  const made = (await call(t.app, '/api/subsonic/password', { session, method: 'POST' })).body.data as Json;
  other = `u=13900000201&p=${made.password}&v=1.16.1&c=test`;
});
afterAll(async () => t?.close());

const { ok, failed, golden } = subsonicCalls(() => t.app);
const q = (fields: Record<string, string>) => new URLSearchParams(fields).toString();

describe('internet radio stations', () => {
  test('none at first; an administrator adds, changes and deletes them; everyone reads the list', async () => {
    await golden('getInternetRadioStations-empty', 'getInternetRadioStations');
    await golden(
      'createInternetRadioStation',
      'createInternetRadioStation',
      q({ name: '古典 FM', streamUrl: 'https://radio.example/classic.mp3', homepageUrl: 'https://radio.example/' }),
      { jsonQuery: q({ name: 'Jazz & Blues <24h>', streamUrl: 'http://jazz.example:8000/live.aac' }) },
    );
    await golden('getInternetRadioStations', 'getInternetRadioStations');
    const stations = (await ok('getInternetRadioStations', '', other)).internetRadioStations.internetRadioStation;
    expect(stations).toEqual([
      { id: '1', name: '古典 FM', streamUrl: 'https://radio.example/classic.mp3', homePageUrl: 'https://radio.example/' },
      { id: '2', name: 'Jazz & Blues <24h>', streamUrl: 'http://jazz.example:8000/live.aac' },
    ]);
    await golden(
      'updateInternetRadioStation',
      'updateInternetRadioStation',
      q({ id: '2', name: 'Jazz', streamUrl: 'https://jazz.example/live' }),
      {
        jsonQuery: q({ id: 'ir-2', name: 'Jazz 24', streamUrl: 'https://jazz.example/live', homePageUrl: 'https://jazz.example/' }),
      },
    );
    expect((await ok('getInternetRadioStations')).internetRadioStations.internetRadioStation[1]).toEqual({
      id: '2',
      name: 'Jazz 24',
      streamUrl: 'https://jazz.example/live',
      homePageUrl: 'https://jazz.example/',
    });
    await ok('createInternetRadioStation', q({ name: 'Third', streamUrl: 'https://third.example/' }));
    await golden('deleteInternetRadioStation', 'deleteInternetRadioStation', 'id=1', { jsonQuery: 'id=3' });
    expect((await ok('getInternetRadioStations')).internetRadioStations.internetRadioStation.map((s: Json) => s.id)).toEqual(['2']);
  });

  test('only an administrator writes (50); URLs must be http(s); unknown stations are 70', async () => {
    const station = q({ name: 'Mine', streamUrl: 'https://mine.example/' });
    await golden('createInternetRadioStation-not-admin', 'createInternetRadioStation', station, { auth: other });
    await failed('updateInternetRadioStation', `id=2&${station}`, 50, other);
    await failed('deleteInternetRadioStation', 'id=2', 50, other);
    for (const streamUrl of [
      'javascript:alert(1)',
      'file:///etc/passwd',
      'ftp://x.example/a',
      'not a url',
      `https://x.example/${'a'.repeat(2100)}`,
    ]) {
      expect(await failed('createInternetRadioStation', q({ name: 'Bad', streamUrl }), 0)).toBe(
        'streamUrl must be an http or https URL of at most 2048 characters',
      );
    }
    expect(
      await failed('createInternetRadioStation', q({ name: 'Bad', streamUrl: 'https://a.example/', homepageUrl: 'data:text/html,x' }), 0),
    ).toMatch(/^homepageUrl must be an http or https URL/);
    expect(await failed('createInternetRadioStation', q({ name: 'Creds', streamUrl: 'https://user:pw@a.example/' }), 0)).toBe(
      'streamUrl must not carry a user name or password',
    );
    await failed('createInternetRadioStation', q({ streamUrl: 'https://a.example/' }), 10);
    await failed('createInternetRadioStation', q({ name: 'No stream' }), 10);
    await failed('updateInternetRadioStation', `id=99&${station}`, 70);
    await failed('deleteInternetRadioStation', 'id=99', 70);
    await failed('deleteInternetRadioStation', 'id=x', 0);
    expect((await ok('getInternetRadioStations')).internetRadioStations.internetRadioStation).toHaveLength(1);
  });
});

describe('chat', () => {
  test('everyone reads every message, newest first, authors by nickname; since= keeps the newer ones', async () => {
    await golden('getChatMessages-empty', 'getChatMessages');
    await ok('addChatMessage', 'message=%E5%A4%A7%E5%AE%B6%E5%A5%BD');
    now += 1000;
    await ok('addChatMessage', `message=${encodeURIComponent('  hello <b>&</b>  ')}`, other);
    now += 1000;
    await golden('getChatMessages', 'getChatMessages');
    const messages = (await ok('getChatMessages', '', other)).chatMessages.chatMessage;
    expect(messages.map((m: Json) => m.message)).toEqual(['hello <b>&</b>', '大家好']);
    // never the phone an author logs in with
    expect(JSON.stringify(messages)).not.toContain('13900000201');
    expect((await ok('getChatMessages', `since=${messages[1].time}`)).chatMessages.chatMessage).toHaveLength(1);
    expect((await ok('getChatMessages', `since=${messages[0].time}`)).chatMessages).toEqual({ chatMessage: [] });
  });

  test('a message is 1–1000 characters; old messages are gone after 30 days', async () => {
    await failed('addChatMessage', '', 10);
    expect(await failed('addChatMessage', 'message=%20%20', 10)).toBe('Required parameter is missing: message');
    expect(await failed('addChatMessage', `message=${'x'.repeat(1001)}`, 0)).toBe('message must be 1–1000 characters');
    await failed('getChatMessages', 'since=yesterday', 0);
    now += 31 * 24 * 3600_000;
    expect((await ok('getChatMessages')).chatMessages.chatMessage).toEqual([]);
  });
});

describe('jukeboxControl', () => {
  test('every action is not authorized: the server has no audio output (jukeboxRole is false for everyone)', async () => {
    await golden('jukeboxControl', 'jukeboxControl', 'action=status');
    for (const action of ['get', 'start', 'add&id=1', '']) {
      expect(await failed('jukeboxControl', `action=${action}`, 50)).toBe(
        'Jukebox mode is not available: this server does not play audio itself',
      );
    }
    expect((await ok('getUser')).user.jukeboxRole).toBe(false);
  });
});
