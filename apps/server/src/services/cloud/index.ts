import type { SongDetailResponse, SongUrlResponse } from '@cloudtune/contract';
import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { rm } from 'node:fs/promises';
import { Transform, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { ApiError, badRequest } from '../../errors.ts';
import type { Storage } from '../../media/storage.ts';
import type { MediaUrls } from '../../media/urls.ts';
import type { CloudSongRecord } from '../../repos/cloud-songs.ts';
import { isCloudSongId } from '../../repos/cloud-songs.ts';
import type { Repos } from '../../repos/index.ts';
import { cloudItem, cloudPrivilege, cloudSongObject } from './shapes.ts';
import type { Clock } from '../rate-windows.ts';
import { songUrlLoudness } from '../loudness-shapes.ts';
import { playable } from '../songs/index.ts';
import type { TaggedLoudness } from '../../media/loudness.ts';

export const CLOUD_FULL_MSG = '云盘空间不足';
export const NOT_AUDIO_MSG = 'songFile must be an audio file (MP3, FLAC, Ogg, M4A, AAC or WAV)';
export const MALFORMED_MSG = 'songFile: the multipart/form-data body is malformed or ends early';
export const CLOUD_REFUSED_MSG = '只有上传者本人可以播放云盘歌曲';
/** How long a cloud song's URL from /song/url plays without a session (NetEase's `expi`). */
export const CLOUD_URL_TTL_S = 1200;

/** What the importer's tag reader (content/import/read-track.ts) tells about a file; injected by the app. */
export type CloudTags = Pick<CloudSongRecord, 'album' | 'durationMs' | 'bitrate' | 'lossless' | 'type' | 'mimeType'> & {
  title: string;
  artists: string[];
  /** what its ReplayGain / R128 tags state; null: the server measures it */
  loudness: TaggedLoudness | null;
};
/** Reads an uploaded file's tags; rejects when the file is no audio it can serve. `fileName` stands in for missing tags. */
export type CloudTagReader = (path: string, size: number, fileName: string) => Promise<CloudTags>;

/** The background loudness measurement, as the cloud drive tells it what to do (services/loudness.ts). */
export interface CloudLoudness {
  /** songs were queued: measure them soon */
  wake(): void;
  /** a listener plays these songs: measure them first */
  want(songIds: readonly number[]): Promise<void>;
}

export interface CloudOptions {
  /** bytes each user may keep */
  cloudQuotaBytes: number;
  readTags: CloudTagReader;
  clock: Clock;
  loudness: CloudLoudness;
}

/** An upload as it arrives: the part's byte stream (busboy's, `truncated` once past the route's size limit) and its name. */
export interface IncomingFile {
  stream: Readable & { truncated?: boolean };
  fileName: string;
}

/** Where the bytes of a cloud song are stored: one object per content, whoever uploaded it. */
export const cloudKey = (sha256: string, type: string): string => `cloud/${sha256.slice(0, 2)}/${sha256}.${type}`;
/** Shared object storage: an unrecorded object younger than this is left to the process uploading it. */
const ORPHAN_GRACE_MS = 3_600_000;
const STORED_KEY = /^cloud\/[0-9a-f]{2}\/([0-9a-f]{64})\.[a-z0-9]+$/;

const notAudio = (): ApiError => badRequest(NOT_AUDIO_MSG);
export const cloudFull = (): ApiError => new ApiError(507, CLOUD_FULL_MSG);

/** Enough of a file's start to tell the audio containers apart. */
const SNIFF_BYTES = 12;

/**
 * Whether a file starts like one of the audio formats the player takes: ID3-tagged or bare MPEG
 * audio (MP3, ADTS AAC), FLAC, Ogg, RIFF/WAVE or an MP4 container. Only a first gate that stops
 * an upload of anything else early; the tag reader then parses the whole file.
 */
export function startsLikeAudio(head: Buffer): boolean {
  const ascii = (from: number, to: number) => head.toString('latin1', from, to);
  if (head.length < 4) return false;
  if (ascii(0, 3) === 'ID3' || ascii(0, 4) === 'fLaC' || ascii(0, 4) === 'OggS') return true;
  if (head[0] === 0xff && (head[1]! & 0xe0) === 0xe0) return true;
  if (ascii(0, 4) === 'RIFF' && ascii(8, 12) === 'WAVE') return true;
  return ascii(4, 8) === 'ftyp';
}

/** The name shown for an upload: the last path segment a browser sent, without control characters, at most 255 characters. */
export function cleanFileName(name: string | undefined): string {
  const last = (name ?? '').split(/[\\/]/).pop() ?? '';
  // eslint-disable-next-line no-control-regex
  const clean = last.replace(/[\u0000-\u001f\u007f]/g, '').trim();
  return [...clean].slice(0, 255).join('') || 'audio';
}

/** Runs tasks one after another: placing a file and writing its row, or deleting both, never interleave. */
function serialize() {
  let tail: Promise<unknown> = Promise.resolve();
  return <T>(task: () => Promise<T>): Promise<T> => {
    const run = tail.then(task, task);
    tail = run.catch(() => {});
    return run;
  };
}

/**
 * The cloud drive (我的音乐云盘, docs/decisions/0016-cloud-drive.md). An upload streams to a
 * local scratch file while it is hashed (its key is its SHA-256, known at the end, and the tag
 * reader needs the whole file), is read by the importer's tag reader, and is moved into storage
 * under its SHA-256 before its row is written: an upload cut off at any point leaves a `.tmp`
 * (deleted at once, or swept at the next start), no object and no row. A user's songs play for that
 * user only: through their session, or a URL /song/url signed for them that expires like
 * NetEase's.
 */
export async function createCloudService(
  repos: Repos,
  storage: Storage,
  { cloudQuotaBytes: quotaBytes, readTags, clock, loudness }: CloudOptions,
) {
  const exclusive = serialize();
  // Signs play URLs; a restart ends the URLs handed out before it (clients ask /song/url again).
  const urlKey = randomBytes(32);
  const signature = (id: number, userId: number, expires: number): Buffer =>
    createHmac('sha256', urlKey).update(`${id}.${userId}.${expires}`).digest().subarray(0, 16);

  function tokenFor(song: CloudSongRecord): string {
    const expires = Math.floor(clock() / 1000) + CLOUD_URL_TTL_S;
    return `${expires}-${signature(song.id, song.userId, expires).toString('hex')}`;
  }

  function tokenValid(song: CloudSongRecord, token: string | undefined): boolean {
    const m = token === undefined ? null : /^(\d{1,12})-([0-9a-f]{32})$/.exec(token);
    if (!m) return false;
    const expires = Number(m[1]);
    if (expires * 1000 <= clock()) return false;
    return timingSafeEqual(Buffer.from(m[2]!, 'hex'), signature(song.id, song.userId, expires));
  }

  /** The row for these bytes: the user's own when they uploaded them before, else a new one over the stored file. */
  async function place(userId: number, tmp: string, fileName: string, size: number, sha256: string, md5: string, tags: CloudTags) {
    return exclusive(async () => {
      const existing = await repos.cloudSongs.findByHash(userId, sha256);
      if (existing) return { song: existing, needUpload: false };
      // Checked again here: uploads of one user running side by side must not pass it together.
      if ((await repos.cloudSongs.usage(userId)).bytes + size > quotaBytes) throw cloudFull();
      const key = cloudKey(sha256, tags.type);
      const stored = (await storage.stat(key))?.size === size;
      // Into storage whole (a rename, or an upload in parts): no reader ever sees part of it.
      if (!stored) await storage.putFile(key, tmp, { contentType: tags.mimeType });
      try {
        const song: Omit<CloudSongRecord, 'id'> = {
          userId,
          sha256,
          md5,
          fileName,
          fileSize: size,
          name: tags.title,
          artist: tags.artists.join('/'),
          album: tags.album,
          durationMs: tags.durationMs,
          bitrate: tags.bitrate,
          lossless: tags.lossless,
          type: tags.type,
          mimeType: tags.mimeType,
          addedAt: clock(),
        };
        const id = await repos.cloudSongs.insert(song);
        // Its tags' loudness, else it is measured in the background (within seconds when played at once).
        if (tags.loudness) await repos.loudness.save(id, { ...tags.loudness, md5, origin: 'tags' }, clock());
        else await repos.loudness.queue([id], 'background', clock());
        return { song: { ...song, id }, needUpload: !stored };
      } catch (err) {
        if ((await repos.cloudSongs.hashUsers(sha256)) === 0) await storage.delete(key);
        throw err;
      }
    });
  }

  /** The viewer's cloud song `id`; undefined for a catalog id, someone else's song or none. */
  async function ownSong(viewer: { id: number }, id: number): Promise<CloudSongRecord | undefined> {
    const song = isCloudSongId(id) ? await repos.cloudSongs.findById(id) : undefined;
    return song?.userId === viewer.id ? song : undefined;
  }

  const remaining = async (userId: number): Promise<number> => Math.max(0, quotaBytes - (await repos.cloudSongs.usage(userId)).bytes);

  return {
    /** Bytes the user may still upload (the route's size limit for the file part). */
    remaining,

    /**
     * POST /cloud: stores the file (see above) and answers as NetEase's upload does (its check's
     * `songId`/`needUpload`, its publish's `privateCloud`). The same bytes again give the same song.
     */
    async upload(user: { id: number }, { stream, fileName }: IncomingFile, signal: AbortSignal) {
      if ((await remaining(user.id)) === 0) throw cloudFull();
      const tmp = await storage.scratchFile('cloud/upload');
      const file = createWriteStream(tmp, { flush: true });
      const sha = createHash('sha256');
      const md5 = createHash('md5');
      let size = 0;
      let head = Buffer.alloc(0);
      const hashing = new Transform({
        transform(chunk: Buffer, _encoding, done) {
          if (head.length < SNIFF_BYTES) {
            head = Buffer.concat([head, chunk.subarray(0, SNIFF_BYTES - head.length)]);
            if (head.length === SNIFF_BYTES && !startsLikeAudio(head)) return done(notAudio());
          }
          size += chunk.length;
          sha.update(chunk);
          md5.update(chunk);
          done(null, chunk);
        },
        flush(done) {
          done(size > 0 && (head.length === SNIFF_BYTES || startsLikeAudio(head)) ? null : notAudio());
        },
      });
      try {
        // Past the size limit busboy stops the part short (`truncated`): the quota, not a short file.
        stream.once('limit', () => stream.destroy(cloudFull()));
        // The part's own failures (a body cut short of its closing boundary, a broken part) are the client's.
        let partError: unknown;
        stream.once('error', (err) => (partError = err));
        await pipeline(stream, hashing, file, { signal }).catch((err: unknown) => {
          throw err === partError && !(err instanceof ApiError) ? badRequest(MALFORMED_MSG) : err;
        });
        if (stream.truncated) throw cloudFull();
        const tags = await readTags(tmp, size, fileName).catch(() => Promise.reject(notAudio()));
        const placed = await place(user.id, tmp, fileName, size, sha.digest('hex'), md5.digest('hex'), tags);
        loudness.wake();
        return { code: 200 as const, songId: String(placed.song.id), needUpload: placed.needUpload, privateCloud: cloudItem(placed.song) };
      } finally {
        // A pipeline that failed early can reject before the file is even opened: the scratch
        // file is removed only once its stream has closed, or the open would create it afterwards.
        if (!file.closed) await new Promise<void>((closed) => file.once('close', () => closed()));
        await rm(tmp, { force: true });
      }
    },

    /** /user/cloud: the user's songs, newest first, with what they use of their quota. */
    async list(user: { id: number }, limit: number, offset: number) {
      const { count, bytes } = await repos.cloudSongs.usage(user.id);
      const data = (await repos.cloudSongs.list(user.id, limit, offset)).map(cloudItem);
      const more = offset + data.length < count;
      return { data, count, size: String(bytes), maxSize: String(quotaBytes), upgradeSign: 0, hasMore: more, more, code: 200 as const };
    },

    /** /user/cloud/detail: the user's songs among `ids`, in their order; others' and unknown ids are left out. */
    async detail(user: { id: number }, ids: readonly number[]) {
      const data = (
        await Promise.all(
          [...new Set(ids)].map(async (id) => {
            const song = isCloudSongId(id) ? await repos.cloudSongs.findById(id) : undefined;
            return song && song.userId === user.id ? [cloudItem(song)] : [];
          }),
        )
      ).flat();
      return { data, code: 200 as const };
    },

    /**
     * /user/cloud/del: removes the user's songs among `ids`; a file goes once no row of anyone
     * needs it. Someone else's or unknown ids fail and change nothing.
     */
    async remove(user: { id: number }, ids: readonly number[]) {
      const succIds: number[] = [];
      const failIds: number[] = [];
      await exclusive(async () => {
        for (const id of new Set(ids)) {
          const song = isCloudSongId(id) ? await repos.cloudSongs.findById(id) : undefined;
          if (!song || song.userId !== user.id || !(await repos.cloudSongs.delete(id, user.id))) {
            failIds.push(id);
            continue;
          }
          succIds.push(id);
          await repos.loudness.forget(id);
          if ((await repos.cloudSongs.hashUsers(song.sha256)) === 0) await storage.delete(cloudKey(song.sha256, song.type));
        }
      });
      if (succIds.length === 0) throw new ApiError(404, `cloud song ${failIds[0]} not found`);
      return { code: 200 as const, succIds, failIds };
    },

    /** Every song of the user's drive (a closed account's); a file goes once no row of anyone needs it. */
    async removeAll(userId: number): Promise<void> {
      const ids = (await repos.cloudSongs.list(userId, Number.MAX_SAFE_INTEGER, 0)).map((song) => song.id);
      if (ids.length) await this.remove({ id: userId }, ids);
    },

    /**
     * /song/detail over catalog and cloud ids: the viewer's own cloud songs join the catalog's
     * answer in request order; anyone else's stay unknown (left out, as NetEase leaves them).
     */
    async withCloudSongs(viewer: { id: number } | null, ids: readonly number[], answer: SongDetailResponse): Promise<SongDetailResponse> {
      if (!viewer || !ids.some(isCloudSongId)) return answer;
      const own = (await Promise.all([...new Set(ids)].map(async (id) => (await ownSong(viewer, id)) ?? []))).flat();
      if (own.length === 0) return answer;
      const catalog = new Map(answer.songs.map((song, i) => [song.id, { song, privilege: answer.privileges[i]! }]));
      for (const s of own) catalog.set(s.id, { song: cloudSongObject(s), privilege: cloudPrivilege(s) });
      const found = [...new Set(ids)].flatMap((id) => catalog.get(id) ?? []);
      return { ...answer, songs: found.map((f) => f.song), privileges: found.map((f) => f.privilege) };
    },

    /**
     * /song/url over catalog and cloud ids: a cloud song plays for its owner only (anyone else
     * keeps NetEase's "no URL"): the uploaded file as it is, whatever `br` asked, under a URL
     * signed for 20 minutes so an <audio> element that sends no cookie (the desktop shell's)
     * still plays it.
     */
    async withCloudUrls(viewer: { id: number } | null, answer: SongUrlResponse, urls: MediaUrls): Promise<SongUrlResponse> {
      if (!viewer || !answer.data.some((d) => isCloudSongId(d.id))) return answer;
      const cloudIds = answer.data.filter((d) => isCloudSongId(d.id)).map((d) => d.id);
      const levels = await repos.loudness.ofSongs(cloudIds);
      const data = await Promise.all(
        answer.data.map(async (d) => {
          const s = await ownSong(viewer, d.id);
          if (!s) return d;
          const url = `${urls.cloudAudio(s.id, `.${s.type}`)}?t=${tokenFor(s)}`;
          // A cloud song is no catalog album's: its album's loudness stays unknown.
          return playable(s.id, url, s.bitrate, s.lossless, s.type, s.fileSize, s.md5, songUrlLoudness(levels.get(s.id) ?? null, null));
        }),
      );
      await loudness.want(data.filter((d) => isCloudSongId(d.id) && d.url && !levels.has(d.id)).map((d) => d.id));
      return { ...answer, data };
    },

    /**
     * The file `GET /media/cloud/<id>.<ext>` sends: for the owner's session or a valid signed
     * token; 'refused' for anyone else; undefined for an unknown id.
     */
    async file(id: number, viewer: { id: number } | null, token: string | undefined) {
      const song = isCloudSongId(id) ? await repos.cloudSongs.findById(id) : undefined;
      if (!song) return undefined;
      if (viewer?.id !== song.userId && !tokenValid(song, token)) return 'refused' as const;
      return { object: cloudKey(song.sha256, song.type), mimeType: song.mimeType, etag: `"${song.sha256.slice(0, 32)}"` };
    },

    /**
     * At start: deletes stored objects no row needs (the server died between moving an upload
     * into storage and writing its row). Temporary files are swept with the other media's.
     */
    async sweep(): Promise<number> {
      const needed = await repos.cloudSongs.hashes();
      let removed = 0;
      // In shared storage an object stored in the last hour may be another process's upload whose
      // row is being written (the stores' dates are wall-clock ones).
      const before = Date.now() - ORPHAN_GRACE_MS;
      for await (const { key, mtimeMs } of storage.list('cloud/')) {
        const hash = STORED_KEY.exec(key)?.[1];
        if (hash === undefined || needed.has(hash) || (storage.kind === 's3' && mtimeMs > before)) continue;
        await storage.delete(key);
        removed++;
      }
      return removed;
    },
  };
}
export type CloudService = Awaited<ReturnType<typeof createCloudService>>;
