import { readJsonFile, writeJsonFile } from './json-file.ts';

/**
 * The music server's session cookie for the desktop page (docs/decisions/0021).
 *
 * The page is `app://cloudtune` and the API `http://127.0.0.1:<port>`: different schemes and
 * hosts, so every API call is cross-site, and Chromium neither stores the server's
 * `SameSite=Lax` MUSIC_U cookie from such a response nor sends it with such a request — the
 * desktop user would be logged out on every call. The shell therefore keeps the API's cookies
 * itself: the main process reads `Set-Cookie` from the server's responses (and strips it, so
 * nothing half-works in Chromium's jar), and adds a `Cookie` header to the page's requests to
 * that origin only. The jar lives in the main process, where the page's scripts cannot read it
 * (as HttpOnly intends), and in the user-data folder so a login survives a restart.
 */
export interface StoredCookie {
  name: string;
  value: string;
  /** ms since the epoch; null = until the app quits */
  expires: number | null;
}

/** One `Set-Cookie` header: name, value and when it ends (Max-Age wins over Expires); null when malformed. */
export function parseSetCookie(header: string, now: number): StoredCookie | null {
  const [pair, ...attributes] = header.split(';');
  const eq = pair?.indexOf('=') ?? -1;
  if (!pair || eq <= 0) return null;
  const name = pair.slice(0, eq).trim();
  const value = pair.slice(eq + 1).trim();
  if (!/^[!#$%&'*+\-.^_`|~0-9A-Za-z]+$/.test(name)) return null;
  let expires: number | null = null;
  let maxAge: number | null = null;
  for (const attribute of attributes) {
    const [key = '', ...rest] = attribute.split('=');
    const v = rest.join('=').trim();
    if (key.trim().toLowerCase() === 'max-age' && /^-?\d+$/.test(v)) maxAge = Number(v);
    if (key.trim().toLowerCase() === 'expires') {
      const at = Date.parse(v);
      if (Number.isFinite(at)) expires = at;
    }
  }
  if (maxAge !== null) expires = now + maxAge * 1000;
  return { name, value, expires };
}

export interface ApiCookieJar {
  /** the Set-Cookie headers of one response from the server */
  receive(setCookies: readonly string[]): void;
  /** the Cookie header for a request to the server, or null when there is nothing to send */
  header(): string | null;
  /** persists the cookies that outlive the app (called after each change) */
  saved(): Promise<void>;
}

export async function openApiCookieJar(file: string | null, now: () => number = Date.now): Promise<ApiCookieJar> {
  const cookies = new Map<string, StoredCookie>();
  const stored = file ? await readJsonFile(file) : undefined;
  if (Array.isArray(stored)) {
    for (const c of stored as StoredCookie[]) {
      if (typeof c?.name === 'string' && typeof c.value === 'string' && typeof c.expires === 'number' && c.expires > now())
        cookies.set(c.name, c);
    }
  }
  let writing: Promise<void> = Promise.resolve();
  const persist = () => {
    if (!file) return;
    const lasting = [...cookies.values()].filter((c) => c.expires !== null);
    writing = writing.catch(() => undefined).then(() => writeJsonFile(file, lasting));
  };
  const live = () => {
    for (const [name, c] of cookies) if (c.expires !== null && c.expires <= now()) cookies.delete(name);
    return [...cookies.values()];
  };
  return {
    receive(setCookies) {
      let changed = false;
      for (const header of setCookies) {
        const cookie = parseSetCookie(header, now());
        if (!cookie) continue;
        // An expired cookie (Max-Age=0, a past Expires, an empty logout value) removes it.
        if ((cookie.expires !== null && cookie.expires <= now()) || cookie.value === '') cookies.delete(cookie.name);
        else cookies.set(cookie.name, cookie);
        changed = true;
      }
      if (changed) persist();
    },
    header() {
      const all = live();
      return all.length ? all.map((c) => `${c.name}=${c.value}`).join('; ') : null;
    },
    saved: () => writing,
  };
}

/** Header names are case-insensitive; Electron hands them over as the server spelled them. */
export function headerValues(headers: Record<string, string | string[]> | undefined, name: string): string[] {
  const values: string[] = [];
  for (const [key, value] of Object.entries(headers ?? {})) {
    if (key.toLowerCase() === name) values.push(...(Array.isArray(value) ? value : [value]));
  }
  return values;
}

export function withoutHeader<T extends string | string[]>(headers: Record<string, T>, name: string): Record<string, T> {
  return Object.fromEntries(Object.entries(headers).filter(([key]) => key.toLowerCase() !== name));
}
