import type { Repos } from '../repos/index.ts';
import type { MediaUrls } from '../media/urls.ts';

/** The home page: carousel banners and recommended playlists. */
export function createDiscoverService(repos: Repos) {
  return {
    /** type 0 = PC (imageUrl); 1–3 = mobile clients, which read `pic` instead. */
    async banners(type: number, urls: MediaUrls) {
      const banners = (await repos.banners.all()).map((b) => {
        const common = {
          targetId: b.targetId,
          adid: null,
          targetType: b.targetType,
          titleColor: b.titleColor,
          typeTitle: b.typeTitle,
          url: b.url,
          exclusive: false,
          monitorImpress: null,
          monitorClick: null,
          monitorType: null,
          monitorImpressList: null,
          monitorClickList: null,
          monitorBlackList: null,
          extMonitor: null,
          extMonitorInfo: null,
          adSource: null,
          adLocation: null,
          encodeId: String(b.targetId),
          program: null,
          event: null,
          video: null,
          song: null,
          scm: `1.cloudtune.banner.${b.id}`,
        };
        const image = urls.image('banner', b.id);
        return type === 0
          ? { imageUrl: image, ...common, adDispatchJson: null }
          : { pic: image, ...common, adurlV2: null, bannerId: String(b.id), alg: null, requestId: '', showAdTag: true, pid: null };
      });
      return { banners, code: 200 as const };
    },

    async personalized(limit: number, urls: MediaUrls) {
      const result = (await repos.playlists.recommended(limit)).map((p) => ({
        id: p.id,
        type: 0,
        name: p.name,
        copywriter: p.copywriter,
        picUrl: urls.image('playlist', p.id),
        canDislike: false,
        trackNumberUpdateTime: p.updatedAt,
        playCount: p.playCount,
        trackCount: p.trackCount,
        highQuality: p.highQuality,
        alg: 'featured',
      }));
      return { hasTaste: false, code: 200 as const, category: 0, result };
    },
  };
}
export type DiscoverService = Awaited<ReturnType<typeof createDiscoverService>>;
