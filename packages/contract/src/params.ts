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

/** A positive integer id (required unless wrapped in `.optional()`). */
export const idParam = (name = 'id') => intParam(name, { min: 1 });

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
