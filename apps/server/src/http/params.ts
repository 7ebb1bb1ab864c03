import type { z } from 'zod';
import { badRequest } from '../errors.ts';

type Raw = Record<string, unknown>;

const isBlank = (v: unknown): boolean => v === undefined || v === null || (typeof v === 'string' && v.trim() === '');

/** The object schema's keys that reject `undefined`, i.e. the required params. */
function requiredKeys(schema: z.ZodType): string[] {
  const shape = (schema as unknown as { shape?: Record<string, z.ZodType> }).shape;
  if (!shape) return [];
  return Object.keys(shape).filter((key) => !shape[key]!.safeParse(undefined).success);
}

/**
 * Validates request params against a contract schema. A missing required param reads
 * "<param> is required"; otherwise the first issue's message, which the contract words with
 * the param's name ("id must be an integer"). Unknown params (the client's `timestamp`) are
 * dropped by the schema.
 */
export function parseParams<S extends z.ZodType>(schema: S, raw: Raw): z.output<S> {
  for (const key of requiredKeys(schema)) {
    if (isBlank(raw[key])) throw badRequest(`${key} is required`);
  }
  const result = schema.safeParse(raw);
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  const param = issue?.path.map(String).join('.') ?? '';
  const message = issue?.message ?? 'invalid params';
  throw badRequest(param && !message.startsWith(param) ? `${param}: ${message}` : message);
}

/** GET params come from the query; POST params from the query and a form or JSON body, merged. */
export function rawParams(query: unknown, body: unknown): Raw {
  const fromQuery = query && typeof query === 'object' ? (query as Raw) : {};
  const fromBody = body && typeof body === 'object' && !Array.isArray(body) && !Buffer.isBuffer(body) ? (body as Raw) : {};
  return { ...fromQuery, ...fromBody };
}
