import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';

/**
 * Golden Subsonic answers: each case is asked for in XML and in JSON and compared, whole, with
 * test/goldens/subsonic/<name>.xml and <name>.json (JSON pretty-printed). Apps built for goldens
 * run on a fixed clock over the seeded demo library, so the answers are the same every run.
 */
export const GOLDEN_CLOCK = (): number => Date.UTC(2025, 0, 15, 4, 0, 0);
export const DEMO_AUTH = 'u=13800000000&p=subsonic&v=1.16.1&c=golden';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type Json = Record<string, any>;

/** One /rest answer (status 200, a Subsonic document in the format asked for). */
export async function rest(app: FastifyInstance, method: string, query: string, format: 'xml' | 'json') {
  const res = await app.inject({
    url: `/rest/${method}?${[DEMO_AUTH, query, format === 'json' ? 'f=json' : ''].filter(Boolean).join('&')}`,
  });
  expect(res.statusCode).toBe(200);
  expect(res.headers['content-type']).toMatch(format === 'json' ? /^application\/json/ : /^text\/xml/);
  return res.body;
}

/** The JSON answer's `subsonic-response`, failing the test unless it is ok. */
export async function ok(app: FastifyInstance, method: string, query = ''): Promise<Json> {
  const body = (JSON.parse(await rest(app, method, query, 'json')) as Json)['subsonic-response'] as Json;
  expect(body.error).toBeUndefined();
  expect(body.status).toBe('ok');
  return body;
}

/** The JSON answer's error code and message, failing the test unless it failed. */
export async function failed(app: FastifyInstance, method: string, query: string): Promise<{ code: number; message: string }> {
  const body = (JSON.parse(await rest(app, method, query, 'json')) as Json)['subsonic-response'] as Json;
  expect(body.status).toBe('failed');
  return body.error as { code: number; message: string };
}

/** Both formats of one answer against their goldens; returns the JSON `subsonic-response`. */
export async function golden(app: FastifyInstance, name: string, method: string, query = ''): Promise<Json> {
  const xml = await rest(app, method, query, 'xml');
  const json = JSON.parse(await rest(app, method, query, 'json')) as Json;
  await expect(xml).toMatchFileSnapshot(`goldens/subsonic/${name}.xml`);
  await expect(`${JSON.stringify(json, null, 2)}\n`).toMatchFileSnapshot(`goldens/subsonic/${name}.json`);
  return json['subsonic-response'] as Json;
}
