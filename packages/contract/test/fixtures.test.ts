import { recorded } from '@cloudtune/ncm-fixtures';
import { describe, expect, it } from 'vitest';
import { apiError, endpoints, type EndpointPath } from '../src/index.ts';

/** Real recorded NeteaseCloudMusicApi bodies must parse with our response schemas. */
const cases: [EndpointPath, string][] = [
  ['/banner', 'banner.json'],
  ['/banner', 'banner.type2_iphone.json'],
  ['/personalized', 'personalized.json'],
  ['/playlist/detail', 'playlist_detail.json'],
  ['/song/detail', 'song_detail.json'],
  ['/song/url', 'song_url.json'],
  ['/lyric', 'lyric.json'],
  ['/album', 'album.json'],
  ['/top/playlist/highquality', 'top_playlist_highquality.json'],
  ['/playlist/highquality/tags', 'playlist_highquality_tags.json'],
  ['/playlist/hot', 'playlist_hot.json'],
  ['/toplist/detail', 'toplist_detail.json'],
  ['/artist/list', 'artist_list.json'],
  ['/artist/detail', 'artist_detail.json'],
  ['/artist/album', 'artist_album.json'],
  ['/artist/desc', 'artist_desc.json'],
  ['/simi/artist', 'simi_artist.json'],
  ['/artists', 'artists.json'],
  ['/search', 'search_type1.json'],
  ['/search', 'search_type10.json'],
  ['/search', 'search_type100.json'],
  ['/search', 'search_type1000.json'],
  ['/search', 'cloudsearch_type1006.json'],
  ['/search/suggest', 'search_suggest.json'],
  ['/search/suggest', 'search_suggest.type_mobile.json'],
  ['/login/cellphone', 'login_cellphone.json'],
  ['/user/detail', 'user_detail.json'],
  ['/user/subcount', 'user_subcount.json'],
  ['/daily_signin', 'daily_signin.json'],
];

describe('contract accepts real NeteaseCloudMusicApi responses', () => {
  it.each(cases)('%s ← %s', (path, file) => {
    const result = endpoints[path].response.safeParse(recorded(file.replace(/\.json$/, '')));
    expect(result.error?.issues ?? []).toEqual([]);
  });
});

describe('recorded errors are {code, msg}', () => {
  it.each(['daily_signin.repeat'])('%s', (name) => {
    const result = apiError.safeParse(recorded(name));
    expect(result.error?.issues ?? []).toEqual([]);
    expect(endpoints['/daily_signin'].response.safeParse(recorded(name)).success).toBe(false);
  });
});
