import { createWriteStream } from 'node:fs';
import { rm, stat } from 'node:fs/promises';
import { ApiError, badRequest, notFound } from '../../errors.ts';
import type { Storage } from '../../media/storage.ts';
import type { Repos } from '../../repos/index.ts';
import type { PodcastEpisode } from '../../repos/podcasts.ts';
import type { Clock } from '../rate-windows.ts';
import { webUrl } from '../web-urls.ts';
import { FeedError, parseFeed } from './feed.ts';
import { FetchError, open, readBody, saveBody, type FetchRules } from './fetch.ts';

export { isPublicAddress } from './fetch.ts';

/** A feed is read whole into memory: at most 5 MB of it. */
export const MAX_FEED_BYTES = 5 * 1024 * 1024;
/** An episode file: at most 500 MB (a three-hour talk in good quality is under 300). */
export const MAX_EPISODE_BYTES = 500 * 1024 * 1024;
/** A remote server silent this long (connecting, answering or sending) has failed. */
export const FETCH_IDLE_MS = 30_000;
/** Downloads running at once; more wait their turn. */
const PARALLEL_DOWNLOADS = 2;

export interface PodcastOptions {
  /** where downloaded episodes are kept (`podcasts/<id>.<suffix>`) */
  storage: Storage;
  clock: Clock;
  /** feeds and episodes on loopback, private and link-local addresses may be fetched (CLOUDTUNE_PODCAST_ALLOW_PRIVATE) */
  allowPrivate: boolean;
}

/** What a downloaded episode is sent as: audio and video types as told, anything else as a plain download. */
const MEDIA_TYPE = /^(audio|video)\/[a-z0-9][a-z0-9.+-]{0,60}$/;
const SUFFIXES = new Map([
  ['audio/mpeg', 'mp3'],
  ['audio/mp3', 'mp3'],
  ['audio/mp4', 'm4a'],
  ['audio/x-m4a', 'm4a'],
  ['audio/aac', 'aac'],
  ['audio/ogg', 'ogg'],
  ['audio/opus', 'opus'],
  ['audio/flac', 'flac'],
  ['audio/wav', 'wav'],
  ['audio/x-wav', 'wav'],
  ['video/mp4', 'mp4'],
]);

const messageOf = (err: unknown): string =>
  err instanceof FetchError || err instanceof FeedError
    ? err.message
    : (err as Error).name === 'AbortError'
      ? 'stopped'
      : 'the transfer failed';

function mediaTypeOf(header: string | undefined, announced: string | null): string {
  for (const candidate of [header, announced]) {
    const type = candidate?.split(';')[0]!.trim().toLowerCase();
    if (type && MEDIA_TYPE.test(type)) return type;
  }
  return 'application/octet-stream';
}

function suffixOf(type: string, url: URL): string {
  const known = SUFFIXES.get(type);
  if (known) return known;
  const ext = /\.([a-z0-9]{1,5})$/i.exec(url.pathname)?.[1]?.toLowerCase();
  return ext ?? 'bin';
}

/**
 * Podcasts: the server subscribes to RSS feeds (one list for everyone, as in Subsonic), lists their
 * episodes and downloads the ones asked for into storage (`podcasts/`), from where they are
 * streamed like songs. Everything fetched is fetched by the rules of fetch.ts (http(s), public
 * addresses unless allowPrivate, size caps, timeouts). Refreshes and downloads run in the
 * background: `idle()` resolves when none is left, `close()` stops them (the app closing).
 * Who may change the list is the caller's to check (Subsonic's podcastRole).
 */
