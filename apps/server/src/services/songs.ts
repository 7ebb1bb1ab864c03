import type { Repos } from '../repos/index.ts';
import { notFound } from '../errors.ts';
import type { AudioFile, AudioService } from './audio.ts';
import { TtlCache } from '../media/ttl-cache.ts';
import type { MediaUrls } from '../media/urls.ts';
import { privilegeOf, songObject } from './shapes.ts';
import type { TranscodeService } from './transcode.ts';
import { capOf, fitsCap, kbpsOf, levelOf, type VariantBitrate } from './transcode-levels.ts';

const RENDERS_PER_REQUEST = 4;

/** Constant-bitrate estimate, for files not made yet (give or take a frame and the tags). */
const estimatedSize = (durationMs: number, bitrate: number): number => Math.round((durationMs * bitrate) / 8000);

/** NetEase's answer for a song it cannot play. */
const unavailable = (id: number) => ({
  id,
  url: null,
  br: 0,
  size: 0,
  md5: null,
  code: 404,
  expi: 0,
  type: null,
  gain: 0,
  fee: 0,
  uf: null,
  payed: 0,
  flag: 0,
  canExtend: false,
  freeTrialInfo: null,
  level: null,
  encodeType: null,
});

function playable(id: number, url: string, br: number, lossless: boolean, type: string, size: number, md5: string | null) {
  return {
    id,
    url,
    br,
    size,
    md5,
    code: 200,
    expi: 1200,
    type,
    gain: 0,
    fee: 0,
    uf: null,
    payed: 0,
    flag: 0,
    canExtend: false,
    freeTrialInfo: null,
    level: levelOf(br, lossless),
    encodeType: type,
    freeTrialPrivilege: { resConsumable: false, userConsumable: false, listenType: null },
    urlSource: 0,
  };
}

/** A player's Range requests for one song arrive in bursts: its file is looked up once per burst. */
const RECENT_FILE_TTL_MS = 2000;

export function createSongService(repos: Repos, audio: AudioService, transcodes: TranscodeService) {
  const recentFiles = new TtlCache<AudioFile>(RECENT_FILE_TTL_MS, 1024);

  async function findAudioFile(id: number, bitrate: VariantBitrate | null, make: boolean, signal?: AbortSignal) {
    const original = make ? await audio.ensure(id, signal) : await audio.cached(id);
    if (!original) {
      if (!make && repos.songs.exists(id) && !audio.quality(id).imported) return 'not-made' as const;
      throw notFound('song', id);
    }
    if (fitsCap(original.bitrate, bitrate)) return original;
    const variant = make ? await transcodes.ensure(original, bitrate!, signal) : await transcodes.cached(original, bitrate!);
    return variant ?? ('not-made' as const);
  }

  return {
    /** Songs in request order; unknown ids are left out, as NetEase does. */
    detail(ids: readonly number[], urls: MediaUrls) {
      const unique = [...new Set(ids)];
      const found = repos.songs.findByIds(unique);
      const records = unique.flatMap((id) => found.get(id) ?? []);
      return { songs: records.map((s) => songObject(s, urls)), privileges: records.map(privilegeOf), code: 200 as const };
    },

    /**
     * Playable URLs in request order, at the quality `br` allows (see transcode-levels.ts).
     * Files not on disk yet (a demo song never played, a variant never requested) are made
     * first so size and md5 are exact — but at most a few per request: a 1,000-id request must
     * not queue an hour of encoding ahead of everyone's next song. Beyond those, an entry
     * carries the URL (which makes the file on first fetch), an estimated size and md5 null.
     */
    async urls(ids: readonly number[], br: number, urls: MediaUrls, signal?: AbortSignal) {
      const cap = capOf(br);
      let workBudget = RENDERS_PER_REQUEST;
      const data = await Promise.all(
        [...new Set(ids)].map(async (id) => {
          const song = repos.songs.findById(id);
          if (!song) return unavailable(id);
          const quality = audio.quality(id);
          const original = await audio.cached(id);
          // An imported song's file never needs making: not on disk means deleted.
          if (quality.imported && !original) return unavailable(id);
          if (fitsCap(quality.bitrate, cap)) {
            const file = original ?? (workBudget-- > 0 ? await audio.ensure(id, signal) : undefined);
            const size = file?.size ?? estimatedSize(song.durationMs, quality.bitrate);
            return playable(
              id,
              urls.audio(id, `.${quality.type}`),
              quality.bitrate,
              quality.lossless,
              quality.type,
              size,
              file?.md5 ?? null,
            );
          }
          const bitrate = cap!;
          let file = original && (await transcodes.cached(original, bitrate));
          if (!file && workBudget-- > 0) {
            const source = original ?? (await audio.ensure(id, signal));
            file = source && (await transcodes.ensure(source, bitrate, signal));
          }
          const url = urls.audio(id, `-${kbpsOf(bitrate)}k.mp3`);
          return playable(id, url, bitrate, false, 'mp3', file?.size ?? estimatedSize(song.durationMs, bitrate), file?.md5 ?? null);
        }),
      );
      return { data, code: 200 as const };
    },

    /**
     * The file the media route sends for `/media/audio/<id>[-<kbps>k].<ext>`: the original, or
     * the variant when one is asked for and the original's bitrate is above it. With
     * `make: false` (a HEAD request) nothing is rendered or transcoded: a file not made yet is
     * 'not-made'. `signal`: the request left, so work only it waited for stops. A file found in
     * the last RECENT_FILE_TTL_MS is not looked up again unless `fresh` (it vanished meanwhile).
     */
    async audioFile(
      id: number,
      bitrate: VariantBitrate | null,
      { make = true, signal, fresh = false }: { make?: boolean; signal?: AbortSignal; fresh?: boolean } = {},
    ) {
      const key = `${id}:${bitrate ?? 'original'}`;
      const known = fresh ? undefined : recentFiles.get(key);
      if (known) return known;
      const file = await findAudioFile(id, bitrate, make, signal);
      if (file === 'not-made') recentFiles.delete(key);
      else recentFiles.set(key, file);
      return file;
    },

    lyric(id: number) {
      if (!repos.songs.exists(id)) throw notFound('song', id);
      const lyric = repos.lyrics.find(id);
      const base = { sgc: false, sfy: false, qfy: false };
      // NetEase's answer for an instrumental: no lrc block at all, `nolyric: true`.
      if (!lyric) return { ...base, nolyric: true, code: 200 as const };
      return {
        ...base,
        lrc: { version: lyric.version, lyric: lyric.lrc },
        klyric: { version: 0, lyric: '' },
        tlyric: { version: lyric.translation ? lyric.version : 0, lyric: lyric.translation ?? '' },
        romalrc: { version: 0, lyric: '' },
        code: 200 as const,
      };
    },
  };
}
export type SongService = ReturnType<typeof createSongService>;
