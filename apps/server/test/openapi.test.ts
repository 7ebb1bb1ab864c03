import { endpoints, type EndpointDef } from '@cloudtune/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { buildOpenApiDocument } from '../src/services/openapi.ts';
import { getJson, startTestApp, type TestApp } from './helpers.ts';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

type Doc = Awaited<ReturnType<typeof buildOpenApiDocument>>;
type Operation = Doc['paths'][string]['get'];

describe('GET /api/openapi.json', () => {
  it('is an OpenAPI 3.1 document listing every registered endpoint (GET and POST)', async () => {
    const res = await t.app.inject('/api/openapi.json');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    const doc = JSON.parse(res.body) as Doc;
    expect(doc.openapi).toBe('3.1.0');
    expect(doc.info.title).toBeTruthy();
    expect(doc.servers).toEqual([{ url: '/api' }]);
    expect(Object.keys(doc.paths).sort()).toEqual(Object.keys(endpoints).sort());
    for (const [path, item] of Object.entries(doc.paths)) {
      expect(item.get.summary).toBe((endpoints as Record<string, EndpointDef>)[path]!.summary);
      expect(item.post.operationId).toMatch(/^post_/);
      expect(item.get.responses['200'].content['application/json'].schema).toMatchObject({ type: 'object' });
    }
  });

  it('describes params as query parameters and errors as {code, msg}', async () => {
    const doc = (await getJson(t.app, '/api/openapi.json')).body as unknown as Doc;
    const params = (op: Operation) => Object.fromEntries(op.parameters.map((p) => [p.name, p.required]));
    expect(params(doc.paths['/playlist/detail']!.get)).toEqual({ id: true, s: false });
    expect(params(doc.paths['/artist/list']!.get)).toEqual({ type: false, area: false, initial: false, limit: false, offset: false });
    expect(doc.paths['/toplist/detail']!.get.parameters).toEqual([]);
    expect(doc.paths['/scrobble']!.post).toMatchObject({
      requestBody: { content: { 'application/json': { schema: { required: ['id'] } } } },
    });
    expect(doc.paths['/banner']!.get.responses['400']).toEqual({ $ref: '#/components/responses/BadParams' });
    expect(doc.components.schemas.Error).toMatchObject({
      type: 'object',
      properties: { code: { type: 'number' }, msg: { type: 'string' } },
      required: ['code', 'msg'],
    });
    expect(JSON.stringify(doc)).not.toContain('$schema');
  });

  it('picks up any endpoint added to the registry', () => {
    const extra: Record<string, EndpointDef> = {
      ...endpoints,
      '/new/thing': {
        method: 'GET',
        summary: 'added later',
        params: z.object({ q: z.string() }),
        response: z.object({ code: z.literal(200) }),
      },
    };
    const doc = buildOpenApiDocument(extra, '/');
    expect(doc.paths['/new/thing']!.get).toMatchObject({
      summary: 'added later',
      parameters: [{ name: 'q', in: 'query', required: true }],
    });
  });

  it('has the API-only prefix in API-only mode', async () => {
    const apiOnly = await startTestApp({ apiPrefix: '', dataDir: t.dataDir });
    try {
      const doc = (await getJson(apiOnly.app, '/openapi.json')).body as unknown as Doc;
      expect(doc.servers).toEqual([{ url: '/' }]);
    } finally {
      await apiOnly.app.close(); // the data dir belongs to the other app
    }
  });
});
