import { http, HttpResponse, type JsonBodyType } from 'msw';
import { setupServer } from 'msw/node';
import album from './fixtures/album.json';
import banner from './fixtures/banner.json';
import lyric from './fixtures/lyric.json';
import personalized from './fixtures/personalized.json';
import playlistDetail from './fixtures/playlist_detail.json';
import songDetail from './fixtures/song_detail.json';
import songUrl from './fixtures/song_url.json';

/**
 * MSW handlers answering with the REAL recorded NeteaseCloudMusicApi bodies
 * (../../../../shared/ncm-fixtures, copied here), so the tests prove the client renders the
 * real API's shapes. Unhandled requests fail the test.
 */
export const fixtures = { album, banner, lyric, personalized, playlistDetail, songDetail, songUrl };

const api = (path: string) => `*/api${path}`;
const json = (body: JsonBodyType) => () => HttpResponse.json(body);

export const fixtureHandlers = [
  http.get(api('/banner'), json(banner)),
  http.get(api('/personalized'), json(personalized)),
  http.get(api('/playlist/detail'), json(playlistDetail)),
  http.get(api('/album'), json(album)),
  http.get(api('/song/detail'), json(songDetail)),
  http.get(api('/song/url'), json(songUrl)),
  http.get(api('/lyric'), json(lyric)),
];

export const server = setupServer(...fixtureHandlers);
export { http, HttpResponse, api };
