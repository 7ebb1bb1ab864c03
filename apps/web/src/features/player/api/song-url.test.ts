import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { api, fixtures, http, HttpResponse, server } from '../../../test/msw.ts';
import { DEFAULT_PLAYBACK, usePlaybackSettings } from '../playback-settings.store.ts';
import { fetchSongUrl } from './song-url.ts';

let asked: URLSearchParams[] = [];
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
beforeEach(() => {
  usePlaybackSettings.setState(DEFAULT_PLAYBACK);
  asked = [];
  server.use(
    http.get(api('/song/url'), ({ request }) => {
      asked.push(new URL(request.url).searchParams);
      return HttpResponse.json(fixtures.songUrl);
    }),
  );
});
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

const song = fixtures.songUrl.data[0]!;

describe('/song/url params', () => {
  it('sends the default bit rate and the fixed sources', async () => {
    expect(await fetchSongUrl(song.id)).toBe(song.url);
    expect(asked[0]!.get('id')).toBe(String(song.id));
    expect(asked[0]!.get('br')).toBe('320000');
    expect(asked[0]!.get('source')).toBe('qq,kuwo,migu');
  });

  it('carries the chosen bit rate and sources', async () => {
    usePlaybackSettings.getState().addSource('kugou');
    usePlaybackSettings.getState().setBitRate(128000);
    await fetchSongUrl(song.id);
    expect(asked[0]!.get('br')).toBe('128000');
    expect(asked[0]!.get('source')).toBe('qq,kuwo,migu,kugou');
  });
});
