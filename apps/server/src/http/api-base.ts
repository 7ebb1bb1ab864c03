import { hostname, networkInterfaces } from 'node:os';
import type { FastifyRequest } from 'fastify';
import { mediaUrls, type MediaUrls } from '../media/urls.ts';

/**
 * Where absolute URLs in answers point (docs/decisions/0012-origins-hosts-and-cross-site-writes.md):
 * CLOUDTUNE_PUBLIC_URL when set; else the request's Host when it names this machine (localhost,
 * its loopback and interface addresses, its hostname) or a host in CLOUDTUNE_ALLOWED_HOSTS, so a
 * browser on localhost, the LAN or a dev proxy gets same-origin media; any other Host (forged,
 * or a DNS-rebinding name) is ignored for the address the connection actually reached.
 */
export interface HostPolicy {
  /** `https://music.example.com` (no trailing slash), or null */
  publicUrl: string | null;
  /** lower-case `host` or `host:port` entries; IPv6 in brackets */
  allowedHosts: ReadonlySet<string>;
}

declare module 'fastify' {
  interface FastifyInstance {
    hostPolicy: HostPolicy;
  }
}

/** localhost, the loopback addresses, this machine's name and every address of its interfaces. */
export function machineHosts(): string[] {
  const own = Object.values(networkInterfaces())
    .flat()
    .flatMap((a) => (a ? [a.family === 'IPv6' ? `[${a.address.toLowerCase()}]` : a.address] : []));
  return ['localhost', '127.0.0.1', '[::1]', hostname().toLowerCase(), ...own];
}

/** A host entry as the Host header spells it: lower case, IPv6 bracketed, with or without a port. */
export function normalizeHost(text: string): string | null {
  const t = text.trim().toLowerCase();
  const bare = /^[0-9a-f]*:[0-9a-f]*:[0-9a-f:.]*$/.test(t) ? `[${t}]` : t;
  return /^(\[[0-9a-f:.]+\]|[a-z0-9]([a-z0-9.-]*[a-z0-9])?)(:\d{1,5})?$/.test(bare) ? bare : null;
}

/** `https://music.example.com/` → `https://music.example.com`; throws for anything but an http(s) URL. */
export function normalizePublicUrl(text: string): string {
  let url: URL;
  try {
    url = new URL(text.trim());
  } catch {
    throw new Error(`CLOUDTUNE_PUBLIC_URL must be an http(s) URL, got "${text}"`);
  }
  if ((url.protocol !== 'http:' && url.protocol !== 'https:') || url.search || url.hash || url.username) {
    throw new Error(`CLOUDTUNE_PUBLIC_URL must be an http(s) URL without query or credentials, got "${text}"`);
  }
  return `${url.origin}${url.pathname.replace(/\/+$/, '')}`;
}

export function hostPolicy(options: { publicUrl?: string | null; allowedHosts?: readonly string[] } = {}): HostPolicy {
  const allowedHosts = new Set<string>();
  for (const text of [...machineHosts(), ...(options.allowedHosts ?? [])]) {
    const host = normalizeHost(text);
    if (host) allowedHosts.add(host);
  }
  return { publicUrl: options.publicUrl ? normalizePublicUrl(options.publicUrl) : null, allowedHosts };
}

const HOST_HEADER = /^(\[[0-9a-f:.]+\]|[a-z0-9.-]+)(?::(\d{1,5}))?$/;

/** The request's Host when the policy allows it, else null. */
export function allowedHost(request: FastifyRequest, policy: HostPolicy): string | null {
  const host = (request.host ?? '').toLowerCase();
  const m = HOST_HEADER.exec(host);
  if (!m) return null;
  return policy.allowedHosts.has(m[1]!) || policy.allowedHosts.has(host) ? host : null;
}

/** The address and port the connection reached (never what the client claims). */
function reachedAddress(request: FastifyRequest): string {
  const address = (request.socket.localAddress ?? '').replace(/^::ffff:/, '');
  const host = address === '' ? 'localhost' : address.includes(':') ? `[${address}]` : address;
  const port = request.socket.localPort;
  return port ? `${host}:${port}` : host;
}

/** Until a policy is installed, only this machine's names count. */
let fallbackPolicy: HostPolicy | undefined;

/** The absolute base of the API for this request, e.g. `http://localhost:4000/api`. */
export function apiBaseFor(request: FastifyRequest, apiPrefix: string): string {
  const policy = request.server.hostPolicy ?? (fallbackPolicy ??= hostPolicy());
  if (policy.publicUrl) return `${policy.publicUrl}${apiPrefix}`;
  return `${request.protocol}://${allowedHost(request, policy) ?? reachedAddress(request)}${apiPrefix}`;
}

/** Media links for one request (see HostPolicy for where they point). */
export const urlsFor = (request: FastifyRequest, apiPrefix: string): MediaUrls => mediaUrls(apiBaseFor(request, apiPrefix));
