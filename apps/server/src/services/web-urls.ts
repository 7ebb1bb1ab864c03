import { badRequest } from '../errors.ts';

/** Longer URLs are refused: no station or feed needs one, and they are stored and sent back. */
export const MAX_URL_LENGTH = 2048;

/**
 * A URL someone gives the server to keep or fetch (a radio stream, a podcast feed): http or https
 * only, absolute, without credentials in it. The error names the param and the rule, never the value.
 */
export function webUrl(param: string, raw: string): URL {
  const text = raw.trim();
  let url: URL | undefined;
  try {
    url = text.length <= MAX_URL_LENGTH ? new URL(text) : undefined;
  } catch {
    url = undefined;
  }
  if (!url || (url.protocol !== 'http:' && url.protocol !== 'https:') || !url.hostname) {
    throw badRequest(`${param} must be an http or https URL of at most ${MAX_URL_LENGTH} characters`);
  }
  if (url.username || url.password) throw badRequest(`${param} must not carry a user name or password`);
  return url;
}
