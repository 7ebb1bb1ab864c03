import { http, HttpResponse, type JsonBodyType } from 'msw';
import { setupServer } from 'msw/node';
import { endpoints, type EndpointPath, type ResponseOf } from '@cloudtune/contract';
import { recorded } from '@cloudtune/ncm-fixtures';

/**
 * MSW handlers answering with the REAL recorded NeteaseCloudMusicApi bodies
 * (@cloudtune/ncm-fixtures), so the tests prove the client renders the
 * real API's shapes. Unhandled requests fail the test.
 */
/** A recorded body, typed by (and checked against) the contract's loose response schema. */
const body = <P extends EndpointPath>(path: P, name: string): ResponseOf<P> =>
  endpoints[path].response.parse(recorded(name)) as ResponseOf<P>;

const album = body('/album', 'album');
const banner = body('/banner', 'banner');
const lyric = body('/lyric', 'lyric');
const personalized = body('/personalized', 'personalized');
const playlistDetail = body('/playlist/detail', 'playlist_detail');
const songDetail = body('/song/detail', 'song_detail');
const songUrl = body('/song/url', 'song_url');
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
