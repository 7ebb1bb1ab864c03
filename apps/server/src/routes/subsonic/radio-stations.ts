import type { Payload } from '../../http/subsonic-envelope.ts';
import { parseOtherId } from '../../services/subsonic/index.ts';
import type { StationInput } from '../../services/radio-stations.ts';
import type { SubsonicCall } from './browsing.ts';
import type { SubsonicParams } from './params.ts';

/** create/update's fields: the spec's `homepageUrl` (also read as `homePageUrl`, the answer's spelling). */
const stationOf = (params: SubsonicParams): StationInput => ({
  name: params.required('name'),
  streamUrl: params.required('streamUrl'),
  homePageUrl: params.string('homepageUrl') ?? params.string('homePageUrl'),
});

/** Internet radio stations: everyone reads the server's list; administrators write it (else 50). */
export const radioStationMethods: Record<string, (call: SubsonicCall) => Payload | Promise<Payload>> = {
  getInternetRadioStations: async ({ services }) => ({
    internetRadioStations: {
      internetRadioStation: (await services.radioStations.list()).map((s) => ({
        id: String(s.id),
        name: s.name,
        streamUrl: s.streamUrl,
        ...(s.homePageUrl ? { homePageUrl: s.homePageUrl } : {}),
      })),
    },
  }),
  createInternetRadioStation: async ({ params, userId, services }) => {
    await services.subsonic.users.requireAdmin(userId);
    await services.radioStations.create(stationOf(params));
    return {};
  },
  updateInternetRadioStation: async ({ params, userId, services }) => {
    await services.subsonic.users.requireAdmin(userId);
    await services.radioStations.update(parseOtherId('radioStation', params.required('id')), stationOf(params));
    return {};
  },
  deleteInternetRadioStation: async ({ params, userId, services }) => {
    await services.subsonic.users.requireAdmin(userId);
    await services.radioStations.remove(parseOtherId('radioStation', params.required('id')));
    return {};
  },
};
