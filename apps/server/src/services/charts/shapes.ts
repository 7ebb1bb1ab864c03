import type { PlaylistRecord } from '../../repos/playlists.ts';
import type { SongRecord } from '../../repos/songs.ts';
import { ARTIST_CHART, type ChartDefinition } from './catalog.ts';
import type { MediaUrls } from '../../media/urls.ts';
import { NO_PLAYLIST_ARTWORK } from '../shapes.ts';

/** Charts in the shapes of NetEase's /toplist/detail. */

/** `{first: song name, second: artist names joined by '/'}`, as NetEase previews a chart. */
export const trackPreview = (s: SongRecord) => ({ first: s.name, second: s.artists.map((a) => a.name).join('/') });

export function toplistObject(def: ChartDefinition, p: PlaylistRecord, preview: SongRecord[], urls: MediaUrls) {
  return {
    subscribers: [],
    subscribed: null,
    creator: null,
    artists: null,
    // Official charts carry their top 3; the global charts are shown as cards without tracks.
    tracks: def.toplistType ? preview.map(trackPreview) : [],
    updateFrequency: def.updateFrequency,
    ...NO_PLAYLIST_ARTWORK,
    opRecommend: false,
    recommendInfo: null,
    trackNumberUpdateTime: p.updatedAt,
    adType: 0,
    subscribedCount: p.subscribedCount,
    cloudTrackCount: 0,
    userId: p.creatorId,
    createTime: p.createdAt,
    highQuality: false,
    coverImgId: 0,
    newImported: false,
    anonimous: false,
    updateTime: p.updatedAt,
    coverImgUrl: urls.image('playlist', p.id),
    trackCount: p.trackCount,
    specialType: p.specialType,
    trackUpdateTime: p.updatedAt,
    commentThreadId: `A_PL_0_${p.id}`,
    totalDuration: 0,
    privacy: 0,
    playCount: p.playCount,
    tags: [],
    ordered: true,
    description: p.description,
    status: 0,
    name: p.name,
    id: p.id,
    coverImgId_str: '0',
    ...(def.toplistType ? { ToplistType: def.toplistType } : {}),
  };
}

export interface ArtistLeader {
  id: number;
  name: string;
  plays: number;
}

/** NetEase's `artistToplist` summary: the top artists as `{first: name, second: '', third: score}`. */
export function artistToplistObject(leaders: ArtistLeader[], urls: MediaUrls) {
  const top = leaders[0];
  return {
    coverUrl: top ? urls.image('artist', top.id) : '',
    artists: leaders.map((a) => ({ first: a.name, second: '', third: a.plays })),
    name: ARTIST_CHART.name,
    upateFrequency: ARTIST_CHART.updateFrequency,
    position: ARTIST_CHART.position,
    updateFrequency: ARTIST_CHART.updateFrequency,
  };
}
