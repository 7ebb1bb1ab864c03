import { hostname, networkInterfaces } from 'node:os';
import type { TLSSocket } from 'node:tls';
import type { FastifyRequest } from 'fastify';
import { mediaUrls, type MediaUrls } from '../media/urls.ts';
import type { ProxyTrust } from './proxies.ts';

/**
 * Where absolute URLs in answers point (docs/decisions/0012-origins-hosts-and-cross-site-writes.md):
 * CLOUDTUNE_PUBLIC_URL when set; else the request's Host when it names this machine (localhost,
 * its loopback and interface addresses, its hostname) or a host in CLOUDTUNE_ALLOWED_HOSTS, so a
 * browser on localhost, the LAN or a dev proxy gets same-origin media; any other Host (forged,
 * or a DNS-rebinding name) is ignored for the address the connection actually reached.
 * A request whose socket is a trusted reverse proxy (CLOUDTUNE_TRUSTED_PROXIES) is answered with
 * the scheme and host it forwards, when they are valid (docs/decisions/0024-https-and-proxies.md).
 */
export interface HostPolicy {
  /** `https://music.example.com` (no trailing slash), or null */
  publicUrl: string | null;
  /** lower-case `host` or `host:port` entries; IPv6 in brackets */
  allowedHosts: ReadonlySet<string>;
  /** whether a socket address is a trusted reverse proxy; null = none is */
  trustsProxy?: ProxyTrust | null;
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

export function hostPolicy(
  options: { publicUrl?: string | null; allowedHosts?: readonly string[]; trustsProxy?: ProxyTrust | null } = {},
): HostPolicy {
  const allowedHosts = new Set<string>();
  for (const text of [...machineHosts(), ...(options.allowedHosts ?? [])]) {
    const host = normalizeHost(text);
    if (host) allowedHosts.add(host);
  }
  return {
    publicUrl: options.publicUrl ? normalizePublicUrl(options.publicUrl) : null,
    allowedHosts,
    trustsProxy: options.trustsProxy ?? null,
  };
}

const HOST_HEADER = /^(\[[0-9a-f:.]+\]|[a-z0-9.-]+)(?::(\d{1,5}))?$/;

/** The request's Host when the policy allows it, else null. */
export function allowedHost(request: FastifyRequest, policy: HostPolicy): string | null {
  // The Host header itself: with a trusted proxy, Fastify's request.host is its X-Forwarded-Host.
  const host = (request.headers.host ?? '').toLowerCase();
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

/** The last value of a forwarded header (the one the nearest proxy added), or undefined. */
function lastForwarded(value: string | string[] | undefined): string | undefined {
  const text = Array.isArray(value) ? value.join(',') : value;
  return text?.split(',').pop()?.trim() || undefined;
}

/**
 * What a trusted proxy says the client reached: X-Forwarded-Proto when it is http or https,
 * X-Forwarded-Host when it is a well-formed host[:port]. Nothing from any other sender, and
 * nothing malformed (that falls back to the rules without a proxy).
 */
function forwarded(request: FastifyRequest, policy: HostPolicy): { protocol?: 'http' | 'https'; host?: string } {
  if (!policy.trustsProxy?.(request.socket.remoteAddress ?? '')) return {};
  const proto = lastForwarded(request.headers['x-forwarded-proto'])?.toLowerCase();
  const hostText = lastForwarded(request.headers['x-forwarded-host']);
  const host = hostText ? normalizeHost(hostText) : null;
  const port = host ? /:(\d+)$/.exec(host)?.[1] : undefined;
  return {
    protocol: proto === 'http' || proto === 'https' ? proto : undefined,
    host: host && (port === undefined || Number(port) <= 65535) ? host : undefined,
  };
}

/** Until a policy is installed, only this machine's names count. */
let fallbackPolicy: HostPolicy | undefined;

/** The absolute base of the API for this request, e.g. `http://localhost:4000/api`. */
export function apiBaseFor(request: FastifyRequest, apiPrefix: string): string {
  const policy = request.server.hostPolicy ?? (fallbackPolicy ??= hostPolicy());
  if (policy.publicUrl) return `${policy.publicUrl}${apiPrefix}`;
  const via = forwarded(request, policy);
  const protocol = via.protocol ?? ((request.socket as TLSSocket).encrypted ? 'https' : 'http');
  return `${protocol}://${via.host ?? allowedHost(request, policy) ?? reachedAddress(request)}${apiPrefix}`;
}

/** Media links for one request (see HostPolicy for where they point). */
export const urlsFor = (request: FastifyRequest, apiPrefix: string): MediaUrls => mediaUrls(apiBaseFor(request, apiPrefix));