export async function createPodcastService(repos: Repos, { storage, clock, allowPrivate }: PodcastOptions) {
  const running = new Set<Promise<unknown>>();
  const stop = new AbortController();
  let slots = PARALLEL_DOWNLOADS;
  const waiting: (() => void)[] = [];

  const rules = (maxBytes: number): FetchRules => ({ allowPrivate, maxBytes, idleMs: FETCH_IDLE_MS, signal: stop.signal });
  const fileKey = (e: Pick<PodcastEpisode, 'id' | 'suffix'>): string => `podcasts/${e.id}.${e.suffix ?? 'bin'}`;

  /** Runs `work` in the background, remembered until it settles; its failure is its own to record. */
  function background(work: () => Promise<void>): void {
    const task = work().catch(() => undefined);
    running.add(task);
    void task.finally(() => running.delete(task));
  }

  async function slot<T>(work: () => Promise<T>): Promise<T> {
    if (slots === 0) await new Promise<void>((resolve) => waiting.push(resolve));
    else slots -= 1;
    try {
      return await work();
    } finally {
      const next = waiting.shift();
      if (next) next();
      else slots += 1;
    }
  }

  async function readFeed(url: URL) {
    const { response } = await open(url, rules(MAX_FEED_BYTES));
    const body = await readBody(response, rules(MAX_FEED_BYTES));
    return parseFeed(body.toString('utf8'), url);
  }

  async function refreshOne(id: number, url: string): Promise<void> {
    try {
      const feed = await readFeed(new URL(url));
      await repos.podcasts.refreshChannel(id, feed.channel, feed.episodes, clock());
    } catch (err) {
      if (await repos.podcasts.channel(id)) await repos.podcasts.channelFailed(id, messageOf(err), clock());
    }
  }

  async function download(episode: PodcastEpisode): Promise<void> {
    try {
      const url = new URL(episode.enclosureUrl);
      await slot(async () => {
        const { response, url: final } = await open(url, rules(MAX_EPISODE_BYTES));
        const contentType = mediaTypeOf(response.headers['content-type'], episode.enclosureType);
        const suffix = suffixOf(contentType, final);
        const key = fileKey({ id: episode.id, suffix });
        // Downloaded to a local scratch file (its facts are read from the whole file), then moved into storage.
        const tmp = await storage.scratchFile(key);
        try {
          await saveBody(response, createWriteStream(tmp), rules(MAX_EPISODE_BYTES));
          const size = (await stat(tmp)).size;
          const facts = await readFacts(tmp);
          // Deleted (the episode or its channel) while it was downloading: the file goes too.
          if ((await repos.podcasts.episode(episode.id))?.status !== 'downloading') return;
          await storage.putFile(key, tmp, { contentType });
          await repos.podcasts.completed(episode.id, { suffix, contentType, size, ...facts });
        } finally {
          await rm(tmp, { force: true });
        }
      });
    } catch (err) {
      if ((await repos.podcasts.episode(episode.id))?.status === 'downloading') await repos.podcasts.failed(episode.id, messageOf(err));
    }
  }

  async function episodeOrFail(id: number): Promise<PodcastEpisode> {
    const episode = await repos.podcasts.episode(id);
    if (!episode) throw notFound('podcast episode', id);
    return episode;
  }

  // A server stopped mid-download left a half file (removed at start) and a status that lies.
  await repos.podcasts.abandonDownloads('the server stopped during the download');

  return {
    channels: async () => await repos.podcasts.channels(),
    async channel(id: number) {
      const channel = await repos.podcasts.channel(id);
      if (!channel) throw notFound('podcast channel', id);
      return channel;
    },
    episodesOf: async (channelId: number) => await repos.podcasts.episodesOf(channelId),
    newest: async (count: number) => await repos.podcasts.newest(count),
    episode: episodeOrFail,

    /**
     * Subscribes to the feed at `raw`: read and stored with its episodes before this resolves,
     * so the client's next listing shows them. A feed already subscribed to is left as it is.
     * A feed that cannot be read is refused with why, and nothing is stored.
     */
    async subscribe(raw: string): Promise<number> {
      const url = webUrl('url', raw);
      const known = await repos.podcasts.channelByUrl(url.href);
      if (known) return known.id;
      let feed: Awaited<ReturnType<typeof readFeed>>;
      try {
        feed = await readFeed(url);
      } catch (err) {
        if ((err as Error).name === 'AbortError') throw err;
        throw badRequest(`The podcast feed could not be read: ${messageOf(err)}`);
      }
      return (
        (await repos.podcasts.channelByUrl(url.href))?.id ??
        (await repos.podcasts.insertChannel(url.href, feed.channel, feed.episodes, clock()))
      );
    },

    /** Reads every feed again in the background: new episodes appear; a feed that fails says why (status error). */
    async refreshAll(): Promise<void> {
      for (const channel of await repos.podcasts.channels()) background(() => refreshOne(channel.id, channel.url));
    },

    /** The channel, its episodes and their files. */
    async removeChannel(id: number): Promise<void> {
      const episodes = await repos.podcasts.episodesOf(id);
      if (!(await repos.podcasts.removeChannel(id))) throw notFound('podcast channel', id);
      await Promise.all(episodes.filter((e) => e.suffix).map((e) => storage.delete(fileKey(e))));
    },

    /** Starts downloading the episode in the background (status downloading, then completed or error); one already there or on its way is left alone. */
    async download(id: number): Promise<void> {
      const episode = await episodeOrFail(id);
      if (!(await repos.podcasts.startDownload(id))) return;
      background(() => download(episode));
    },

    /** The episode's file is deleted; the episode stays listed as deleted (a refresh does not bring it back; it can be downloaded again). */
    async removeEpisode(id: number): Promise<void> {
      const episode = await episodeOrFail(id);
      await repos.podcasts.deleted(id);
      if (episode.suffix) await storage.delete(fileKey(episode));
    },

    /** The downloaded file of a completed episode, for streaming. */
    async file(id: number): Promise<{ object: string; contentType: string; episode: PodcastEpisode }> {
      const episode = await episodeOrFail(id);
      if (episode.status !== 'completed' || !episode.suffix) throw new ApiError(404, 'podcast episode is not downloaded');
      return { object: fileKey(episode), contentType: episode.contentType ?? 'application/octet-stream', episode };
    },

    /** Resolves when no refresh or download is running. */
    async idle(): Promise<void> {
      while (running.size) await Promise.all([...running]);
    },

    /** Stops every refresh and download (the app is closing) and waits for them to settle. */
    async close(): Promise<void> {
      stop.abort();
      await this.idle();
    },
  };
}
export type PodcastService = Awaited<ReturnType<typeof createPodcastService>>;

/** Duration and bit rate of a downloaded file, read from its headers; unknown when it cannot be read. */
async function readFacts(path: string): Promise<{ durationS: number | null; bitRate: number | null }> {
  try {
    const { parseFile } = await import('music-metadata');
    const { format } = await parseFile(path, { duration: false, skipCovers: true });
    return {
      durationS: format.duration ? Math.round(format.duration) : null,
      bitRate: format.bitrate ? Math.round(format.bitrate / 1000) : null,
    };
  } catch {
    return { durationS: null, bitRate: null };
  }
}
