import type { FastifyReply, FastifyRequest } from 'fastify';
import { SUBSONIC_ERRORS } from '../errors.ts';

/**
 * Subsonic answers, in XML (the default) or JSON (`f=json`, `f=jsonp` with `callback`), from one
 * payload: a plain object whose scalar fields are XML attributes, objects child elements, arrays
 * repeated elements (scalars as text: `<folder>1</folder>`), and a field named `value` the
 * element's text (`<lyrics artist="…">text</lyrics>`) — or, in an element with child elements,
 * an attribute like any other (`<cueLine value="…"><cue …>word</cue></cueLine>`). JSON nests the same object under
 * `subsonic-response`.
 *
 * Every answer under /rest is such an envelope — the methods' own, and the refusals made before a
 * method runs (routing, parsing, sizes, verbs; below the app in server-limits.ts) — so a Subsonic
 * app always reads a document it understands. An error is `status="failed"` with HTTP 200, as the
 * spec says, except where HTTP itself refused the request: 405 a verb, 413 a body, 431 headers,
 * 400 bytes that are not HTTP, 429/503 come back later. No answer repeats what the request sent.
 */
export const SUBSONIC_API_VERSION = '1.16.1';
export const SERVER_TYPE = 'cloudtune';
export const SERVER_VERSION = '0.1.0';

/** The Subsonic path prefix: Subsonic apps are given the server's address and add `/rest/<method>[.view]`. */
export const SUBSONIC_PREFIX = '/rest';

/** Whether a request target (`/rest/ping.view?u=…`, as sent) is the Subsonic API's. */
export function isSubsonicUrl(url: string): boolean {
  const path = url.split('?', 1)[0]!;
  return path === SUBSONIC_PREFIX || path.startsWith(`${SUBSONIC_PREFIX}/`);
}

/** The refusals made before (or instead of) a method: fixed words, never the request's. */
export const SUBSONIC_MESSAGES = {
  unknownMethod: 'Unknown method',
  verbNotAllowed: 'HTTP method not allowed: use GET or POST',
  badUrl: 'Malformed request URL',
  badBody: 'Malformed request body',
  unsupportedBody: 'Unsupported request body: send the parameters in the query or as a form',
  bodyTooLarge: 'Request body too large',
  headersTooLarge: 'Request headers too large',
  badRequest: 'Malformed request',
  busy: 'Server busy, try again later',
  internal: 'Internal server error',
} as const;

/** What `Allow` says on a 405 under /rest. */
export const SUBSONIC_VERBS = 'GET, POST, HEAD, OPTIONS';

export type Payload = Record<string, unknown>;

/**
 * A string Subsonic's schema makes a child element rather than an attribute (artistInfo's
 * biography and image URLs, albumInfo's notes): `<biography>text</biography>` in XML, a plain
 * string in JSON.
 */
export class TextElement {
  constructor(readonly value: string) {}
  toJSON(): string {
    return this.value;
  }
}

/** The payload with the named string fields as TextElements (absent ones stay absent). */
export function withTextElements(payload: Payload, names: readonly string[]): Payload {
  return Object.fromEntries(
    Object.entries(payload).map(([key, v]) => [key, names.includes(key) && typeof v === 'string' ? new TextElement(v) : v]),
  );
}
export type Format = { kind: 'xml' } | { kind: 'json' } | { kind: 'jsonp'; callback: string };

const escapeXml = (text: string): string =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' })[c]!);
// XML 1.0 allows no control characters other than tab, newline and carriage return.
// eslint-disable-next-line no-control-regex
const xmlText = (value: unknown): string => escapeXml(String(value).replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f]/g, ''));
const isScalar = (v: unknown): v is string | number | boolean => ['string', 'number', 'boolean'].includes(typeof v);

