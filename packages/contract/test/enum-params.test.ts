import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { endpoints, enumParams, type EndpointPath } from '../src/index.ts';

interface Def {
  type: string;
  shape?: Record<string, z.ZodType>;
  innerType?: z.ZodType;
  in?: z.ZodType;
  out?: z.ZodType;
  options?: z.ZodType[];
  element?: z.ZodType;
  entries?: Record<string, string | number>;
  values?: unknown[];
}
const defOf = (schema: z.ZodType): Def => (schema as unknown as { _zod: { def: Def } })._zod.def;

interface EnumField {
  where: string;
  schema: z.ZodType;
  values: readonly string[];
}

/**
 * Every param of every endpoint, walked down through optional, default, pipes and unions: the
 * enumerations made by `enumParam` (found in its registry), and any word list made otherwise
 * (a bare `z.enum` or a string `z.literal`), which would be case-sensitive.
 */
function enumerations(): { fields: EnumField[]; bare: string[] } {
  const fields: EnumField[] = [];
  const bare: string[] = [];
  const walk = (where: string, field: z.ZodType, schema: z.ZodType): void => {
    const registered = enumParams.get(schema);
    if (registered) {
      fields.push({ where, schema: field, values: registered.values });
      return;
    }
    const def = defOf(schema);
    if (def.type === 'enum' && Object.values(def.entries ?? {}).some((v) => typeof v === 'string')) bare.push(where);
    if (def.type === 'literal' && (def.values ?? []).some((v) => typeof v === 'string')) bare.push(where);
    if (def.type === 'object') for (const [key, value] of Object.entries(def.shape ?? {})) walk(`${where}.${key}`, value, value);
    for (const inner of [def.innerType, def.in, def.out, def.element, ...(def.options ?? [])]) if (inner) walk(where, field, inner);
  };
  for (const path of Object.keys(endpoints) as EndpointPath[]) {
    const shape = defOf(endpoints[path].params).shape ?? {};
    for (const [key, value] of Object.entries(shape)) walk(`${path} ${key}`, value, value);
  }
  return { fields, bare };
}

/** `all` → `aLl`: every other letter upper-cased. */
const mixedCase = (word: string): string => [...word.toLowerCase()].map((c, i) => (i % 2 === 1 ? c.toUpperCase() : c)).join('') || word;

describe('enumeration params', () => {
  const { fields, bare } = enumerations();

  it('are all made by enumParam (no bare z.enum or string literal among the params)', () => {
    expect(bare).toEqual([]);
    // The walk finds them: the ones NetEase clients are known to send in another case among them.
    expect(fields.map((f) => f.where)).toEqual(
      expect.arrayContaining([
        '/album/new area',
        '/top/playlist order',
        '/captcha/sent purpose',
        '/captcha/verify purpose',
        '/search/suggest type',
        '/playlist/create type',
        '/playlist/tracks op',
        '/share/resource type',
      ]),
    );
  });

  it('take every word in lower, upper and mixed case, and hand it on as listed', () => {
    for (const { where, schema, values } of fields) {
      for (const value of values) {
        for (const sent of [value, value.toLowerCase(), value.toUpperCase(), mixedCase(value), ` ${mixedCase(value)} `]) {
          const parsed = schema.safeParse(sent);
          expect([where, sent, parsed.data]).toEqual([where, sent, value]);
        }
      }
    }
  });

  it('still refuse a word not listed, naming the param', () => {
    for (const { where, schema } of fields) {
      const name = where.split(' ')[1]!;
      const parsed = schema.safeParse('nonsuch');
      expect([where, parsed.success]).toEqual([where, false]);
      expect(parsed.error?.issues[0]?.message).toMatch(new RegExp(`^${name} must be `));
    }
  });
});
