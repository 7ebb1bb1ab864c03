import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import { request as httpRequest, type IncomingMessage } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { BlockList, isIP, type LookupFunction } from 'node:net';
import type { Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';

/** Why a fetch failed, in the server's own words (a client is told; nothing of the remote answer is echoed). */
export class FetchError extends Error {}

export interface FetchRules {
  /** loopback, private, link-local and other non-public addresses may be fetched (CLOUDTUNE_PODCAST_ALLOW_PRIVATE) */
  allowPrivate: boolean;
  /** the body is refused beyond this many bytes */
  maxBytes: number;
  /** no byte for this long (connecting, waiting for the answer, or reading it) ends the fetch */
  idleMs: number;
  signal?: AbortSignal;
}

const MAX_REDIRECTS = 5;

/**
 * Addresses a server should not be made to fetch from on a stranger's word: this machine, the
 * LAN, link-local (cloud metadata services), carrier-grade NAT, benchmarking, multicast and
 * reserved. BlockList checks an IPv4-mapped IPv6 address (`::ffff:7f00:1`) by the IPv4 rules.
 */
const NOT_PUBLIC = new BlockList();
for (const [net, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const) {
  NOT_PUBLIC.addSubnet(net, prefix, 'ipv4');
}
for (const [net, prefix] of [
  ['::', 127],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
] as const) {
  NOT_PUBLIC.addSubnet(net, prefix, 'ipv6');
}

export function isPublicAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 0) return false;
  return !NOT_PUBLIC.check(address, family === 4 ? 'ipv4' : 'ipv6');
}

const refusedAddress = () => new FetchError('the address is not a public one');

/**
 * Name resolution that refuses non-public addresses at connect time (every address a name
 * resolves to must be public), so a name that resolves elsewhere on a second lookup gains nothing.
 */
function guardedLookup(allowPrivate: boolean): LookupFunction {
  return (hostname, options, callback) => {
    dnsLookup(hostname, { ...options, all: true }, (err, addresses: LookupAddress[]) => {
      if (err) return callback(err, '', 0);
      if (!allowPrivate && (addresses.length === 0 || addresses.some((a) => !isPublicAddress(a.address)))) {
        return callback(refusedAddress(), '', 0);
      }
      if (options.all) return (callback as unknown as (e: null, a: LookupAddress[]) => void)(null, addresses);
      return callback(null, addresses[0]!.address, addresses[0]!.family);
    });
  };
}

function checkTarget(url: URL, rules: FetchRules): void {
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new FetchError('a redirect led away from http(s)');
  const host = url.hostname.replace(/^\[|\]$/g, '');
  // An address literal is connected to without a lookup: checked here.
  if (!rules.allowPrivate && isIP(host) !== 0 && !isPublicAddress(host)) throw refusedAddress();
}

function get(url: URL, rules: FetchRules): Promise<IncomingMessage> {
  checkTarget(url, rules);
  const request = url.protocol === 'https:' ? httpsRequest : httpRequest;
  return new Promise((resolve, reject) => {
    const req = request(url, {
      method: 'GET',
      lookup: guardedLookup(rules.allowPrivate),
      signal: rules.signal,
      headers: { 'user-agent': 'Cloudtune podcasts', accept: '*/*' },
    });
    req.setTimeout(rules.idleMs, () => req.destroy(new FetchError('the server took too long to answer')));
    req.once('response', resolve);
    req.once('error', reject);
    req.end();
  });
}

/**
 * GETs an http(s) URL within the rules, following up to MAX_REDIRECTS redirects (each to http(s),
 * each target checked again). Resolves with a 2xx answer whose announced length fits; its body is
 * the caller's to read (readBody, saveBody), which enforce the size and idle limits while reading.
 */
export async function open(url: URL, rules: FetchRules): Promise<{ response: IncomingMessage; url: URL }> {
  let current = url;
  for (let hop = 0; ; hop += 1) {
    const response = await get(current, rules).catch((err: unknown) => {
      if (err instanceof FetchError || (err as Error).name === 'AbortError') throw err;
      throw new FetchError('the server could not be reached');
    });
    const status = response.statusCode ?? 0;
    if (status >= 300 && status < 400 && response.headers.location) {
      response.resume();
      if (hop >= MAX_REDIRECTS) throw new FetchError('too many redirects');
      let next: URL;
      try {
        next = new URL(response.headers.location, current);
      } catch {
        throw new FetchError('a redirect led to a malformed URL');
      }
      current = next;
      continue;
    }
    if (status < 200 || status >= 300) {
      response.resume();
      throw new FetchError(`the server answered HTTP ${status}`);
    }
    const length = Number(response.headers['content-length']);
    if (Number.isFinite(length) && length > rules.maxBytes) {
      response.destroy();
      throw new FetchError(`larger than ${Math.round(rules.maxBytes / 1e6)} MB`);
    }
    response.setTimeout(rules.idleMs, () => response.destroy(new FetchError('the server stopped sending')));
    return { response, url: current };
  }
}

/** Counts what passes and fails past `max` bytes. */
async function* capped(source: AsyncIterable<Buffer>, max: number): AsyncGenerator<Buffer> {
  let total = 0;
  for await (const chunk of source) {
    total += chunk.length;
    if (total > max) throw new FetchError(`larger than ${Math.round(max / 1e6)} MB`);
    yield chunk;
  }
}

/** The whole body (a feed), within `maxBytes`. */
export async function readBody(response: IncomingMessage, rules: FetchRules): Promise<Buffer> {
  const chunks: Buffer[] = [];
  try {
    for await (const chunk of capped(response, rules.maxBytes)) chunks.push(chunk);
  } finally {
    response.destroy();
  }
  return Buffer.concat(chunks);
}

/** Writes the body (an episode) into `sink`, within `maxBytes`. */
export async function saveBody(response: IncomingMessage, sink: Writable, rules: FetchRules): Promise<void> {
  try {
    await pipeline(capped(response, rules.maxBytes), sink, { signal: rules.signal });
  } finally {
    response.destroy();
  }
}
