import http from 'node:http';
import { SUBSONIC_METHODS } from '@cloudtune/server';
import { describe, judge, OFFENSES, signature, type OffenseKind } from './fuzz-judge.ts';
import { nextCase, operationsOf, REST_SHARE, type FuzzCase } from './fuzz-cases.ts';
import { readEnvelope } from './fuzz-envelope.ts';
import { PROTOTYPE_NAMES } from './fuzz-rest.ts';
import { sendHttp, sendRaw, type Outcome } from './fuzz-send.ts';
import { bump, fmtInt, fmtMs, goal, line, percentile, section, tally } from './report.ts';
import { createRng } from './rng.ts';
import { aliveFigure, type ServerUnderTest } from './server-process.ts';

/** Distinct failures printed per kind of offense, each with its count and first sample. */
const SAMPLES = 10;

interface Offenses {
  count: number;
  bySignature: Map<string, { count: number; categories: Set<string>; sample: string }>;
}

/**
 * Section 1: ≥ 100,000 requests over the OpenAPI paths, the media routes, the Subsonic API under
 * /rest (a fifth of them) and the raw socket, 32 at a time; every answer judged against the error
 * contract of its API: `{code, msg}`, or a Subsonic envelope under /rest.
 */
export async function runFuzz(server: ServerUnderTest, opts: { total: number; concurrency: number; seed: number }): Promise<void> {
  section(
    '1. Fuzz',
    `${fmtInt(opts.total)} requests over the OpenAPI paths, media, /rest (${REST_SHARE * 100} %) and raw sockets (concurrency ${opts.concurrency}, seed ${opts.seed})`,
  );
  const doc = (await (await fetch(`${server.base}/api/openapi.json`)).json()) as Parameters<typeof operationsOf>[0];
  const ops = operationsOf(doc);
  line(`OpenAPI: ${ops.length} paths, ${ops.reduce((n, o) => n + o.params.length, 0)} query params`);
  line(`/rest: ${SUBSONIC_METHODS.length} methods from the server's tables, ${PROTOTYPE_NAMES.length} Object.prototype names`);

  const rng = createRng(opts.seed);
  const agent = new http.Agent({ keepAlive: true, maxSockets: opts.concurrency });
  const statuses = new Map<string, number>();
  /** /rest answers: HTTP status, envelope status and error code (`200 failed 0`), or what else came */
  const restAnswers = new Map<string, number>();
  const restMethods = new Set<string>();
  const rawStatuses = new Map<string, number>();
  const offenses = new Map<OffenseKind, Offenses>();
  const latency = new Map<string, number[]>();
  const expected = new Map<string, { total: number; got: Map<string, number> }>();
  let sent = 0;
  let retried = 0;
  const start = performance.now();

  const record = (c: FuzzCase, o: Outcome) => {
    if (o.retried) retried++;
    const statusKey = o.answers.length ? o.answers.map((a) => a.status).join('+') : `no answer (${o.error ?? 'closed'})`;
    bump(c.kind === 'raw' ? rawStatuses : statuses, statusKey);
    if (c.subsonic) {
      if (c.kind === 'http') restMethods.add(/^\/rest\/([^/?.]*)/.exec(c.path)?.[1] ?? '');
      for (const a of o.answers) {
        const e = readEnvelope(a);
        const type = a.headers['content-type']?.split(';')[0] ?? '';
        const what = e ? `${e.status}${e.code !== undefined ? ` ${e.code}` : ''}` : a.bodyBytes === 0 ? `no body ${type}` : type;
        bump(restAnswers, `${a.status} ${what}`.trim());
      }
    }
    // Raw cases wait for the server to go quiet, so their times say little: one line for all of them.
    const group = c.kind === 'raw' ? 'raw socket (all kinds)' : c.category;
    const times = latency.get(group) ?? [];
    times.push(o.ms);
    latency.set(group, times);
    if (c.kind === 'raw' && c.expect !== undefined) {
      const e = expected.get(c.category) ?? { total: 0, got: new Map() };
      e.total++;
      bump(e.got, String(o.answers[0]?.status ?? 'none'));
      expected.set(c.category, e);
    }
    for (const kind of judge(c, o)) {
      const entry = offenses.get(kind) ?? { count: 0, bySignature: new Map() };
      entry.count++;
      const sig = signature(c, o);
      const same = entry.bySignature.get(sig) ?? { count: 0, categories: new Set(), sample: describe(c, o) };
      same.count++;
      same.categories.add(c.category);
      entry.bySignature.set(sig, same);
      offenses.set(kind, entry);
    }
  };

  const worker = async () => {
    while (sent < opts.total) {
      sent++;
      if (sent % 20_000 === 0) line(`… ${fmtInt(sent)} sent, ${((sent / (performance.now() - start)) * 1000).toFixed(0)} req/s`);
      const c = nextCase(rng, ops, server.port);
      record(c, c.kind === 'http' ? await sendHttp(server.port, agent, c) : await sendRaw(server.port, c));
    }
  };
  await Promise.all(Array.from({ length: opts.concurrency }, worker));
  agent.destroy();
  const seconds = (performance.now() - start) / 1000;

  line(`${fmtInt(opts.total)} requests in ${seconds.toFixed(1)} s: ${(opts.total / seconds).toFixed(0)} req/s`);
  line(`HTTP answers by status: ${tally(statuses)}`);
  line(`raw-socket answers by status (+ = pipelined): ${tally(rawStatuses, 20)}`);
  const methodsHit = SUBSONIC_METHODS.filter((m) => restMethods.has(m)).length;
  line(`/rest answers (status, envelope, error code): ${tally(restAnswers, 24)}`);
  line(`/rest methods reached: ${methodsHit} of ${SUBSONIC_METHODS.length}`);
  line('latency by kind of request (n, p50, p99, max):');
  for (const [category, times] of [...latency].sort((a, b) => a[0].localeCompare(b[0]))) {
    const s = times.sort((a, b) => a - b);
    line(
      `  ${category.padEnd(36)} ${String(s.length).padStart(6)}  ${fmtMs(percentile(s, 50)).padStart(8)} ${fmtMs(percentile(s, 99)).padStart(8)} ${fmtMs(s[s.length - 1]!).padStart(9)}`,
    );
  }
  for (const [category, e] of expected) line(`${category}: ${tally(e.got)} of ${e.total}`);

  const count = (k: OffenseKind) => offenses.get(k)?.count ?? 0;
  for (const [kind, entry] of offenses) {
    const distinct = [...entry.bySignature.values()].sort((a, b) => b.count - a.count);
    line(
      `${OFFENSES[kind]}: ${fmtInt(entry.count)} (${distinct.length} distinct; the ${Math.min(SAMPLES, distinct.length)} most frequent):`,
    );
    for (const d of distinct.slice(0, SAMPLES)) {
      const kinds = [...d.categories];
      line(`  - ×${fmtInt(d.count)} from ${kinds.slice(0, 4).join(', ')}${kinds.length > 4 ? ` +${kinds.length - 4} more` : ''}`);
      line(`    ${d.sample}`);
    }
  }
  const alive = server.alive();
  const after = alive
    ? await fetch(`${server.base}/api/banner`).then(
        (r) => r.status,
        (e: Error) => e.message,
      )
    : 'dead';
  goal('0 responses with status ≥ 500', count('server') === 0, `${fmtInt(count('server'))} responses ≥ 500`);
  goal(
    'every non-2xx body outside /rest is {code:number, msg:string}',
    count('shape') === 0,
    `${fmtInt(count('shape'))} exchanges with another body`,
  );
  goal(
    'every /rest answer is a Subsonic envelope (media excepted)',
    count('restShape') === 0,
    `${fmtInt(count('restShape'))} exchanges with another body`,
  );
  goal('no /rest error echoes the request', count('restEcho') === 0, `${fmtInt(count('restEcho'))} bodies echo the token`);
  goal(
    'no prototype name, other path or verb under /rest answers "ok"',
    count('restNoMethod') === 0,
    `${fmtInt(count('restNoMethod'))} "ok" answers`,
  );
  goal(
    'every /rest answer carries Access-Control-Allow-Origin: *',
    count('restCors') === 0,
    `${fmtInt(count('restCors'))} answers without it`,
  );
  goal('no error body echoes the requested path', count('echo') === 0, `${fmtInt(count('echo'))} bodies echo the path token`);
  const big = [...expected].filter(([c]) => c.includes('16 KB'));
  const bigOk = big.every(([, e]) => (e.got.get('431') ?? 0) === e.total);
  goal(
    'header or request line > 16 KB answered 431',
    bigOk,
    big.map(([c, e]) => `${c.replace('raw: ', '')}: ${tally(e.got)}`).join('; ') || 'not drawn',
  );
  goal('server process alive at the end', alive && after === 200, `${aliveFigure(server)}; GET /api/banner → ${after}`);
  line(
    `(information) HTTP requests without an answer: ${fmtInt(count('noAnswer'))}; raw requests closed silently: ${fmtInt(count('rawSilent'))}; requests re-sent after a reset on a reused keep-alive connection: ${fmtInt(retried)}`,
  );
}
