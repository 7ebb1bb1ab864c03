import type { FastifyReply, FastifyRequest } from 'fastify';
import { sendMedia } from '../../http/send-stored.ts';
import type { Payload } from '../../http/subsonic-envelope.ts';
import type { Services } from '../../services/index.ts';
import { MAX_PAGE, notAuthorized, parseOtherId } from '../../services/subsonic/index.ts';
import { channelEntry, episodeEntry } from '../../services/subsonic/podcast-shapes.ts';
import type { SubsonicCall } from './browsing.ts';

/** The methods that change the server's podcasts need Subsonic's podcastRole (administrators have it). */
async function requirePodcastRole({ userId, services }: SubsonicCall): Promise<void> {
  if (!(await services.subsonic.users.podcastRole(userId))) throw notAuthorized('Only a user allowed to administer podcasts may do this');
}

/** Podcasts (decision 0033): everyone listens; podcastRole subscribes, refreshes, downloads and deletes. */
export const podcastMethods: Record<string, (call: SubsonicCall) => Payload | Promise<Payload>> = {
  getPodcasts: async ({ params, services }) => {
    const withEpisodes = params.bool('includeEpisodes', true);
    const id = params.string('id');
    const channels =
      id === undefined ? await services.podcasts.channels() : [await services.podcasts.channel(parseOtherId('podcastChannel', id))];
    return {
      podcasts: {
        channel: await Promise.all(
          channels.map(async (c) => channelEntry(c, withEpisodes ? await services.podcasts.episodesOf(c.id) : undefined)),
        ),
      },
    };
  },
  getNewestPodcasts: async ({ params, services }) => ({
    newestPodcasts: { episode: (await services.podcasts.newest(params.int('count', 20, 0, MAX_PAGE))).map(episodeEntry) },
  }),
  getPodcastEpisode: async ({ params, services }) => ({
    podcastEpisode: episodeEntry(await services.podcasts.episode(parseOtherId('podcastEpisode', params.required('id')))),
  }),
  createPodcastChannel: async (call) => {
    await requirePodcastRole(call);
    await call.services.podcasts.subscribe(call.params.required('url'));
    return {};
  },
  refreshPodcasts: async (call) => {
    await requirePodcastRole(call);
    await call.services.podcasts.refreshAll();
    return {};
  },
  deletePodcastChannel: async (call) => {
    await requirePodcastRole(call);
    await call.services.podcasts.removeChannel(parseOtherId('podcastChannel', call.params.required('id')));
    return {};
  },
  downloadPodcastEpisode: async (call) => {
    await requirePodcastRole(call);
    await call.services.podcasts.download(parseOtherId('podcastEpisode', call.params.required('id')));
    return {};
  },
  deletePodcastEpisode: async (call) => {
    await requirePodcastRole(call);
    await call.services.podcasts.removeEpisode(parseOtherId('podcastEpisode', call.params.required('id')));
    return {};
  },
};

/** stream / download of a downloaded episode (`pe-12`): its file as it was fetched, with Range. */
export async function sendEpisode(request: FastifyRequest, reply: FastifyReply, services: Services, raw: string, asDownload: boolean) {
  const { object, contentType, episode } = await services.podcasts.file(parseOtherId('podcastEpisode', raw));
  const opened = await services.media.open({ object });
  // Anything but audio or video is sent as a file to save, never as something a browser would render.
  if (asDownload || !/^(audio|video)\//.test(contentType)) {
    reply.header('content-disposition', `attachment; filename*=UTF-8''${encodeURIComponent(`${episode.title}.${episode.suffix}`)}`);
  }
  reply.header('x-content-type-options', 'nosniff');
  await sendMedia(request, reply, services.media, opened, {
    contentType,
    etag: `"pe-${episode.id}-${opened.size.toString(16)}"`,
    cacheControl: 'public, max-age=86400',
  });
  return reply;
}
