import type { Payload } from '../../http/subsonic-envelope.ts';
import { parseId } from '../../services/subsonic/index.ts';
import type { SubsonicCall } from './browsing.ts';

/** Lyrics: getLyrics (Subsonic 1.2, by artist and title) and getLyricsBySongId (OpenSubsonic songLyrics v1 and v2). */
export const lyricsMethods: Record<string, (call: SubsonicCall) => Payload | Promise<Payload>> = {
  getLyrics: async ({ params, services }) => ({
    lyrics: await services.subsonic.lyrics.byArtistAndTitle(params.string('artist'), params.string('title')),
  }),
  getLyricsBySongId: async ({ params, services }) => ({
    lyricsList: {
      structuredLyrics: await services.subsonic.lyrics.bySongId(parseId('song', params.required('id')), params.bool('enhanced', false)),
    },
  }),
};
