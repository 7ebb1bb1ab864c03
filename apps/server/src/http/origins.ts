import type { FastifyRequest } from 'fastify';

/**
 * Which web origins may call the API from a page of their own, with the user's cookies
 * (docs/decisions/0012-origins-hosts-and-cross-site-writes.md): the desktop shell's
 * `app://cloudtune` and those listed in CLOUDTUNE_ALLOWED_ORIGINS. `null` (file pages,
 * sandboxed frames) is never one of them.
 */
export const DESKTOP_SHELL_ORIGIN = 'app://cloudtune';

export interface OriginPolicy {
  /** true for an allow-listed origin (the page's own origin is judged by `sameOrigin`) */
  allowed(origin: string): boolean;
}

/** `HTTP://Example.com:443/` → `http://example.com:443`; null for what is not an origin. */
export function normalizeOrigin(text: string): string | null {
  const m = /^([a-z][a-z0-9+.-]*):\/\/([^/?#\s]+)\/?$/i.exec(text.trim());
  return m ? `${m[1]!.toLowerCase()}://${m[2]!.toLowerCase()}` : null;
}

export function originPolicy(extra: readonly string[] = []): OriginPolicy {
  const listed = new Set<string>();
  for (const text of [DESKTOP_SHELL_ORIGIN, ...extra]) {
    const origin = normalizeOrigin(text);
    if (!origin) throw new Error(`not a web origin (scheme://host[:port]): "${text}"`);
    listed.add(origin);
  }
  return { allowed: (origin) => listed.has(normalizeOrigin(origin) ?? '') };
}

/** The page calling is this server's own (its Origin names the host the request was sent to). */
export function sameOrigin(request: FastifyRequest, origin: string): boolean {
  const normalized = normalizeOrigin(origin);
  return normalized !== null && normalized === `${request.protocol}://${request.host.toLowerCase()}`;
}
