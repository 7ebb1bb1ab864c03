import type { FastifyReply, FastifyRequest } from 'fastify';
import { ApiError } from '../../errors.ts';
import { formatOf, sendError, type Payload } from '../../http/subsonic-envelope.ts';
import type { Services } from '../../services/index.ts';
import { invalidParam, missingParam, parseId, SUBSONIC_ERRORS, SubsonicError } from '../../services/subsonic/index.ts';
import { decideTranscode, parseClientInfo, variantOfTranscodeParams } from '../../services/subsonic/transcode-decision.ts';
import { variantFromOffset } from '../../services/transcode-choice.ts';
import { sendTranscodedAudio } from '../song-audio.ts';
import type { SubsonicCall } from './browsing.ts';
import { offsetInto, sendAudio } from './media.ts';
import type { SubsonicParams } from './params.ts';

/** `mediaType` + `mediaId` → a song id. Podcast episodes are streamed as they are, never transcoded. */
function songOf(params: SubsonicParams): number {
  const type = params.required('mediaType').trim().toLowerCase();
  if (type === 'podcast') throw new SubsonicError(SUBSONIC_ERRORS.generic, 'Podcast episodes are not transcoded: stream them as they are');
  if (type !== 'song') throw invalidParam('mediaType', 'must be song or podcast');
  return parseId('song', params.required('mediaId'), 'mediaId');
}

/** The posted ClientInfo: parsed JSON, or JSON sent as text (a browser avoiding a preflight). */
function clientInfoOf(body: unknown) {
  if (body === undefined || body === '') throw missingParam("the request body (the player's ClientInfo as JSON, in a POST)");
  if (typeof body !== 'string') return parseClientInfo(body);
  let parsed: unknown;
  try {
    parsed = JSON.parse(body);
  } catch {
    throw invalidParam('The request body', "must be a JSON object: the player's ClientInfo");
  }
  return parseClientInfo(parsed);
}

/**
 * getTranscodeDecision (the `transcoding` extension): the player posts what it plays, the server
 * answers whether it takes the original or which stream it gets (services/subsonic/transcode-decision.ts).
 */
export const transcodingMethods: Record<string, (call: SubsonicCall) => Payload | Promise<Payload>> = {
  getTranscodeDecision: async ({ params, services, body }) => {
    const id = songOf(params);
    await services.subsonic.browsing.record(id);
    const client = clientInfoOf(body);
    return { transcodeDecision: decideTranscode(await services.audio.quality(id), client) };
  },
};

/** The extension wants refusals of getTranscodeStream as HTTP error codes: the envelope stays, with the status its code means. */
const HTTP_STATUS = new Map<number, number>([
  [SUBSONIC_ERRORS.generic, 400],
  [SUBSONIC_ERRORS.missingParam, 400],
  [SUBSONIC_ERRORS.notAuthorized, 403],
  [SUBSONIC_ERRORS.notFound, 404],
]);

/**
 * getTranscodeStream: the stream a decision named (`transcodeParams`: `raw` or `<format>-<kbps>k`),
 * from `offset` seconds in. A refusal is a Subsonic envelope with the HTTP status it means.
 */
export async function transcodeStream(request: FastifyRequest, reply: FastifyReply, services: Services, params: SubsonicParams) {
  try {
    const id = songOf(params);
    const song = await services.subsonic.browsing.record(id);
    const variant = variantOfTranscodeParams(params.required('transcodeParams'));
    const offsetS = offsetInto(song, params.seconds('offset'), 'offset');
    if (offsetS > 0) {
      return await sendTranscodedAudio(request, reply, services, id, variantFromOffset(await services.audio.quality(id), variant), offsetS);
    }
    if (variant) return await sendTranscodedAudio(request, reply, services, id, variant);
    return await sendAudio(request, reply, services, id, null);
  } catch (err) {
    if (reply.sent || reply.raw.headersSent) throw err;
    const format = formatOf(params.string('f'), params.string('callback'));
    if (err instanceof SubsonicError) return sendError(reply, format, err.code, err.message, HTTP_STATUS.get(err.code) ?? 400);
    if (err instanceof ApiError && err.code === 404) return sendError(reply, format, SUBSONIC_ERRORS.notFound, err.message, 404);
    throw err;
  }
}
