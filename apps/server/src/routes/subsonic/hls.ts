import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Services } from '../../services/index.ts';
import { invalidParam, parseId } from '../../services/subsonic/index.ts';
import { levelFor } from '../../services/transcode-formats.ts';
import type { SubsonicParams } from './params.ts';

/** The request's own credentials and client names, carried into every URL of the playlist (a player fetches them as they are). */
const CARRIED = ['u', 'p', 't', 's', 'apiKey', 'v', 'c'];
/** What HLS calls MPEG-1 Layer III audio. */
const MP3_CODECS = 'mp4a.40.34';

/** `bitRate` values (kbit/s; a video size after `@` is for video and ignored), lowest first, each once. */
function bitRatesOf(params: SubsonicParams): number[] {
  const kbps = params.list('bitRate').map((text) => {
    const m = /^(\d{1,6})(@\d{1,5}x\d{1,5})?$/.exec(text.trim());
    if (!m || Number(m[1]) < 1) throw invalidParam('bitRate', 'must be kbit/s, as 128 or 1000@480x360');
    return Number(m[1]);
  });
  return [...new Set(kbps)].sort((a, b) => a - b);
}

/**
 * hls.m3u8 (Subsonic 1.8): an HTTP Live Streaming playlist of a song. Audio needs no cutting into
 * pieces to play: the playlist is a VOD one of a single segment — the whole song as the MP3
 * `stream` sends at the level under `bitRate` (the original MP3 when it fits) — and several
 * `bitRate` values make a master playlist of one such variant per level, for adaptive players. URLs are
 * relative to the playlist (`/rest/…`) and carry the request's credentials, so the answer is never
 * cached.
 */
export async function hlsPlaylist(_request: FastifyRequest, reply: FastifyReply, services: Services, params: SubsonicParams) {
  const id = parseId('song', params.required('id'));
  const song = await services.subsonic.browsing.record(id);
  const rates = bitRatesOf(params);
  const auth = CARRIED.flatMap((name) =>
    params
      .list(name)
      .slice(0, 1)
      .map((value) => `${name}=${encodeURIComponent(value)}`),
  );
  const query = (extra: string) => [extra, ...auth].join('&');
  let lines: string[];
  // One variant per level the transcoder makes (bitRate=320 and 1000 are the same 320k MP3).
  const byLevel = new Map<number, number>();
  for (const kbps of rates) if (!byLevel.has(levelFor('mp3', kbps * 1000))) byLevel.set(levelFor('mp3', kbps * 1000), kbps);
  if (byLevel.size > 1) {
    lines = [
      '#EXTM3U',
      ...[...byLevel].flatMap(([level, kbps]) => [
        `#EXT-X-STREAM-INF:BANDWIDTH=${level},CODECS="${MP3_CODECS}"`,
        `hls.m3u8?${query(`id=${id}&bitRate=${kbps}`)}`,
      ]),
    ];
  } else {
    const seconds = song.durationMs / 1000;
    const limit = rates.length ? `&maxBitRate=${rates[0]}` : '';
    lines = [
      '#EXTM3U',
      '#EXT-X-VERSION:3',
      `#EXT-X-TARGETDURATION:${Math.ceil(seconds)}`,
      '#EXT-X-MEDIA-SEQUENCE:0',
      '#EXT-X-PLAYLIST-TYPE:VOD',
      `#EXTINF:${seconds.toFixed(3)},`,
      `stream?${query(`id=${id}&format=mp3${limit}`)}`,
      '#EXT-X-ENDLIST',
    ];
  }
  return reply
    .header('cache-control', 'no-store')
    .header('access-control-allow-origin', '*')
    .type('application/vnd.apple.mpegurl')
    .send(`${lines.join('\n')}\n`);
}
