import { z } from 'zod';

/**
 * Query strings arrive as text; these helpers coerce them and word their errors so that the
 * server's one error handler can answer `{code: 400, msg: "<param>: <reason>"}`.
 */
const INT_RE = /^-?\d+$/;

export const intParam = (name: string, opts: { min?: number; max?: number } = {}) =>
  z.union([z.string(), z.number()]).transform((v, ctx) => {
    const text = String(v).trim();
    if (!INT_RE.test(text)) {
      ctx.addIssue({ code: 'custom', message: `${name} must be an integer` });
      return z.NEVER;
    }
    const n = Number(text);
    if (opts.min !== undefined && n < opts.min) {
      ctx.addIssue({ code: 'custom', message: `${name} must be ≥ ${opts.min}` });
      return z.NEVER;
    }
    if (opts.max !== undefined && n > opts.max) {
      ctx.addIssue({ code: 'custom', message: `${name} must be ≤ ${opts.max}` });
      return z.NEVER;
    }
    return n;
  });

/** An int param limited to a few values, e.g. area ∈ {-1, 7, 96, 8, 16, 0} (words: `enumParam`). */
export const intChoiceParam = (name: string, values: readonly number[]) =>
  intParam(name).refine((n) => values.includes(n), { message: `${name} must be one of ${values.join(', ')}` });

/** A positive integer id (required unless wrapped in `.optional()`). */
export const idParam = (name = 'id') => intParam(name, { min: 1 });

/**
 * The `uid` of an endpoint about the caller's own library (/likelist, /user/playlist, /user/record):
 * a positive integer names that user; anything else — absent, empty, `undefined`, the object a
 * client stringified (`{"uid":1}`) — is null, meaning the caller, as NetEase answers a garbled uid
 * there (docs/decisions/0029). The server needs a login to know who that is.
 */
export const ownUidParam = z
  .unknown()
  .optional()
  .transform((v): number | null => {
    const text = typeof v === 'string' || typeof v === 'number' ? String(v).trim() : '';
    const n = /^\d+$/.test(text) ? Number(text) : 0;
    return n >= 1 && Number.isSafeInteger(n) ? n : null;
  });

/** Comma-joined ids, e.g. `ids=1,2,3` (SPEC §7: /song/detail ids, /song/url id). */
export const idListParam = (name: string, max = 1000) =>
  z.union([z.string(), z.number()]).transform((v, ctx) => {
    const parts = String(v)
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean);
    if (parts.length === 0 || parts.some((p) => !/^\d+$/.test(p) || Number(p) < 1)) {
      ctx.addIssue({ code: 'custom', message: `${name} must be comma-joined positive integers` });
      return z.NEVER;
    }
    if (parts.length > max) {
      ctx.addIssue({ code: 'custom', message: `${name} takes at most ${max} ids` });
      return z.NEVER;
    }
    return parts.map(Number);
  });

/**
 * A page size as NetEase clients send it: above `cap` it is clamped to `cap` rather than refused
 * (the reference server passes any limit on; YesPlayMusic asks /artist/album for 200), below `min`
 * or malformed it is still a 400.
 */
export const cappedIntParam = (name: string, { min = 1, cap }: { min?: number; cap: number }) =>
  intParam(name, { min }).transform((n) => Math.min(n, cap));

/** Every enumeration param made by `enumParam`, with its words (a test walks them all in every letter case). */
export const enumParams = z.registry<{ name: string; values: readonly string[] }>();

const oneOf = (values: readonly string[]): string =>
  values.length === 1 ? values[0]! : values.length === 2 ? `${values[0]} or ${values[1]}` : `one of ${values.join(', ')}`;

/**
 * One of a few words, e.g. `area` ∈ ALL/ZH/EA/KR/JP. Letter case is no part of the word: NetEase
 * takes `area=all` as `ALL`, and its clients send either, so the value is matched whatever its
 * case and handed on in the spelling listed here. Every enumeration of the contract is made here.
 */
export const enumParam = <const T extends string>(name: string, values: readonly [T, ...T[]], note = '') => {
  const byFoldedCase = new Map<string, T>(values.map((value) => [value.toLowerCase(), value]));
  const message = `${name} must be ${oneOf(values)}${note ? ` ${note}` : ''}`;
  const schema = z.union([z.string(), z.number()]).transform((v, ctx): T => {
    const value = byFoldedCase.get(String(v).trim().toLowerCase());
    if (value !== undefined) return value;
    ctx.addIssue({ code: 'custom', message });
    return z.NEVER;
  });
  enumParams.add(schema, { name, values });
  return schema;
};

/** An endpoint that takes no params of its own (the ones every client adds are dropped). */
export const noParams = z.object({});

/** `t=1` collect, anything else (0, 2, -1) un-collect, as NetEase reads it. */
const subFlag = z.union([z.string(), z.number()]).transform((v) => String(v).trim() === '1');
/** Collecting (收藏) an album or artist: /album/sub, /artist/sub. */
export const subParams = z.object({ id: idParam('id'), t: subFlag.default(true) });
/** A page of what the caller collected: /album/sublist, /artist/sublist, /mv/sublist. */
export const sublistParams = z.object({
  limit: cappedIntParam('limit', { cap: 1000 }).optional(),
  offset: intParam('offset', { min: 0, max: 1_000_000 }).optional(),
});
