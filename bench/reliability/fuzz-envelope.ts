import type { Answer } from './fuzz-send.ts';

/** What a Subsonic answer says: ok, or failed with a code and a message (unknown when the kept body was cut). */
export interface EnvelopeRead {
  status: 'ok' | 'failed';
  code?: number;
  message?: string;
}

/** The message of an internal error under /rest: a 5xx in all but its status. */
export const INTERNAL_ERROR_MESSAGE = 'Internal server error';

const XML_ROOT = '<?xml version="1.0" encoding="UTF-8"?>\n<subsonic-response xmlns="http://subsonic.org/restapi" status="';
const JSON_ROOT = '{"subsonic-response":{"status":"';
const ENTITIES = new Map([
  ['&amp;', '&'],
  ['&lt;', '<'],
  ['&gt;', '>'],
  ['&quot;', '"'],
  ['&apos;', "'"],
]);
const unescape = (text: string): string => text.replace(/&(?:amp|lt|gt|quot|apos);/g, (e) => ENTITIES.get(e)!);

/** `ok` / `failed` after a root's opening, or undefined. */
function statusAfter(text: string, root: string): 'ok' | 'failed' | undefined {
  if (!text.startsWith(root)) return undefined;
  const rest = text.slice(root.length);
  return rest.startsWith('ok"') ? 'ok' : rest.startsWith('failed"') ? 'failed' : undefined;
}

function readXml(text: string, whole: boolean): EnvelopeRead | undefined {
  const status = statusAfter(text, XML_ROOT);
  if (!status || !whole) return status && { status };
  // One root element, closed; a failed one holds a single <error code message/>.
  if (!/^[^<>]*(?:\/>|>[\s\S]*<\/subsonic-response>)$/.test(text.slice(XML_ROOT.length))) return undefined;
  if (status === 'ok') return { status };
  const error = /><error code="(\d+)" message="([^"<]*)"\/><\/subsonic-response>$/.exec(text);
  return error ? { status, code: Number(error[1]), message: unescape(error[2]!) } : undefined;
}

function readJson(text: string, whole: boolean): EnvelopeRead | undefined {
  const status = statusAfter(text, JSON_ROOT);
  if (!status || !whole) return status && { status };
  try {
    const root = (JSON.parse(text) as { 'subsonic-response': { status: string; error?: { code: unknown; message: unknown } } })[
      'subsonic-response'
    ];
    if (status === 'ok') return root.error === undefined ? { status } : undefined;
    const { code, message } = root.error ?? {};
    return typeof code === 'number' && typeof message === 'string' ? { status, code, message } : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Reads an answer as a Subsonic envelope, by its Content-Type: XML, JSON or JSONP (`cb({...});`),
 * whose root is `subsonic-response` with status `ok` or `failed`, a failed one with a numeric code
 * and a message. A body the suite kept only the start of is judged by that start. Undefined when
 * it is anything else.
 */
export function readEnvelope(a: Answer): EnvelopeRead | undefined {
  const type = a.headers['content-type'] ?? '';
  const text = a.body.toString('utf8');
  const whole = a.bodyBytes === a.body.length;
  if (type.startsWith('text/xml')) return readXml(text, whole);
  if (type.startsWith('application/json')) return readJson(text, whole);
  if (type.startsWith('text/javascript')) {
    const m = /^[A-Za-z_$][\w$.]*\(/.exec(text);
    if (!m) return undefined;
    const inner = text.slice(m[0].length);
    return whole ? (inner.endsWith(');') ? readJson(inner.slice(0, -2), true) : undefined) : readJson(inner, false);
  }
  return undefined;
}
