import type { Repos } from '../../repos/index.ts';
import type { LyricRecord } from '../../repos/lyrics.ts';
import { notFound } from '../../errors.ts';
import type { AudioFile, AudioService, AudioSource } from '../audio.ts';
import { TtlCache } from '../../media/ttl-cache.ts';
import type { PlayableSong } from '../../repos/songs.ts';
import type { MediaUrls } from '../../media/urls.ts';
import type { LoudnessService } from '../loudness.ts';
import { songUrlLoudness } from '../loudness-shapes.ts';
import { privilegeOf, songObject } from '../shapes.ts';
import { mp3Variant, type TranscodeService } from '../transcode.ts';
import type { Variant } from '../transcode-formats.ts';
import { wordTimedLyric } from '../../text/word-lyrics.ts';
import { capOf, fitsCap, kbpsOf, levelOf, type VariantBitrate } from '../transcode-levels.ts';
import { VersionedMemo } from '../versioned-memo.ts';

/** Constant-bitrate estimate, for files not made yet (give or take a frame and the tags). */
const estimatedSize = (durationMs: number, bitrate: number): number => Math.round((durationMs * bitrate) / 8000);

/** The fee fields of every /song/url entry: nothing here is paid for, trialled or flagged. */
const FREE_TO_PLAY = { fee: 0, uf: null, payed: 0, flag: 0, canExtend: false, freeTrialInfo: null } as const;

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
  ...FREE_TO_PLAY,
  ...songUrlLoudness(null, null),
  level: null,
  encodeType: null,
});

/** A playable /song/url entry (cloud songs answer in the same shape, services/cloud/), with its loudness fields. */
export function playable(
  id: number,
  url: string,
  br: number,
  lossless: boolean,
  type: string,
  size: number,
  md5: string | null,
  loudness: ReturnType<typeof songUrlLoudness>,
) {
  return {
    id,
    url,
    br,
    size,
    md5,
    code: 200,
    expi: 1200,
    type,
    ...FREE_TO_PLAY,
    ...loudness,
    level: levelOf(br, lossless),
    encodeType: type,
    freeTrialPrivilege: { resConsumable: false, userConsumable: false, listenType: null },
    urlSource: 0,
  };
}

/** /song/url lists a process keeps read for the database's current version. */
const PLAYABLE_LISTS_KEPT = 256;

/** A player's Range requests for one song arrive in bursts: its file is looked up once per burst. */
const RECENT_FILE_TTL_MS = 2000;

