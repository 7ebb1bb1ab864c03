import fastifyCookie from '@fastify/cookie';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ApiError } from '../errors.ts';
import { rawParams } from './params.ts';

/**
 * Who is logged in, for every route: `request.user` is the session's user or null. The
 * session token is NetEase's `MUSIC_U` cookie, or the `cookie` param NetEase clients send
 * instead (`MUSIC_U=…; …`, in the query or body), which wins as in the reference server.
 * Endpoints that need a user say `auth: true` (http/endpoint.ts) and answer 301 需要登录 without one.
 */
export const SESSION_COOKIE = 'MUSIC_U';
export const LOGIN_REQUIRED_MSG = '需要登录';

/** What a route knows about the logged-in user (services/accounts/sessions.ts makes it). */
export interface RequestUser {
  id: number;
  sessionId: number;
}

/**
 * Finds the user of a session token; null for an unknown, expired or revoked one. `version` is
 * the request's dataVersion() (http/data-version.ts): a session read at it may be answered again.
 */
export type SessionLookup = (token: string, version: () => Promise<string>) => Promise<RequestUser | null>;

declare module 'fastify' {
  interface FastifyRequest {
    /** the logged-in user, or null (set before every handler) */
    user: RequestUser | null;
  }
  interface FastifyContextConfig {
    /**
     * The route authenticates each request by credentials the request itself carries (Subsonic's
     * u/p/t/s/apiKey under /rest) and never by the session: no MUSIC_U cookie or `cookie` param is
     * read there, so a page on any site cannot act with a visitor's session through it, and its
     * writes need no cross-site guard (http/cross-site.ts).
     */
    cookieless?: boolean;
  }
}

/** `MUSIC_U=abc; __csrf=…` (or `{MUSIC_U: 'abc'}` in a JSON body) → `abc`. */
export function tokenInCookieParam(param: unknown): string | undefined {
  if (param && typeof param === 'object' && !Array.isArray(param)) {
    const value = (param as Record<string, unknown>)[SESSION_COOKIE];
    return typeof value === 'string' && value !== '' ? value : undefined;
  }
  if (typeof param !== 'string') return undefined;
  for (const pair of param.split(';')) {
    const eq = pair.indexOf('=');
    if (eq < 0 || pair.slice(0, eq).trim() !== SESSION_COOKIE) continue;
    const value = pair.slice(eq + 1).trim();
    try {
      return decodeURIComponent(value) || undefined;
    } catch {
      return value || undefined;
    }
  }
  return undefined;
}

/** The session token a request carries, if any. */
export function sessionToken(request: FastifyRequest): string | undefined {
  return tokenInCookieParam(rawParams(request.query, request.body).cookie) ?? (request.cookies[SESSION_COOKIE] || undefined);
}

/** Registers cookie parsing and the `request.user` decorator, resolved before each handler. */
export async function installSessions(app: FastifyInstance, lookup: SessionLookup): Promise<void> {
  await app.register(fastifyCookie);
  app.decorateRequest('user', null);
  app.addHook('preHandler', async (request) => {
    if (request.routeOptions.config?.cookieless === true) return;
    const token = sessionToken(request);
    request.user = token ? await lookup(token, () => request.dataVersion()) : null;
  });
}

/** The logged-in user, or 301 需要登录 (HTTP 301, as the reference answers). */
export function requireUser(request: FastifyRequest): RequestUser {
  if (!request.user) throw new ApiError(301, LOGIN_REQUIRED_MSG);
  return request.user;
}

export const UID_OR_LOGIN_MSG = 'uid must be a user id, or log in to mean your own';

/**
 * The user an endpoint about a library means (/likelist, /user/playlist, /user/record): the `uid`
 * given, else the caller, whose own a garbled uid asks for (docs/decisions/0029); 400 for nobody.
 */
export function uidOrCaller(uid: number | null, user: RequestUser | null): number {
  if (uid !== null) return uid;
  if (user) return user.id;
  throw new ApiError(400, UID_OR_LOGIN_MSG);
}

/** A login's cookie: its token, when it ends and how long it lives. */
export interface SessionCookie {
  token: string;
  expiresAt: number;
  ttlMs: number;
}

/**
 * Sets the MUSIC_U cookie of a new login (HttpOnly, SameSite=Lax, Path=/, Secure over https) and
 * returns the cookie string NetEase login bodies carry: clients that cannot keep cookies send it
 * back as the `cookie` param.
 */
export function setSessionCookie(request: FastifyRequest, reply: FastifyReply, session: SessionCookie): string {
  const options = {
    path: '/',
    httpOnly: true,
    sameSite: 'lax' as const,
    secure: request.protocol === 'https',
    maxAge: Math.floor(session.ttlMs / 1000),
    expires: new Date(session.expiresAt),
  };
  const token = session.token;
  reply.setCookie(SESSION_COOKIE, token, options);
  return request.server.serializeCookie(SESSION_COOKIE, token, options);
}

export function clearSessionCookie(request: FastifyRequest, reply: FastifyReply): void {
  reply.clearCookie(SESSION_COOKIE, { path: '/', httpOnly: true, sameSite: 'lax', secure: request.protocol === 'https' });
}
