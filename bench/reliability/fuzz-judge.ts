import type { FuzzCase } from './fuzz-cases.ts';
import { INTERNAL_ERROR_MESSAGE, readEnvelope } from './fuzz-envelope.ts';
import type { Answer, Outcome } from './fuzz-send.ts';
import { clip } from './report.ts';

/** What can be wrong with an answer; the first seven are goals, the rest are printed for information. */
export const OFFENSES = {
  server: 'status ≥ 500 (or, under /rest, an internal-error envelope)',
  shape: 'non-2xx body is not JSON {code:number, msg:string}',
  echo: 'error body echoes the requested path (token found)',
  restShape: '/rest answer is not a Subsonic envelope (XML, JSON or JSONP; status ok or failed)',
  restEcho: '/rest error echoes the request (token found)',
  restCors: '/rest answer without Access-Control-Allow-Origin: *',
  restNoMethod: '/rest answered "ok" where no method is (a prototype name, another path or verb)',
  noAnswer: 'HTTP request got no answer (reset / hang-up / timeout)',
  queryEcho: 'info: error body echoes a query param (token found)',
  rawSilent: 'info: raw request closed without any answer',
  expected: 'raw answer differs from the status HTTP prescribes',
} as const;
export type OffenseKind = keyof typeof OFFENSES;

const isErrorBodyShape = (body: Buffer): boolean => {
  try {
    const v = JSON.parse(body.toString('utf8')) as { code?: unknown; msg?: unknown };
    return typeof v === 'object' && v !== null && typeof v.code === 'number' && typeof v.msg === 'string';
  } catch {
    return false;
  }
};

const method = (c: FuzzCase): string => (c.kind === 'http' ? c.method : (/^[A-Z]+/.exec(c.bytes.toString('latin1'))?.[0] ?? '?'));

const isMedia = (a: Answer): boolean => /^(audio\/|image\/|application\/vnd\.apple\.mpegurl)/.test(a.headers['content-type'] ?? '');

/**
 * Under /rest: every answer carries `Access-Control-Allow-Origin: *` and, unless it has no body
 * (HEAD, 204, 304) or is the media a stream, download, cover or HLS playlist asked for, is a Subsonic envelope;
 * a failed one never holds the token, an internal error counts as a server error, and where no
 * method is (`/rest/constructor`) the answer is never "ok".
 */
function judgeSubsonic(c: FuzzCase, outcome: Outcome, found: Set<OffenseKind>): void {
  outcome.answers.forEach((a, i) => {
    if (a.status >= 500) found.add('server');
    if (a.headers['access-control-allow-origin'] !== '*') found.add('restCors');
    const bodiless = (method(c) === 'HEAD' && i === 0) || a.status === 204 || a.status === 304;
    if (bodiless || (c.kind === 'http' && c.media && a.status < 300 && isMedia(a))) return;
    const envelope = readEnvelope(a);
    if (!envelope) return void found.add('restShape');
    if (envelope.status === 'failed' && envelope.message === INTERNAL_ERROR_MESSAGE) found.add('server');
    if (envelope.status === 'ok' && c.kind === 'http' && c.noMethod) found.add('restNoMethod');
    if ((envelope.status === 'failed' || a.status >= 300) && c.token && a.body.toString('utf8').toLowerCase().includes(c.token)) {
      found.add('restEcho');
    }
  });
}

/** Every offense one exchange commits. */
export function judge(c: FuzzCase, outcome: Outcome): OffenseKind[] {
  const found = new Set<OffenseKind>();
  if (c.kind === 'http' && outcome.answers.length === 0) found.add('noAnswer');
  if (c.kind === 'raw' && outcome.answers.length === 0) found.add('rawSilent');
  if (c.kind === 'raw' && c.expect !== undefined && outcome.answers[0]?.status !== c.expect) found.add('expected');
  if (c.subsonic) {
    judgeSubsonic(c, outcome, found);
    return [...found];
  }
  outcome.answers.forEach((a, i) => {
    if (a.status >= 500) found.add('server');
    const isError = a.status < 200 || a.status >= 300;
    // A raw answer after the first belongs to a pipelined request; HEAD applies only to the first.
    const head = method(c) === 'HEAD' && i === 0;
    if (isError && a.bodyBytes > 0 && a.status !== 304 && a.status !== 204 && !head && !isErrorBodyShape(a.body)) found.add('shape');
    if (isError && c.token && a.body.toString('utf8').toLowerCase().includes(c.token))
      found.add(c.tokenIn === 'path' ? 'echo' : 'queryEcho');
  });
  return [...found];
}

const describeAnswer = (a: Answer): string =>
  `${a.status === -1 ? 'unparseable' : a.status} ${a.headers['content-type'] ?? '(no content-type)'} ${a.bodyBytes} B ${clip(a.body.subarray(0, 300).toString('utf8'), 180)}`;

/** One line saying what was sent and what came back. */
export function describe(c: FuzzCase, outcome: Outcome): string {
  const sent =
    c.kind === 'http'
      ? `${c.method} ${clip(c.path, 140)}${Object.keys(c.headers).length ? ` ${clip(JSON.stringify(c.headers), 80)}` : ''}${c.body?.length ? ` body ${c.body.length} B ${clip(c.body.subarray(0, 80).toString('latin1'), 60)}` : ''}`
      : `raw ${clip(c.bytes.subarray(0, 160).toString('latin1'), 140)}`;
  const got = outcome.answers.length ? outcome.answers.map(describeAnswer).join(' | ') : 'no answer';
  return `[${c.category}] ${sent}\n        → ${got}${outcome.error ? ` (${outcome.error})` : ''} in ${outcome.ms.toFixed(0)} ms`;
}

/**
 * What makes two offenses the same failure: the statuses and the start of the first body, with
 * the token and numbers blanked, so the samples show distinct failures, not one failure ten times.
 */
export function signature(c: FuzzCase, outcome: Outcome): string {
  const a = outcome.answers[0];
  if (!a) return `no answer (${outcome.error ?? 'closed'}) [${c.category}]`;
  let body = a.body.subarray(0, 400).toString('utf8');
  if (c.token) body = body.split(c.token).join('<token>');
  body = body.replace(/\d+/g, '#').slice(0, 90);
  return `${outcome.answers.map((x) => x.status).join('+')} ${body}`;
}
