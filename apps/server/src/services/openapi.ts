import { apiError, endpoints, type EndpointDef } from '@cloudtune/contract';
import { z } from 'zod';

/**
 * An OpenAPI 3.1 document generated from the contract registry, so every endpoint any group
 * adds is described the moment it is registered. Params become query parameters (every endpoint
 * also takes them as a POST form or JSON body); responses and the `{code, msg}` error come from
 * the same zod schemas the server validates with.
 */
type JsonSchema = Record<string, unknown>;

/** JSON Schema (draft 2020-12, OpenAPI 3.1's dialect) of what goes over the wire. */
function jsonSchema(schema: z.ZodType): JsonSchema {
  const { $schema: _dialect, ...rest } = z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as JsonSchema;
  return rest;
}

function queryParameters(params: JsonSchema) {
  const properties = (params.properties ?? {}) as Record<string, JsonSchema>;
  const required = new Set((params.required ?? []) as string[]);
  return Object.entries(properties).map(([name, schema]) => ({ name, in: 'query', required: required.has(name), schema }));
}

const ERROR_RESPONSES = {
  '400': { $ref: '#/components/responses/BadParams' },
  '404': { $ref: '#/components/responses/NotFound' },
  '500': { $ref: '#/components/responses/ServerError' },
};

/** The request body of a POST: the params as JSON or a form, or a multipart upload with its file field. */
function requestBody(def: EndpointDef, params: JsonSchema, hasParams: boolean) {
  if (def.upload) {
    const properties = { ...((params.properties ?? {}) as JsonSchema), [def.upload]: { type: 'string', format: 'binary' } };
    return {
      requestBody: {
        required: true,
        content: { 'multipart/form-data': { schema: { type: 'object', properties, required: [def.upload] } } },
      },
    };
  }
  if (!hasParams) return {};
  return {
    requestBody: {
      required: false,
      content: { 'application/json': { schema: params }, 'application/x-www-form-urlencoded': { schema: params } },
    },
  };
}

function operations(path: string, def: EndpointDef) {
  const params = jsonSchema(def.params);
  const parameters = queryParameters(params);
  const base = {
    summary: def.summary,
    tags: [path.split('/')[1] ?? 'api'],
    parameters,
    responses: {
      '200': { description: 'OK', content: { 'application/json': { schema: jsonSchema(def.response) } } },
      ...(def.auth ? { '301': { $ref: '#/components/responses/LoginRequired' } } : {}),
      ...ERROR_RESPONSES,
    },
  };
  const id = path.replace(/^\//, '').replace(/\W+/g, '_');
  const body = requestBody(def, params, parameters.length > 0);
  return {
    get: { operationId: `get_${id}`, ...base },
    post: { operationId: `post_${id}`, ...base, ...body },
  };
}

export function buildOpenApiDocument(registry: Record<string, EndpointDef>, serverUrl: string) {
  const error = (description: string) => ({
    description,
    content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } },
  });
  return {
    openapi: '3.1.0',
    info: {
      title: 'Cloudtune API',
      version: '1.0.0',
      description:
        'NeteaseCloudMusicApi-compatible paths and shapes. Every endpoint answers GET and POST; errors are {code, msg} with HTTP status = code.',
    },
    servers: [{ url: serverUrl }],
    paths: Object.fromEntries(Object.entries(registry).map(([path, def]) => [path, operations(path, def)])),
    components: {
      schemas: { Error: jsonSchema(apiError) },
      responses: {
        BadParams: error('A param is missing or invalid; msg names it'),
        LoginRequired: error('需要登录: the endpoint needs the MUSIC_U session cookie (or the `cookie` param)'),
        NotFound: error('The requested item does not exist'),
        ServerError: error('Internal error (details are logged, never sent)'),
      },
    },
  };
}

/** Documents by server URL (the API prefix), each built once: the registry does not change at runtime. */
export function createOpenApiService(registry: Record<string, EndpointDef> = endpoints) {
  const documents = new Map<string, Awaited<ReturnType<typeof buildOpenApiDocument>>>();
  return {
    document(serverUrl: string) {
      let document = documents.get(serverUrl);
      if (!document) documents.set(serverUrl, (document = buildOpenApiDocument(registry, serverUrl)));
      return document;
    },
  };
}
export type OpenApiService = Awaited<ReturnType<typeof createOpenApiService>>;
