import { BannerTargetType, type Banner } from '@cloudtune/contract';

/** Where a banner click leads (1000 is the real API's playlist code, decision 0002). */
export type BannerTarget =
  { kind: 'song'; id: number } | { kind: 'playlist'; path: string } | { kind: 'external'; url: string } | { kind: 'none' };

export function bannerTarget(banner: Banner): BannerTarget {
  switch (banner.targetType) {
    case BannerTargetType.song:
      return { kind: 'song', id: banner.targetId };
    case BannerTargetType.playlist:
    case BannerTargetType.playlistAlt:
      return { kind: 'playlist', path: `/list/song/${banner.targetId}` };
    case BannerTargetType.externalUrl:
      return banner.url ? { kind: 'external', url: banner.url } : { kind: 'none' };
    default:
      return { kind: 'none' };
  }
}
