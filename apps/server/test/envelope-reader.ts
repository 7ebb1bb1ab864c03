import { expect } from 'vitest';

/** What a Subsonic answer says: its status, its error when it failed, and its root attributes. */
export interface Envelope {
  status: string;
  error?: { code: number; message: string };
  root: Record<string, unknown>;
}

const XML_HEAD = '<?xml version="1.0" encoding="UTF-8"?>\n<subsonic-response xmlns="http://subsonic.org/restapi"';
const ENTITIES: Record<string, string> = { '&amp;': '&', '&lt;': '<', '&gt;': '>', '&quot;': '"', '&apos;': "'" };
const unescape = (text: string): string => text.replace(/&(?:amp|lt|gt|quot|apos);/g, (e) => ENTITIES[e]!);
const attributes = (text: string): Record<string, string> =>
  Object.fromEntries([...text.matchAll(/ ([A-Za-z]+)="([^"<]*)"/g)].map((m) => [m[1]!, unescape(m[2]!)]));

/**
 * Reads a Subsonic envelope in whatever form it came (XML, JSON or JSONP, told by the Content-Type)
 * and fails the test when the body is anything else: an envelope is one `subsonic-response` whose
 * status is `ok` or `failed`, a failed one with a numeric error code and a message.
 */
export function readEnvelope(res: { body: string; headers: Record<string, unknown> }): Envelope {
  const type = String(res.headers['content-type'] ?? '');
  let envelope: Envelope;
  if (type.startsWith('text/xml')) {
    expect(res.body.startsWith(XML_HEAD), res.body.slice(0, 200)).toBe(true);
    const m = /^ ([^>]*?)(?:\/>|>(.*)<\/subsonic-response>)$/s.exec(res.body.slice(XML_HEAD.length));
    expect(m, res.body.slice(0, 200)).not.toBeNull();
    const error = /^<error( [^>]*)\/>$/.exec(m![2] ?? '');
    const root = attributes(` ${m![1]}`);
    envelope = { status: String(root.status), root };
    if (error) {
      const { code, message } = attributes(error[1]!);
      envelope.error = { code: Number(code), message: String(message) };
    }
  } else {
    const json = type.startsWith('text/javascript') ? /^[A-Za-z_$][\w$.]*\((.*)\);$/s.exec(res.body)?.[1] : res.body;
    expect(type, res.body.slice(0, 200)).toMatch(/^(application\/json|text\/javascript)/);
    const root = (JSON.parse(json ?? '') as { 'subsonic-response': Record<string, unknown> })['subsonic-response'];
    expect(root, res.body.slice(0, 200)).toBeTypeOf('object');
    const error = root.error as { code: number; message: string } | undefined;
    envelope = { status: String(root.status), root, ...(error ? { error: { code: error.code, message: error.message } } : {}) };
  }
  expect(['ok', 'failed']).toContain(envelope.status);
  if (envelope.status === 'failed') {
    expect(envelope.error?.code).toBeTypeOf('number');
    expect(envelope.error?.message).toBeTypeOf('string');
  }
  return envelope;
}

/** Reads a failed envelope with this code. */
export function expectFailed(res: { body: string; headers: Record<string, unknown> }, code: number): string {
  const envelope = readEnvelope(res);
  expect(envelope.status, res.body.slice(0, 300)).toBe('failed');
  expect(envelope.error!.code, res.body.slice(0, 300)).toBe(code);
  return envelope.error!.message;
}
