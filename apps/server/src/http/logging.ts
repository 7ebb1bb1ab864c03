/**
 * What the server logs, with credentials taken out. At `info` every request's URL is logged, and
 * clients put credentials in URLs: NetEase logins (`password`, `md5_password`, `captcha`), the
 * session as a `cookie=MUSIC_U=…` param, Subsonic's `p`, `t`, `s` and `apiKey`, the signed `t` of a
 * cloud song's URL, a QR login's `key`. Headers (Authorization, Cookie, Set-Cookie) and bodies
 * reach the log only through code that logs them (a library at `trace`, an error's fields), so
 * every line is filtered, whoever wrote it and at whatever level: one rule, one place.
 */

export const REDACTED = '[redacted]';

/**
 * Names whose values are credentials, as query or form params, JSON keys, cookies or headers
 * (compared without case). The one-letter Subsonic names are redacted under /api too (e.g.
 * `/playlist/subscribe?t=1`): a rule that depends on the path would miss the next route that
 * takes a token.
 */
const SECRET_NAMES = new Set([
  'password',
  'md5_password',
  'captcha',
  'p',
  't',
  's',
  'apikey',
  'key',
  'cookie',
  'music_u',
  'authorization',
  'proxy-authorization',
  'set-cookie',
]);

const decoded = (text: string): string => {
  try {
    return decodeURIComponent(text.replace(/\+/g, ' '));
  } catch {
    return text;
  }
};
/** Whether a name is a credential's; of a name run together with text before it (`x; MUSIC_U`, `…%3Fpassword`), its last word counts. */
const isSecret = (name: string): boolean =>
  SECRET_NAMES.has(
    (
      decoded(name)
        .split(/[^\w.-]+/)
        .pop() ?? ''
    ).toLowerCase(),
  );

/**
 * `name=value` in a query, a form body or a cookie; the name may be percent-encoded (`%70=` is
 * `p=`). The value runs to `&`, a space or a cookie's `; ` (a `;` inside a value is part of it).
 */
const PAIR = /(^|[^\w.%-])((?:[\w.-]|%[0-9a-f]{2})+)(=|%3d)([^&\s]*?)(?=;\s|[&\s]|$)/gi;
/** `"name": "value"` or `"name": 123` in JSON text (a body quoted in a message). */
const JSON_PAIR = /"((?:[^"\\]|\\.)*)"(\s*:\s*)("(?:[^"\\]|\\.)*"|[^\s,}\]]+)/g;
/** `Authorization: Basic …`, `Cookie: …` header lines, to the end of the line. */
const HEADER_LINE = /(^|[^\w-])(authorization|proxy-authorization|cookie|set-cookie)(\s*:[ \t]*)[^\r\n]*/gi;

/**
 * A text with the values of credential params, JSON keys and header lines replaced by REDACTED.
 * Another param's value is filtered in turn: it may hold one (`x=MUSIC_U%3D…`).
 */
export function redactText(text: string): string {
  return text
    .replace(JSON_PAIR, (all, name: string, colon: string) => (isSecret(name) ? `"${name}"${colon}"${REDACTED}"` : all))
    .replace(HEADER_LINE, (_all, before: string, name: string, colon: string) => `${before}${name}${colon}${REDACTED}`)
    .replace(PAIR, (_all, before: string, name: string, eq: string, value: string) =>
      isSecret(name) ? `${before}${name}${eq}${REDACTED}` : `${before}${name}${eq}${redactText(value)}`,
    );
}

/** A logged value with secrets out: a credential's key hides its whole value, every string is filtered, bytes are left out. */
function redactValue(value: unknown): unknown {
  if (typeof value === 'string') return redactText(value);
  if (Array.isArray(value)) return value.map(redactValue);
  if (value && typeof value === 'object') {
    // A Buffer as JSON (an error's rawPacket: the request's bytes, headers included).
    if ((value as { type?: unknown }).type === 'Buffer' && Array.isArray((value as { data?: unknown }).data)) return '[bytes]';
    return Object.fromEntries(Object.entries(value).map(([key, v]) => [key, isSecret(key) ? REDACTED : redactValue(v)]));
  }
  return value;
}

/** One log line (pino's JSON) as written: every key and string of it filtered. */
export function redactLogLine(line: string): string {
  let parsed: unknown;
  try {
    parsed = JSON.parse(line);
  } catch {
    return redactText(line);
  }
  return `${JSON.stringify(redactValue(parsed))}\n`;
}

/** Where log lines go (stdout by default; tests hand their own). */
export interface LogStream {
  write(line: string): void;
}

/** Fastify's logger options: the level, the stream, and every line through redactLogLine before it is written. */
export const loggerOptions = (level: string, stream?: LogStream) => ({
  level,
  ...(stream ? { stream } : {}),
  hooks: { streamWrite: redactLogLine },
});
