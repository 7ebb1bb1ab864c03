import { apiBase, knownApiBase, REQUEST_TIMEOUT_MS, TIMEOUT_NOTICE_MS } from './config.ts';
import { notify } from './notice.ts';

/**
 * The transport under the one door to the music server (`api()` in api.ts, typed by the
 * contract; features call that, never this). Every call sends cookies, carries a `timestamp`
 * cache-buster (the NetEase API caches GETs otherwise), times out after 30 s, turns a body
 * `code` other than 200 into an error and strips `code: 200` from the data.
 */
/** A param's value; an object (a smart playlist's rules) is sent as its JSON. */
export type QueryValue = string | number | boolean | null | undefined | readonly (string | number)[] | object;

export interface RequestOptions {
  params?: Record<string, QueryValue>;
  method?: 'GET' | 'POST';
  body?: BodyInit;
  /** The call needs a logged-in user: a 301 reply starts the login flow */
  auth?: boolean;
  signal?: AbortSignal;
  timeout?: number;
}

/**
 * The payload of a response: the body without its `code`. (Not `Omit`: the contract's loose
 * objects carry an index signature, and `Omit` would flatten their known fields to unknown.)
 */
export type ApiData<T> = { [K in keyof T as K extends 'code' ? never : K]: T[K] };

/** A body as it came, without its `code`: untyped here, the contract types it in api.ts. */
export type ApiPayload = Record<string, unknown>;

export class HttpError extends Error {
  override readonly name = 'HttpError';
  constructor(
    /** the body's `code`, or the HTTP status when the body has none */
    readonly code: number,
    /** the server's own words (`msg` / `message`), when it sent some */
    readonly msg: string | undefined,
    readonly url: string,
  ) {
    super(`HttpErrorCode:${code}`);
  }
}

/** The server said the thing asked for does not exist: retrying cannot help. */
export const isNotFound = (error: unknown): boolean => error instanceof HttpError && error.code === 404;

export interface HttpHooks {
  /** a request marked `auth` got 301: log out if logged in and show the login view */
  onAuthRequired?: () => void;
  /** calls `retry` once after the next history pop (the default listens for `popstate`) */
  waitForHistoryPop?: (retry: () => void) => void;
}

const defaultWaitForHistoryPop = (retry: () => void) => window.addEventListener('popstate', () => retry(), { once: true });

let hooks: HttpHooks = {};
const pendingRetries: Array<() => void> = [];

/** The app layer registers its handlers; returns a function that removes them. */
export function setHttpHooks(next: HttpHooks): () => void {
  hooks = next;
  return () => {
    if (hooks === next) hooks = {};
  };
}

/** How many requests wait for a history pop to be retried. */
export const pendingRetryCount = () => pendingRetries.length;

/** Re-sends every request parked by the 301 flow; also callable right after a login. */
export function retryParkedRequests(): void {
  for (const retry of pendingRetries.splice(0)) retry();
}

/** Params as text: a list comma-joined, an absent value (undefined, null) left out. */
export function paramEntries(params: RequestOptions['params']): [string, string][] {
  return Object.entries(params ?? {}).flatMap(([key, value]): [string, string][] =>
    value === undefined || value === null
      ? []
      : // A list is comma-joined; a structure (a smart playlist's rules) goes as its JSON.
        [[key, Array.isArray(value) ? value.join(',') : typeof value === 'object' ? JSON.stringify(value) : String(value)]],
  );
}

function buildUrl(base: string, path: string, params: RequestOptions['params']): URL {
  const url = new URL(base + path, globalThis.location?.href ?? 'http://localhost/');
  for (const [key, value] of paramEntries(params)) url.searchParams.set(key, value);
  url.searchParams.set('timestamp', String(Date.now()));
  return url;
}

function reportTimeout(url: string): HttpError {
  notify({ kind: 'warning', message: `请求超时，请重试。url: ${url}`, duration: TIMEOUT_NOTICE_MS });
  return new HttpError(408, 'timeout', url);
}

/** Park the request until the next history pop, then send it again. */
function parkUntilHistoryPop(path: string, options: RequestOptions): Promise<ApiPayload> {
  hooks.onAuthRequired?.();
  return new Promise((resolve, reject) => {
    const retry = () => {
      const index = pendingRetries.indexOf(retry);
      if (index >= 0) pendingRetries.splice(index, 1);
      request(path, options).then(resolve, reject);
    };
    pendingRetries.push(retry);
    (hooks.waitForHistoryPop ?? defaultWaitForHistoryPop)(retry);
  });
}

export async function request(path: string, options: RequestOptions = {}): Promise<ApiPayload> {
  // No await before fetch() when the base is known: the request leaves before the page does
  // anything else (a song picked: /song/url first, then the re-render the pick causes).
  const base = knownApiBase() ?? (await apiBase());
  // The caller may have given up while the base URL was being resolved.
  options.signal?.throwIfAborted();
  const url = buildUrl(base, path, options.params);
  const shownUrl = base + path;
  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, options.timeout ?? REQUEST_TIMEOUT_MS);
  const forwardAbort = () => controller.abort();
  options.signal?.addEventListener('abort', forwardAbort);

  let status: number;
  let body: Record<string, unknown> | undefined;
  try {
    const response = await fetch(url, {
      method: options.method ?? 'GET',
      body: options.body,
      credentials: 'include',
      signal: controller.signal,
    });
    status = response.status;
    if (status === 408) throw reportTimeout(shownUrl);
    body = (await response.json().catch(() => undefined)) as Record<string, unknown> | undefined;
  } catch (error) {
    if (timedOut) throw reportTimeout(shownUrl);
    throw error;
  } finally {
    clearTimeout(timer);
    options.signal?.removeEventListener('abort', forwardAbort);
  }

  const code = typeof body?.code === 'number' ? body.code : status >= 200 && status < 300 ? 200 : status;
  if (options.auth && (status === 301 || code === 301)) return parkUntilHistoryPop(path, options);
  if (code !== 200 || !body) {
    const msg = typeof body?.msg === 'string' ? body.msg : typeof body?.message === 'string' ? body.message : undefined;
    throw new HttpError(code === 200 ? status : code, msg, shownUrl);
  }
  const { code: _code, ...data } = body;
  return data;
}
