import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';

/** The demo account's built-in Subsonic credentials (demo mode: decision 0022). */
export const DEMO_AUTH = 'u=13800000000&p=subsonic&v=1.16.1&c=test';
/** A fixed clock for answers with times in them (goldens): 2025-06-01 04:00 UTC. */
export const FIXED_NOW = Date.UTC(2025, 5, 1, 4);

export interface GoldenOptions {
  auth?: string;
  jsonQuery?: string;
  normalise?: (text: string) => string;
}

export type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

/** Subsonic calls against one app: JSON envelopes, expected successes and failures, and goldens in both formats. */
export function subsonicCalls(app: () => FastifyInstance) {
  const url = (method: string, query: string, auth: string, f?: string) =>
    `/rest/${method}?${[auth, f ? `f=${f}` : '', query].filter(Boolean).join('&')}`;

  async function rest(method: string, query = '', auth = DEMO_AUTH): Promise<Json> {
    const res = await app().inject({ url: url(method, query, auth, 'json') });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    return (res.json() as Json)['subsonic-response'];
  }

  return {
    rest,
    async ok(method: string, query = '', auth = DEMO_AUTH): Promise<Json> {
      const body = await rest(method, query, auth);
      expect(body.error).toBeUndefined();
      expect(body.status).toBe('ok');
      return body;
    },
    /** The failure's message, after checking its code. */
    async failed(method: string, query: string, code: number, auth = DEMO_AUTH): Promise<string> {
      const body = await rest(method, query, auth);
      expect(body.status).toBe('failed');
      expect(body.error.code).toBe(code);
      return body.error.message as string;
    },
    /**
     * The whole answer in XML and in JSON, compared with goldens/subsonic/<name>.xml and .json
     * (written on first run; review them against the spec). A method that writes is asked twice:
     * `jsonQuery` is the second call's (another user, another station). `normalise` is for what a
     * test cannot fix in advance (a local server's port), never for the server's own values.
     */
    async golden(
      name: string,
      method: string,
      query = '',
      { auth = DEMO_AUTH, jsonQuery = query, normalise = (text: string) => text }: GoldenOptions = {},
    ) {
      const xml = await app().inject({ url: url(method, query, auth) });
      expect(xml.headers['content-type']).toMatch(/^text\/xml/);
      await expect(normalise(xml.body)).toMatchFileSnapshot(`goldens/subsonic/${name}.xml`);
      const json = await app().inject({ url: url(method, jsonQuery, auth, 'json') });
      await expect(normalise(`${JSON.stringify(json.json(), null, 2)}\n`)).toMatchFileSnapshot(`goldens/subsonic/${name}.json`);
    },
  };
}
