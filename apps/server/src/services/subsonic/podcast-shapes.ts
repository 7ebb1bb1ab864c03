import type { PodcastChannel, PodcastEpisode } from '../../repos/podcasts.ts';
import { podcastChannelId, podcastEpisodeId } from './ids.ts';

const iso = (ms: number): string => new Date(ms).toISOString();

/**
 * A podcast episode as Subsonic's `PodcastEpisode` (a `Child` of type podcast): what a feed told
 * and, once downloaded, the file's facts and the `streamId` stream takes. Album and artist are the
 * channel's title, the way players group episodes.
 */
export function episodeEntry(e: PodcastEpisode) {
  const done = e.status === 'completed';
  return {
    id: podcastEpisodeId(e.id),
    parent: podcastChannelId(e.channelId),
    isDir: false,
    title: e.title,
    album: e.channelTitle,
    artist: e.channelTitle,
    ...(e.publishDate !== null ? { year: new Date(e.publishDate).getUTCFullYear() } : {}),
    ...(e.size !== null ? { size: e.size } : {}),
    ...(done && e.contentType ? { contentType: e.contentType } : e.enclosureType ? { contentType: e.enclosureType } : {}),
    ...(done && e.suffix ? { suffix: e.suffix } : {}),
    ...(e.durationS !== null ? { duration: e.durationS } : {}),
    ...(e.bitRate !== null ? { bitRate: e.bitRate } : {}),
    isVideo: (e.contentType ?? e.enclosureType ?? '').startsWith('video/'),
    created: iso(e.createdAt),
    type: 'podcast',
    ...(done ? { streamId: podcastEpisodeId(e.id) } : {}),
    channelId: podcastChannelId(e.channelId),
    description: e.description,
    status: e.status,
    ...(e.errorMessage ? { errorMessage: e.errorMessage } : {}),
    ...(e.publishDate !== null ? { publishDate: iso(e.publishDate) } : {}),
  };
}

/** A channel as Subsonic's `PodcastChannel`, with its episodes when given. */
export function channelEntry(c: PodcastChannel, episodes?: readonly PodcastEpisode[]) {
  return {
    id: podcastChannelId(c.id),
    url: c.url,
    title: c.title,
    description: c.description,
    ...(c.imageUrl ? { originalImageUrl: c.imageUrl } : {}),
    status: c.status,
    ...(c.errorMessage ? { errorMessage: c.errorMessage } : {}),
    ...(episodes ? { episode: episodes.map(episodeEntry) } : {}),
  };
}
