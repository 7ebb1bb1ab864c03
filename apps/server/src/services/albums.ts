import type { Repos } from '../repos/index.ts';
import { notFound } from '../errors.ts';
import type { MediaUrls } from '../media/urls.ts';
import { artistObject, privilegeOf, songObject } from './shapes.ts';

export function createAlbumService(repos: Repos) {
  return {
    detail(id: number, urls: MediaUrls) {
      const album = repos.albums.findById(id);
      if (!album) throw notFound('album', id);
      const songIds = repos.albums.songIdsOf(id);
      const songs = repos.songs.findByIds(songIds);
      const main = repos.artists.findByIds([album.artistId]).get(album.artistId);
      if (!main) throw new Error(`album ${id} has no artist ${album.artistId}`);
      const picUrl = urls.image('album', id);
      return {
        resourceState: true,
        songs: songIds.flatMap((sid) => {
          const s = songs.get(sid);
          return s ? [{ ...songObject(s, urls), privilege: privilegeOf(s) }] : [];
        }),
        code: 200 as const,
        album: {
          songs: [],
          paid: false,
          onSale: false,
          mark: 0,
          blurPicUrl: picUrl,
          companyId: 0,
          pic: 0,
          picId: 0,
          picId_str: '0',
          artists: [artistObject(main, urls)],
          copyrightId: 0,
          artist: artistObject(main, urls),
          publishTime: album.publishTime,
          company: album.company,
          briefDesc: '',
          picUrl,
          commentThreadId: `R_AL_3_${id}`,
          description: album.description,
          tags: '',
          status: 1,
          subType: album.subType,
          alias: album.aliases,
          name: album.name,
          id: album.id,
          type: album.type,
          size: album.songCount,
          info: {
            commentThread: {
              id: `R_AL_3_${id}`,
              resourceType: 3,
              commentCount: 0,
              likedCount: 0,
              shareCount: 0,
              hotCount: 0,
              resourceId: id,
              resourceTitle: album.name,
            },
            liked: false,
            commentCount: 0,
            likedCount: 0,
            shareCount: 0,
            resourceType: 3,
            resourceId: id,
            threadId: `R_AL_3_${id}`,
          },
        },
      };
    },
  };
}
export type AlbumService = ReturnType<typeof createAlbumService>;
