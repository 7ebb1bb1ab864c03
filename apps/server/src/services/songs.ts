import type { Repos } from '../repos/index.ts';
import { notFound } from '../errors.ts';
import type { AudioService } from './audio.ts';
import type { MediaUrls } from './media-urls.ts';
import { estimatedMp3Size, privilegeOf, songObject } from './shapes.ts';
import { MP3_BITRATE } from '../library/synth/encode-mp3.ts';

const RENDERS_PER_REQUEST = 4;

export function createSongService(repos: Repos, audio: AudioService) {
  return {
    /** Songs in request order; unknown ids are left out, as NetEase does. */
    detail(ids: readonly number[], urls: MediaUrls) {
      const unique = [...new Set(ids)];
      const found = repos.songs.findByIds(unique);
      const songs = unique.flatMap((id) => {
        const s = found.get(id);
        return s ? [songObject(s, urls)] : [];
      });
      return { songs, privileges: songs.map((s) => privilegeOf(s.id)), code: 200 as const };
    },

    /**
     * Playable URLs in request order. Songs not rendered yet are rendered first (size and md5
     * come from the file) — but at most a few per request: a 1,000-id request must not queue
     * an hour of encoding ahead of everyone's next song. Beyond those, an entry carries the URL
     * (which renders on first fetch), the estimated size and md5 null.
     */
    async urls(ids: readonly number[], urls: MediaUrls) {
      let renderBudget = RENDERS_PER_REQUEST;
      const data = await Promise.all(
        [...new Set(ids)].map(async (id) => {
          const song = repos.songs.findById(id);
          if (!song) {
            return { id, url: null, br: 0, size: 0, md5: null, code: 404, expi: 0, type: null, gain: 0, fee: 0, uf: null, payed: 0, flag: 0, canExtend: false, freeTrialInfo: null, level: null, encodeType: null };
          }
          const file = (await audio.cached(id)) ?? (renderBudget-- > 0 ? await audio.ensure(id) : undefined);
          return {
            id,
            url: urls.audio(id),
            br: MP3_BITRATE,
            size: file ? file.size : estimatedMp3Size(song.durationMs),
            md5: file ? file.md5 : null,
            code: 200,
            expi: 1200,
            type: 'mp3',
            gain: 0,
            fee: 0,
            uf: null,
            payed: 0,
            flag: 0,
            canExtend: false,
            freeTrialInfo: null,
            level: 'standard',
            encodeType: 'mp3',
            freeTrialPrivilege: { resConsumable: false, userConsumable: false, listenType: null },
            urlSource: 0,
          };
        }),
      );
      return { data, code: 200 as const };
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
