import type { FastifyReply } from 'fastify';

/**
 * Subsonic answers, in XML (the default) or JSON (`f=json`, `f=jsonp` with `callback`), from one
 * payload: a plain object whose scalar fields are XML attributes, objects child elements, arrays
 * repeated elements (scalars as text: `<folder>1</folder>`), and a field named `value` the
 * element's text (`<lyrics artist="…">text</lyrics>`). JSON nests the same object under
 * `subsonic-response`.
 */
export const SUBSONIC_API_VERSION = '1.16.1';
export const SERVER_TYPE = 'cloudtune';
export const SERVER_VERSION = '0.1.0';

export type Payload = Record<string, unknown>;
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
  const fields = Object.entries(value as Payload);
  const attrs = fields
    .filter(([key, v]) => key !== 'value' && isScalar(v))
    .map(([key, v]) => ` ${key}="${xmlText(v)}"`)
    .join('');
  const text = 'value' in (value as Payload) && isScalar((value as Payload).value) ? xmlText((value as Payload).value) : '';
  const children = fields
    .filter(([key, v]) => key !== 'value' && !isScalar(v))
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

/** Sends an answer (HTTP 200 even for `failed`, as the spec says). */
export function send(reply: FastifyReply, format: Format, status: 'ok' | 'failed', payload: Payload): FastifyReply {
  reply.code(200).header('cache-control', 'no-store');
  if (format.kind === 'xml') return reply.type('text/xml; charset=utf-8').send(toXml(status, payload));
  if (format.kind === 'json') return reply.type('application/json; charset=utf-8').send(JSON.stringify(toJson(status, payload)));
  return reply.type('text/javascript; charset=utf-8').send(`${format.callback}(${JSON.stringify(toJson(status, payload))});`);
}

export const sendError = (reply: FastifyReply, format: Format, code: number, message: string): FastifyReply =>
  send(reply, format, 'failed', { error: { code, message } });
