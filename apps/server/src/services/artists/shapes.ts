import type { DiscographyAlbum } from '../../repos/albums.ts';
import type { ArtistProfile, ArtistRecord } from '../../repos/artists.ts';
import type { MediaUrls } from '../../media/urls.ts';
import { artistObject } from '../shapes.ts';

/** Artist pages in NetEase's shapes. */

export const AREA_NAMES: Record<number, string> = { 7: '华语', 96: '欧美', 8: '日本', 16: '韩国', 0: '其他' };
export const TYPE_NAMES: Record<number, string> = { 1: '男歌手', 2: '女歌手', 3: '乐队' };
/** NetEase's artist-chart types (rank.type): 1 华语, 2 欧美, 3 韩国, 4 日本; other areas have none. */
const RANK_TYPES: Record<number, number> = { 7: 1, 96: 2, 16: 3, 8: 4 };

/** The head of /artist/detail (`data`). */
export function artistHeadObject(a: ArtistProfile, rankInArea: number, urls: MediaUrls) {
  const picture = urls.image('artist', a.id);
  const rankType = RANK_TYPES[a.area];
  return {
    videoCount: 0,
    identify: { imageUrl: null, imageDesc: `${AREA_NAMES[a.area] ?? ''}${TYPE_NAMES[a.type] ?? ''}`, actionUrl: null },
    artist: {
      id: a.id,
      cover: picture,
      avatar: picture,
      name: a.name,
      transNames: a.trans ? [a.trans] : [],
      alias: a.aliases,
      identities: [],
      identifyTag: a.independent ? ['原创音乐人'] : [],
      briefDesc: a.briefDesc,
      rank: rankType === undefined ? null : { rank: rankInArea, type: rankType },
      albumSize: a.albumSize,
      musicSize: a.musicSize,
      mvSize: 0,
    },
    blacklist: false,
    preferShow: 0,
    showPriMsg: false,
    secondaryExpertIdentiy: a.musicSize > 0 ? [{ expertIdentiyId: 10, expertIdentiyName: '演唱', expertIdentiyCount: a.musicSize }] : [],
    eventCount: 0,
  };
}

/** An album as /artist/album's `hotAlbums` lists it. */
export function discographyAlbumObject(al: DiscographyAlbum, artist: ArtistRecord, urls: MediaUrls) {
  const picUrl = urls.image('album', al.id);
  const credited = artistObject(artist, urls);
  return {
    songs: [],
    paid: false,
    onSale: false,
    mark: 0,
    publishTime: al.publishTime,
    company: al.company,
    briefDesc: '',
    commentThreadId: `R_AL_3_${al.id}`,
    picUrl,
    pic: 0,
    tags: '',
    copyrightId: 0,
    picId: 0,
    artist: credited,
    alias: al.aliases,
    artists: [credited],
    status: 1,
    description: al.description ?? '',
    subType: al.subType,
    companyId: 0,
    blurPicUrl: picUrl,
    name: al.name,
    id: al.id,
    type: al.type,
    size: al.songCount,
    picId_str: '0',
    isSub: false,
  };
}