function element(name: string, value: unknown): string {
  if (Array.isArray(value)) return value.map((item) => element(name, item)).join('');
  if (value === null || value === undefined) return '';
  if (isScalar(value)) return `<${name}>${xmlText(value)}</${name}>`;
  const fields = Object.entries(value as Payload).filter(([, v]) => v !== undefined && v !== null);
  // Subsonic has no mixed content: an element with child elements (cueLine) keeps `value` as an attribute.
  const hasChildren = fields.some(([, v]) => !isScalar(v));
  const isText = (key: string) => key === 'value' && !hasChildren;
  const attrs = fields
    .filter(([key, v]) => !isText(key) && isScalar(v))
    .map(([key, v]) => ` ${key}="${xmlText(v)}"`)
    .join('');
  const text = fields
    .filter(([key, v]) => isText(key) && isScalar(v))
    .map(([, v]) => xmlText(v))
    .join('');
  const children = fields
    .filter(([, v]) => !isScalar(v))
    .map(([key, v]) => element(key, v))
    .join('');
  return text || children ? `<${name}${attrs}>${text}${children}</${name}>` : `<${name}${attrs}/>`;
}

const head = (status: 'ok' | 'failed') => ({
  status,
  version: SUBSONIC_API_VERSION,
  type: SERVER_TYPE,
  serverVersion: SERVER_VERSION,
  openSubsonic: true,
});

export function toXml(status: 'ok' | 'failed', payload: Payload): string {
  const root = element('subsonic-response', { ...head(status), ...payload });
  return `<?xml version="1.0" encoding="UTF-8"?>\n${root.replace('<subsonic-response', '<subsonic-response xmlns="http://subsonic.org/restapi"')}`;
}

export const toJson = (status: 'ok' | 'failed', payload: Payload) => ({ 'subsonic-response': { ...head(status), ...payload } });

/** `f` → the format; an unknown one is XML, as Subsonic servers do. A JSONP callback must be a plain name. */
export function formatOf(f: unknown, callback: unknown): Format {
  if (f === 'json') return { kind: 'json' };
  if (f === 'jsonp' && typeof callback === 'string' && /^[A-Za-z_$][\w$.]{0,63}$/.test(callback)) return { kind: 'jsonp', callback };
  return { kind: 'xml' };
}

/** The format a raw request target asks for, read without failing on bad percent-encoding. */
export function formatOfUrl(url: string): Format {
  const at = url.indexOf('?');
  const query = new URLSearchParams(at < 0 ? '' : url.slice(at + 1));
  return formatOf(query.get('f') ?? undefined, query.get('callback') ?? undefined);
}

/** An envelope's bytes and their Content-Type. */
export function envelope(format: Format, status: 'ok' | 'failed', payload: Payload): { type: string; body: string } {
  if (format.kind === 'xml') return { type: 'text/xml; charset=utf-8', body: toXml(status, payload) };
  const json = JSON.stringify(toJson(status, payload));
  if (format.kind === 'json') return { type: 'application/json; charset=utf-8', body: json };
  return { type: 'text/javascript; charset=utf-8', body: `${format.callback}(${json});` };
}

export const failure = (code: number, message: string): Payload => ({ error: { code, message } });

/**
 * Sends an envelope, HTTP 200 unless told otherwise. Web Subsonic players run on other origins and
 * nothing ambient authenticates here (the credentials are in each request), so every answer,
 * errors included, may be read by any page.
 */
export function send(reply: FastifyReply, format: Format, status: 'ok' | 'failed', payload: Payload, httpStatus = 200): FastifyReply {
  const { type, body } = envelope(format, status, payload);
  return reply.code(httpStatus).header('cache-control', 'no-store').header('access-control-allow-origin', '*').type(type).send(body);
}

export const sendError = (reply: FastifyReply, format: Format, code: number, message: string, httpStatus = 200): FastifyReply =>
  send(reply, format, 'failed', failure(code, message), httpStatus);

/**
 * A /rest request no method answers: a path that names none (`/rest`, `/rest/a/b`) read or posted
 * is an unknown method (200); any other verb is refused with 405 and `Allow`.
 */
export function sendSubsonicMiss(request: FastifyRequest, reply: FastifyReply): FastifyReply {
  const format = formatOfUrl(request.url);
  if (request.method === 'GET' || request.method === 'HEAD' || request.method === 'POST') {
    return sendError(reply, format, SUBSONIC_ERRORS.generic, SUBSONIC_MESSAGES.unknownMethod);
  }
  reply.header('allow', SUBSONIC_VERBS);
  return sendError(reply, format, SUBSONIC_ERRORS.generic, SUBSONIC_MESSAGES.verbNotAllowed, 405);
}
