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
const highquality = body('/top/playlist/highquality', 'top_playlist_highquality');
const highqualityTags = body('/playlist/highquality/tags', 'playlist_highquality_tags');
const playlistHot = body('/playlist/hot', 'playlist_hot');
const toplistDetail = body('/toplist/detail', 'toplist_detail');
const artistList = body('/artist/list', 'artist_list');
const artistDetail = body('/artist/detail', 'artist_detail');
const artists = body('/artists', 'artists');
const artistAlbum = body('/artist/album', 'artist_album');
const artistDesc = body('/artist/desc', 'artist_desc');
const simiArtist = body('/simi/artist', 'simi_artist');
const recommendResource = body('/recommend/resource', 'recommend_resource');
const searchSongs = body('/search', 'search_type1');
const userPlaylist = body('/user/playlist', 'user_playlist');
/**
 * No /playlist/catlist body was recorded: this one is built in NetEase's catlist shape
 * (`all`, `sub[]`, `categories`) from the recorded tags of /playlist/highquality/tags and /playlist/hot.
 */
const catlist = endpoints['/playlist/catlist'].response.parse({
  code: 200,
  all: {
    name: '全部歌单',
    resourceCount: 1000,
    imgId: 0,
    imgUrl: null,
    type: 0,
    category: 4,
    resourceType: 0,
    hot: false,
    activity: false,
  },
  sub: [...highqualityTags.tags, ...playlistHot.tags]
    .filter((tag, i, all) => all.findIndex((t) => t.name === tag.name) === i)
    .map(({ name, category, hot }) => ({
      name,
      resourceCount: 100,
      imgId: 0,
      imgUrl: null,
      type: 0,
      category,
      resourceType: 0,
      hot: hot ?? false,
      activity: false,
    })),
  categories: { 0: '语种', 1: '风格', 2: '场景', 3: '情感', 4: '主题' },
}) as ResponseOf<'/playlist/catlist'>;
export const fixtures = {
  album,
  banner,
  lyric,
  personalized,
  playlistDetail,
  songDetail,
  songUrl,
  highquality,
  highqualityTags,
  playlistHot,
  catlist,
  toplistDetail,
  artistList,
  artistDetail,
  artists,
  artistAlbum,
  artistDesc,
  simiArtist,
  recommendResource,
  searchSongs,
  userPlaylist,
};

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
  // The recorded song has no word-by-word lyrics: /lyric/new answers /lyric's blocks, without yrc.
  http.get(api('/lyric/new'), json(lyric)),
  // The recorded page says `more`; the page after it (asked for with `before`) is the last.
  http.get(api('/top/playlist/highquality'), ({ request }) =>
    HttpResponse.json(new URL(request.url).searchParams.has('before') ? { ...highquality, playlists: [], more: false } : highquality),
  ),
  http.get(api('/playlist/hot'), json(playlistHot)),
  http.get(api('/playlist/catlist'), json(catlist)),
  http.get(api('/toplist/detail'), json(toplistDetail)),
  // The page after the last one is empty, which ends the list.
  http.get(api('/artist/list'), ({ request }) =>
    HttpResponse.json(
      Number(new URL(request.url).searchParams.get('offset') ?? 0) > 0 ? { ...artistList, artists: [], more: false } : artistList,
    ),
  ),
  http.get(api('/artist/detail'), json(artistDetail)),
  http.get(api('/artists'), json(artists)),
  http.get(api('/artist/album'), json(artistAlbum)),
  http.get(api('/artist/desc'), json(artistDesc)),
  http.get(api('/simi/artist'), json(simiArtist)),
  // A logged-in user's first screen: their daily playlists and the songs they like (none yet).
  http.get(api('/recommend/resource'), json(recommendResource)),
  http.get(api('/likelist'), () => HttpResponse.json({ code: 200, ids: [], checkPoint: Date.now() })),
  // …and the sidebar's playlists (a recorded user's: theirs and the ones they collected).
  http.get(api('/user/playlist'), json(userPlaylist)),
  http.get(api('/search'), json(searchSongs)),
  // Cloudtune's own: the next song of the queue is made ahead (a recorded song is already on disk).
  http.post(api('/song/prepare'), ({ request }) =>
    HttpResponse.json({ code: 200, data: [{ id: Number(new URL(request.url).searchParams.get('id')), state: 'ready' }] }),
  ),
  // Cloudtune's own (设置 → Subsonic): nobody is logged in unless a test says so (the body's code
  // says 301: a 301 status without a Location would be followed by the interceptor).
  http.get(api('/subsonic/password/status'), () => HttpResponse.json({ code: 301, msg: '需要登录' })),
];

export const server = setupServer(...fixtureHandlers);

/**
 * The requests no handler served since the last call: the test setup fails the test that made
 * them (MSW's `onUnhandledRequest: 'error'` only logs, and the app may swallow the failed call).
 */
const unhandled: string[] = [];
server.events.on('request:unhandled', ({ request }) => {
  const url = new URL(request.url);
  unhandled.push(`${request.method} ${url.pathname}`);
});
export const takeUnhandledRequests = (): string[] => unhandled.splice(0);
export { http, HttpResponse, api };