export function createSongService(repos: Repos, audio: AudioService, transcodes: TranscodeService, loudness: LoudnessService) {
  const recentFiles = new TtlCache<AudioFile>(RECENT_FILE_TTL_MS, 1024);
  // A player asks /song/url for the same queue again and again: its rows are kept for the
  // database's version (a render or an eviction writes its file's row, moving it).
  const playableLists = new VersionedMemo<Map<number, PlayableSong>>(PLAYABLE_LISTS_KEPT);

  /** `verify`: the file found before turned out missing (see audio.ts renderedFile). */
  async function findAudioFile(id: number, bitrate: VariantBitrate | null, verify: boolean) {
    const original = await audio.cached(id, { verify });
    if (!original) {
      if ((await repos.songs.exists(id)) && !(await audio.quality(id)).imported) return 'not-made' as const;
      throw notFound('song', id);
    }
    if (fitsCap(original.bitrate, bitrate)) return original;
    return (await transcodes.cached(original, mp3Variant(bitrate!), { verify })) ?? ('not-made' as const);
  }

  /** A song's lyric record; undefined for an instrumental (404 for an unknown song). */
  async function lyricOf(id: number): Promise<LyricRecord | undefined> {
    if (!(await repos.songs.exists(id))) throw notFound('song', id);
    return await repos.lyrics.find(id);
  }

  /** /lyric's answer: LRC, translation (tlyric) and NetEase's other blocks, empty. */
  function lyricAnswer(lyric: LyricRecord | undefined) {
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
  }

  return {
    /** Songs in request order; unknown ids are left out, as NetEase does. */
    async detail(ids: readonly number[], urls: MediaUrls) {
      const unique = [...new Set(ids)];
      const found = await repos.songs.findByIds(unique);
      const records = unique.flatMap((id) => found.get(id) ?? []);
      return { songs: records.map((s) => songObject(s, urls)), privileges: records.map(privilegeOf), code: 200 as const };
    },

    /**
     * Playable URLs in request order, at the quality `br` allows (see transcode-levels.ts), at
     * once: nothing is rendered or transcoded here. A file on disk gets its size and md5; one not
     * made yet gets md5 null and its size — exact for a demo song never played (see songMp3Size),
     * estimated for a variant never requested. Its URL makes it on first fetch, streaming it as
     * it is made. `version`: the request's database version, for a list read at it already.
     */
    async urls(ids: readonly number[], br: number, urls: MediaUrls, version: string) {
      const cap = capOf(br);
      const unique = [...new Set(ids)];
      // A few queries for the whole list, whatever its length (a queue asks for dozens at once).
      const songs = await playableLists.get(version, unique.join(','), () => repos.songs.playables(unique));
      const originals = await audio.originalsOf([...songs.values()]);
      // Songs played before they are measured are measured first (a demo song is once rendered).
      await loudness.want([...songs.values()].filter((s) => s.loudness === null && (s.imported || s.rendered)).map((s) => s.id));
      const data = await Promise.all(
        unique.map(async (id) => {
          const song = songs.get(id);
          const { quality, file: original } = originals.get(id) ?? {};
          if (!song || !quality) return unavailable(id);
          // An imported song's file never needs making: not on disk means deleted.
          if (quality.imported && !original) return unavailable(id);
          const levels = songUrlLoudness(song.loudness, song.albumLoudness);
          if (fitsCap(quality.bitrate, cap)) {
            const size = original?.size ?? audio.plannedSizeOf(song) ?? estimatedSize(song.durationMs, quality.bitrate);
            const url = urls.audio(id, `.${quality.type}`);
            return playable(id, url, quality.bitrate, quality.lossless, quality.type, size, original?.md5 ?? null, levels);
          }
          const bitrate = cap!;
          const file = original && (await transcodes.cached(original, mp3Variant(bitrate)));
          const url = urls.audio(id, `-${kbpsOf(bitrate)}k.mp3`);
          const size = file?.size ?? estimatedSize(song.durationMs, bitrate);
          return playable(id, url, bitrate, false, 'mp3', size, file?.md5 ?? null, levels);
        }),
      );
      return { data, code: 200 as const };
    },

    /**
     * What `GET /media/audio/<id>[-<kbps>k].<ext>` sends: the original, or the variant when one
     * is asked for and the original's bitrate is above it — a file on disk, or one being made,
     * read as it grows (starting the work if nobody has). `signal`: the request left, so work
     * only it waited for stops.
     */
    async stream(id: number, bitrate: VariantBitrate | null, { signal, fresh = false }: { signal?: AbortSignal; fresh?: boolean } = {}) {
      const key = `${id}:${bitrate ?? 'original'}`;
      const known = fresh ? undefined : recentFiles.get(key);
      if (known) return { kind: 'file', file: known } satisfies AudioSource;
      let source: AudioSource | undefined;
      // A fresh look after a miss also asks the storage whether the recorded file is there.
      const verify = { verify: fresh };
      if (fitsCap((await audio.quality(id)).bitrate, bitrate)) source = await audio.stream(id, signal, verify);
      else {
        const original = await audio.ensure(id, signal, verify);
        source =
          original &&
          (fitsCap(original.bitrate, bitrate)
            ? { kind: 'file', file: original }
            : await transcodes.stream(original, mp3Variant(bitrate!), signal, verify));
      }
      if (!source) throw notFound('song', id);
      if (source.kind === 'file') recentFiles.set(key, source.file);
      return source;
    },

    /**
     * What a transcoded stream sends (Subsonic's stream and getTranscodeStream): the song's
     * original as `variant` — kept on disk, or being made and read as it grows — or, from
     * `offsetS` seconds in, made for this listener alone. A demo song is rendered first.
     */
    async transcoded(id: number, variant: Variant, { signal, offsetS = 0 }: { signal?: AbortSignal; offsetS?: number } = {}) {
      const original = await audio.ensure(id, signal);
      if (!original) throw notFound('song', id);
      return offsetS > 0 ? transcodes.streamFrom(original, variant, offsetS, signal) : transcodes.stream(original, variant, signal);
    },

    /**
     * Makes a song's file ahead of its first play (the next song of a queue), without waiting for
     * it: 'ready' when it exists, 'preparing' when it is being made, 'busy' when the server has
     * enough to do (ask again later). Imported originals are always ready; variants are made when
     * played (a transcode starts streaming within a few hundred milliseconds).
     */
    async prepare(id: number) {
      const state = await audio.prepare(id);
      if (!state) throw notFound('song', id);
      return { data: [{ id, state }], code: 200 as const };
    },

    /**
     * The file `HEAD /media/audio/<id>[-<kbps>k].<ext>` describes, never made here: a file not
     * made yet is 'not-made'.
     */
    async audioFile(id: number, bitrate: VariantBitrate | null, { fresh = false }: { fresh?: boolean } = {}) {
      const key = `${id}:${bitrate ?? 'original'}`;
      const known = fresh ? undefined : recentFiles.get(key);
      if (known) return known;
      const file = await findAudioFile(id, bitrate, fresh);
      if (file === 'not-made') recentFiles.delete(key);
      else recentFiles.set(key, file);
      return file;
    },

    lyric: async (id: number) => lyricAnswer(await lyricOf(id)),

    /**
     * /lyric/new: /lyric's blocks plus `yrc`, word-by-word lines. Only lyrics timed to the
     * music's phrases (the demo library's) get one; an imported LRC's lines say when a line
     * starts, not its words, so it has none (as NetEase gives none for most songs).
     */
    async lyricNew(id: number) {
      const record = await lyricOf(id);
      const answer = lyricAnswer(record);
      if (!record?.phraseTimed) return answer;
      return { ...answer, yrc: { version: record.version, lyric: wordTimedLyric(record.lrc) } };
    },
  };
}
export type SongService = Awaited<ReturnType<typeof createSongService>>;
