import { badRequest, notFound } from '../errors.ts';
import type { Repos } from '../repos/index.ts';
import type { RadioStation } from '../repos/radio-stations.ts';
import type { Clock } from './rate-windows.ts';
import { webUrl } from './web-urls.ts';

/** What a station is given: its name, its stream and (optionally) its home page. */
export interface StationInput {
  name: string;
  streamUrl: string;
  homePageUrl?: string;
}

function fields(input: StationInput) {
  const name = input.name.trim();
  if ([...name].length < 1 || [...name].length > 100) throw badRequest('name must be 1–100 characters');
  const home = input.homePageUrl?.trim();
  return {
    name,
    streamUrl: webUrl('streamUrl', input.streamUrl).href,
    homePageUrl: home ? webUrl('homepageUrl', home).href : null,
  };
}

/**
 * Internet radio stations: one list for the server, which administrators write and everyone
 * reads (who may write is the caller's to check). The server never fetches a station: clients
 * play its stream themselves, so only http(s) URLs are kept.
 */
export function createRadioStationService(repos: Repos, clock: Clock) {
  return {
    list: async (): Promise<RadioStation[]> => await repos.radioStations.all(),
    create: async (input: StationInput): Promise<number> => await repos.radioStations.insert(fields(input), clock()),
    async update(id: number, input: StationInput): Promise<void> {
      if (!(await repos.radioStations.update(id, fields(input)))) throw notFound('radio station', id);
    },
    async remove(id: number): Promise<void> {
      if (!(await repos.radioStations.remove(id))) throw notFound('radio station', id);
    },
  };
}
export type RadioStationService = Awaited<ReturnType<typeof createRadioStationService>>;
