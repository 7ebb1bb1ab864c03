import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ApiError } from '../../errors.ts';
import { rawParams } from '../../http/params.ts';
import type { Services } from '../../services/index.ts';
import { SUBSONIC_ERRORS, SubsonicError } from '../../services/subsonic/index.ts';
import { activityMethods } from './activity.ts';
import { formatOf, send, sendError, type Format, type Payload } from './format.ts';
import { libraryMethods, type SubsonicCall } from './library.ts';
import { coverArt, download, stream } from './media.ts';
import { SubsonicParams } from './params.ts';

/** The Subsonic path prefix: Subsonic apps are given the server's address and add `/rest/<method>[.view]`. */
export const SUBSONIC_PREFIX = '/rest';

type DocumentMethod = (call: SubsonicCall) => Payload;
type ByteMethod = (request: FastifyRequest, reply: FastifyReply, services: Services, params: SubsonicParams) => Promise<FastifyReply>;

// Maps, not plain objects: a method is named by the request, and `/rest/constructor` or
// `/rest/__proto__` must find nothing rather than a member of Object.prototype.
const documents = new Map<string, DocumentMethod>([...Object.entries(libraryMethods), ...Object.entries(activityMethods)]);
const bytes = new Map<string, ByteMethod>([
  ['stream', stream],
  ['download', download],
  ['getCoverArt', coverArt],
]);

/** Every method served, in the tables' order (tests and the reliability suite walk them). */
export const SUBSONIC_METHODS: readonly string[] = [...documents.keys(), ...bytes.keys()];

/** An unknown method is Subsonic's generic error, without the name: an answer never echoes the request. */
export const UNKNOWN_METHOD_MSG = 'Unknown method';

/** Our own errors in Subsonic's terms: not found → 70, someone else's (401/403) → 50, bad input → 0 with its message. */
function subsonicErrorOf(err: unknown): SubsonicError | undefined {
  if (err instanceof SubsonicError) return err;
  if (err instanceof ApiError) {
    const code =
      err.code === 404
        ? SUBSONIC_ERRORS.notFound
        : err.code === 401 || err.code === 403
          ? SUBSONIC_ERRORS.notAuthorized
          : SUBSONIC_ERRORS.generic;
    return new SubsonicError(code, err.message);
  }
  return undefined;
}

/**
 * The Subsonic / OpenSubsonic API at `/rest/<method>` and `/rest/<method>.view`, GET or POST
 * (form: OpenSubsonic formPost). Every known method authenticates first (services/subsonic/passwords.ts);
 * answers are XML, or JSON with `f=json` (format.ts); errors are Subsonic's codes with HTTP 200.
 */
export async function subsonicRoutes(app: FastifyInstance, { services }: { services: Services }): Promise<void> {
  app.route<{ Params: { method: string } }>({
    method: ['GET', 'POST'],
    url: `${SUBSONIC_PREFIX}/:method`,
    handler: async (request, reply) => {
      // Web Subsonic players run on other origins; nothing ambient authenticates here (the
      // credentials are in each request), so any page may read what it can authenticate for.
      reply.header('access-control-allow-origin', '*');
      const raw = rawParams(request.query, request.body);
      const format: Format = formatOf(raw.f, raw.callback);
      const name = request.params.method.replace(/\.view$/, '');
      const document = documents.get(name);
      const byte = bytes.get(name);
      // The method table is public: an unknown name is answered before any credential is checked.
      if (!document && !byte) return sendError(reply, format, SUBSONIC_ERRORS.generic, UNKNOWN_METHOD_MSG);
      try {
        const params = new SubsonicParams(raw);
        const userId = services.subsonic.passwords.authenticate({
          u: params.string('u'),
          p: params.string('p'),
          t: params.string('t'),
          s: params.string('s'),
          apiKey: params.string('apiKey'),
        });
        if (document) return send(reply, format, 'ok', document({ params, userId, services, ip: request.ip }));
        return await byte!(request, reply, services, params);
      } catch (err) {
        const known = subsonicErrorOf(err);
        // A failure after the bytes began (a stream) cannot become a document: the error handler ends it.
        if (!known || reply.sent) throw err;
        return sendError(reply, format, known.code, known.message);
      }
    },
  });
}
