import { measureLoudness, type Loudness, type LoudnessInput } from '../media/loudness.ts';
import type { Storage } from '../media/storage.ts';
import { TtlCache } from '../media/ttl-cache.ts';
import { isCloudSongId } from '../repos/cloud-songs.ts';
import type { Repos } from '../repos/index.ts';
import { renderedKey } from './audio.ts';
import { cloudKey } from './cloud/index.ts';
import type { Leases } from './leases.ts';
import type { Clock } from './rate-windows.ts';

/** The lease of the one process measuring, whichever it is. */
export const LOUDNESS_LEASE = 'loudness';
/** Held this long, renewed while a song is measured: a holder that dies hands over within it. */
const LEASE_MS = 30_000;
/** How often each process looks for songs to measure (queued by another process, or its holder gone). */
const POLL_MS = 1_000;
/** A song a listener asked for is moved up once: a player asking again within this changes nothing. */
const WANTED_TTL_MS = 60_000;

export interface LoudnessOptions {
  clock: Clock;
  /** lines for whoever runs the server (a file that cannot be measured) */
  log: (line: string) => void;
  /** false: nothing is measured (the bench's import without it); default true */
  measure?: boolean;
}

/**
 * Measures, in the background, the loudness of every song whose file's tags did not state it
 * (docs/decisions/0046-loudness.md). The queue is in the database, so the work survives
 * restarts and is done by one process at a time, whichever holds the lease; songs a listener
 * plays before they are measured go first. Each measurement is one ffmpeg at the lowest CPU
 * priority, one song at a time, in no encode slot: imports, renders and transcodes never wait
 * for it.
 */
export function createLoudnessService(repos: Repos, leases: Leases, storage: Storage, { clock, log, measure = true }: LoudnessOptions) {
  let timer: NodeJS.Timeout | undefined;
  let stopped = false;
  /** the drain running now in this process, if any */
  let draining: Promise<void> | undefined;
  /** asked to look again while draining: the queue may have changed under the song in hand */
  let again = false;
  const stopping = new AbortController();
  const wanted = new TtlCache<true>(WANTED_TTL_MS, 4096);

  /** What to measure for a song, and which album's loudness it completes; undefined: gone (or a demo song not rendered). */
  async function sourceOf(songId: number): Promise<{ input: LoudnessInput; md5: string; albumId: number | null } | undefined> {
    const stored = async (key: string): Promise<LoudnessInput> => {
      const local = storage.localPath(key);
      return local ? { path: local } : { stream: await storage.get(key) };
    };
    if (isCloudSongId(songId)) {
      const song = await repos.cloudSongs.findById(songId);
      return song && { input: await stored(cloudKey(song.sha256, song.type)), md5: song.md5, albumId: null };
    }
    const placement = await repos.songs.placementOf(songId);
    if (!placement) return undefined;
    const file = await repos.libraryFiles.bySong(songId);
    if (file) return { input: { path: file.path }, md5: file.md5, albumId: placement.albumId };
    const rendered = await repos.audioFiles.find(songId);
    return rendered && { input: await stored(renderedKey(songId)), md5: rendered.md5, albumId: placement.albumId };
  }

  async function measureOne(songId: number): Promise<void> {
    const source = await sourceOf(songId);
    if (!source) return await repos.loudness.dequeue(songId);
    let measured: Loudness;
    try {
      measured = await measureLoudness(source.input, stopping.signal);
    } catch (err) {
      if (stopping.signal.aborted) return;
      // A file ffmpeg cannot decode stays unmeasured (gain 0) until it changes and is queued again.
      log(`loudness of song ${songId} not measured: ${err instanceof Error ? err.message : String(err)}`);
      return await repos.loudness.dequeue(songId);
    }
    await repos.loudness.save(songId, { ...measured, albumLoudness: null, albumPeak: null, md5: source.md5, origin: 'measured' }, clock());
    if (source.albumId !== null) await repos.loudness.settleAlbum(source.albumId);
  }

  /** Measures queued songs while this process holds the lease, until the queue is empty. */
  async function drain(): Promise<void> {
    while (!stopped) {
      again = false;
      const next = await repos.loudness.next();
      if (!next || !(await leases.take(LOUDNESS_LEASE, LEASE_MS))) return;
      // A long file outlasts the lease: it is renewed while ffmpeg works.
      const renew = setInterval(() => void leases.take(LOUDNESS_LEASE, LEASE_MS).catch(() => {}), LEASE_MS / 3);
      renew.unref();
      try {
        await measureOne(next.songId);
      } finally {
        clearInterval(renew);
      }
    }
  }

  /** Starts a drain unless one runs (which then looks again before it ends). */
  function wake(): void {
    if (stopped || !measure) return;
    if (draining) {
      again = true;
      return;
    }
    draining = drain()
      .catch((err: unknown) => log(`loudness measurement stopped (tried again in a second): ${String(err)}`))
      .finally(() => {
        draining = undefined;
        if (again) wake();
      });
  }

  return {
    /** Looks for songs to measure now and every second (app start). */
    start(): void {
      if (!measure || timer) return;
      timer = setInterval(wake, POLL_MS);
      timer.unref();
      wake();
    },
    /** Stops measuring (the song in hand stays queued) and gives the lease up. */
    async stop(): Promise<void> {
      stopped = true;
      clearInterval(timer);
      stopping.abort();
      await draining;
      await leases.release(LOUDNESS_LEASE);
    },
    /** Songs were queued by this process (an upload, an import, a render): measure them soon. */
    wake,
    /**
     * Listeners play these songs, some of which may wait for their measurement: those go to the
     * front of the queue (one statement, writing only when one is queued behind others).
     */
    async want(songIds: readonly number[]): Promise<void> {
      const fresh = songIds.filter((id) => !wanted.get(String(id)));
      if (fresh.length === 0) return;
      for (const id of fresh) wanted.set(String(id), true);
      if ((await repos.loudness.want(fresh, clock())) > 0) wake();
    },
    /** A demo song was rendered: its file is measured next (it is being listened to), unless it was before it was evicted. */
    async rendered(songId: number, md5: string): Promise<void> {
      if ((await repos.loudness.md5Of(songId)) === md5) return;
      await repos.loudness.queue([songId], 'listener', clock());
      wake();
    },
    /** How many songs are still to measure (tests and the bench wait for the background work with it). */
    pending: async (): Promise<number> => await repos.loudness.pending(),
  };
}
export type LoudnessService = ReturnType<typeof createLoudnessService>;
