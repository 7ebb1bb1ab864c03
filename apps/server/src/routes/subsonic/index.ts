import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { SUBSONIC_ERRORS } from '../../errors.ts';
import { apiBaseFor, urlsFor } from '../../http/api-base.ts';
import { rawParams } from '../../http/params.ts';
import {
  formatOf,
  send,
  sendError,
  sendSubsonicMiss,
  SUBSONIC_MESSAGES,
  SUBSONIC_PREFIX,
  type Format,
  type Payload,
} from '../../http/subsonic-envelope.ts';
import { answerSubsonicError } from '../../http/subsonic-errors.ts';
import type { Services } from '../../services/index.ts';
import { activityMethods } from './activity.ts';
import { chatMethods } from './chat.ts';
import { infoMethods } from './info.ts';
import { bookmarkMethods } from './bookmarks.ts';
import { catalogMethods } from './catalog.ts';
import { browsingMethods, type SubsonicCall } from './browsing.ts';
import { lyricsMethods } from './lyrics.ts';
import { hlsPlaylist } from './hls.ts';
import { importScanMethods } from './import-scans.ts';
import { transcodeStream, transcodingMethods } from './transcoding.ts';
import { coverArt, download, stream } from './media.ts';
import { nowPlayingMethods } from './now-playing.ts';
import { SubsonicParams } from './params.ts';
import { playQueueMethods } from './play-queue.ts';
import { podcastMethods } from './podcasts.ts';
import { radioStationMethods } from './radio-stations.ts';
import { ratingMethods } from './ratings.ts';
import { shareMethods } from './shares.ts';
import { avatar, userMethods } from './users.ts';

type DocumentMethod = (call: SubsonicCall) => Payload | Promise<Payload>;
type ByteMethod = (
  request: FastifyRequest,
  reply: FastifyReply,
  services: Services,
  params: SubsonicParams,
  userId: number,
) => Promise<FastifyReply>;

// Maps, not plain objects: a method is named by the request, and `/rest/constructor` or
// `/rest/__proto__` must find nothing rather than a member of Object.prototype.
const documents = new Map<string, DocumentMethod>([
  ...Object.entries(browsingMethods),
  ...Object.entries(activityMethods),
  ...Object.entries(userMethods),
  ...Object.entries(radioStationMethods),
  ...Object.entries(podcastMethods),
  ...Object.entries(chatMethods),
  ...Object.entries(lyricsMethods),
  ...Object.entries(infoMethods),
  ...Object.entries(importScanMethods),
  ...Object.entries(transcodingMethods),
  ...Object.entries(playQueueMethods),
  ...Object.entries(bookmarkMethods),
  ...Object.entries(ratingMethods),
  ...Object.entries(nowPlayingMethods),
  ...Object.entries(shareMethods),
  ...Object.entries(catalogMethods),
]);
const bytes = new Map<string, ByteMethod>([
  ['stream', stream],
  ['download', download],
  ['getCoverArt', coverArt],
  ['getAvatar', avatar],
  ['getTranscodeStream', transcodeStream],
  ['hls.m3u8', hlsPlaylist],
]);

/** Every method served, in the tables' order (tests and the reliability suite walk them). */
export const SUBSONIC_METHODS: readonly string[] = [...documents.keys(), ...bytes.keys()];

/** CORS of every /rest answer and preflight: any origin, no credentials (each request carries its own), the headers asked for. */
const SUBSONIC_CORS = { origin: '*', credentials: false, methods: ['GET', 'POST', 'OPTIONS'], strictPreflight: false };

declare module 'fastify' {
  interface FastifyContextConfig {
    /** a route's own CORS options, merged over the app's by @fastify/cors (http/cors.ts) */
    cors?: typeof SUBSONIC_CORS;
  }
}

/**
 * The Subsonic / OpenSubsonic API at `/rest/<method>` and `/rest/<method>.view`, GET or POST
 * (form: OpenSubsonic formPost), from a page of any origin. Every known method authenticates first (services/subsonic/passwords.ts);
 * answers are XML, or JSON with `f=json` (http/subsonic-envelope.ts); errors are Subsonic's codes
 * with HTTP 200. Everything else under /rest is answered here too, never by the web app: other
 * paths and verbs (sendSubsonicMiss), CORS preflights, and failures before or inside a method
 * (http/subsonic-errors.ts).
 */
export async function subsonicRoutes(
  app: FastifyInstance,
  { services, apiPrefix }: { services: Services; apiPrefix: string },
): Promise<void> {
  app.setErrorHandler(answerSubsonicError);
  // Credentials travel in every request, never in a cookie: any page may call (http/auth.ts).
  const config = { cors: SUBSONIC_CORS, cookieless: true };
  app.route<{ Params: { method: string } }>({
    method: ['GET', 'POST'],
    url: `${SUBSONIC_PREFIX}/:method`,
    config,
    handler: async (request, reply) => {
      // A JSON body is a document for the method (getTranscodeDecision's ClientInfo), never params:
      // those come in the query or, under formPost, in a form.
      const json = /\bjson\b/i.test(request.headers['content-type'] ?? '');
      const raw = rawParams(request.query, json ? undefined : request.body);
      const body = json || typeof request.body === 'string' ? request.body : undefined;
      const format: Format = formatOf(raw.f, raw.callback);
      const name = request.params.method.replace(/\.view$/, '');
      const document = documents.get(name);
      const byte = bytes.get(name);
      // The method table is public: an unknown name is answered before any credential is checked.
      if (!document && !byte) return sendError(reply, format, SUBSONIC_ERRORS.generic, SUBSONIC_MESSAGES.unknownMethod);
      const params = new SubsonicParams(raw);
      const userId = await services.subsonic.passwords.authenticate(
        { u: params.string('u'), p: params.string('p'), t: params.string('t'), s: params.string('s'), apiKey: params.string('apiKey') },
        { ip: request.ip },
      );
      if (document) {
        const urls = urlsFor(request, apiPrefix);
        const call = { params, userId, services, ip: request.ip, urls, body, baseUrl: apiBaseFor(request, '') };
        return send(reply, format, 'ok', await document(call));
      }
      return byte!(request, reply, services, params, userId);
    },
  });
  // @fastify/cors answers the preflight in its hook (the route's config); the handler is its fallback.
  for (const url of [SUBSONIC_PREFIX, `${SUBSONIC_PREFIX}/*`]) {
    app.route({
      method: 'OPTIONS',
      url,
      config,
      handler: (_request, reply) => reply.code(204).header('access-control-allow-origin', '*').send(),
    });
    // Answered on arrival: a verb or path no method takes is refused before any body is read.
    app.route({
      method: app.supportedMethods.filter((m) => m !== 'OPTIONS'),
      url,
      config,
      onRequest: async (request, reply) => sendSubsonicMiss(request, reply),
      handler: sendSubsonicMiss,
    });
  }
}
