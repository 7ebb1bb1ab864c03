/**
 * Types for `subsonicjs` 0.6 (CommonJS, ships none), as test/subsonic-client-subsonicjs.test.ts
 * uses it. Each method takes its required params in order (the library's `urlParams`), then one
 * object of optional params; it resolves to the JSON `subsonic-response`, or `{ error }` when the
 * HTTP status is 400 or more, the fetch fails or the content type is not JSON. `stream` and
 * `getCoverArt` return their URL instead. (`browsing.getStarred` fetches getStarred2: the library
 * assigns that method twice; `media.download` fetches hls.m3u8.)
 */
declare module 'subsonicjs' {
  export type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any
  export type Param = string | number | boolean | undefined;
  export type Method = (...args: (Param | Record<string, Param>)[]) => Promise<Json>;
  type Methods<Name extends string> = Record<Name, Method>;

  export interface ServerArgs {
    protocol?: 'http' | 'https';
    /** with the port: the library never puts `port` in a URL */
    host?: string;
    port?: number;
    timeout?: number;
    client?: string;
    format?: 'json' | 'xml';
    version?: string;
  }

  export interface Subsonic {
    bookmarks: Methods<'getBookmarks' | 'createBookmark' | 'deleteBookmark'>;
    browsing: Methods<
      | 'getMusicFolders'
      | 'getIndexes'
      | 'getMusicDirectory'
      | 'getGenres'
      | 'getArtists'
      | 'getArtist'
      | 'getAlbum'
      | 'getSong'
      | 'getVideos'
      | 'getVideoInfo'
      | 'getArtistInfo'
      | 'getArtistInfo2'
      | 'getAlbumInfo'
      | 'getAlbumInfo2'
      | 'getSimilarSongs'
      | 'getSimilarSongs2'
      | 'getTopSongs'
      | 'getAlbumList'
      | 'getAlbumList2'
      | 'getRandomSongs'
      | 'getSongsByGenre'
      | 'getNowPlaying'
      | 'getStarred'
    >;
    chat: Methods<'getChatMessages' | 'addChatMessage'>;
    internetradio: Methods<
      'getInternetRadioStations' | 'createInternetRadioStation' | 'updateInternetRadioStation' | 'deleteInternetRadioStation'
    >;
    jukebox: Methods<'jukeboxControl'>;
    media: Methods<'download' | 'getCaptions' | 'getLyrics' | 'getAvatar' | 'star' | 'unstar' | 'setRating' | 'scrobble'> & {
      stream(id: string, options?: Record<string, Param>): string;
      getCoverArt(id: string, options?: Record<string, Param>): string;
    };
    playlists: Methods<'getPlaylists' | 'getPlaylist' | 'createPlaylist' | 'updatePlaylist' | 'deletePlaylist'>;
    playqueue: Methods<'getPlayQueue' | 'savePlayQueue'>;
    podcasts: Methods<
      | 'getPodcasts'
      | 'getNewestPodcasts'
      | 'refreshPodcasts'
      | 'createPodcastChannel'
      | 'deletePodcastChannel'
      | 'deletePodcastEpisode'
      | 'downloadPodcastEpisode'
    >;
    searching: Methods<'search2' | 'search3'>;
    sharing: Methods<'getShares' | 'createShare' | 'updateShare' | 'deleteShare'>;
    system: Methods<'ping' | 'getLicense' | 'getScanStatus' | 'startScan'>;
    user: Methods<'getUsers' | 'getUser' | 'createUser' | 'updateUser' | 'deleteUser' | 'changePassword'>;
  }

  /** `token` = md5(password + salt); the same salt goes with every request of the instance. Undefined ones are left out. */
  function subsonicjs(username: string | undefined, token: string | undefined, salt: string | undefined, config: ServerArgs): Subsonic;
  export default subsonicjs;
}

declare module 'subsonicjs/lib/subsonicMethod' {
  import type { Json } from 'subsonicjs';
  /** The library's own method builder: a method named by `path`, called with a resource as `this`. */
  function subsonicMethod(spec: {
    method: 'GET';
    path: string;
    urlParams?: string[];
    minVersion: string;
  }): (this: object, ...args: unknown[]) => Promise<Json>;
  export default subsonicMethod;
}
