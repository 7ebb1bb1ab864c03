import { z } from 'zod';

// Schemas check values without compiling code at run time: the web client parses these rules, the
// desktop app's Content-Security-Policy forbids eval, and a strict policy reports even zod's caught
// probe for it. Here, in a module whose exports the client uses, so that the bundle keeps it.
z.config({ jitless: true });

/**
 * A smart playlist (智能歌单): its songs are the library's songs that satisfy its rules, as its
 * owner's plays, likes and ratings stand when it is read, in its sort order, at most `limit` of
 * them. The server evaluates the rules (repos/playlists/smart-rules.ts); the web client edits
 * them. Every negative operator is the exact negation of its positive one (a song with no genre
 * "is not" any genre; a song never played is "not in the last 7 days").
 */

/** Fields whose value is text: the song has a genre / artist named so, its album is, its file type is. */
export const SMART_TEXT_FIELDS = ['genre', 'artist', 'album', 'fileType'] as const;
/**
 * Fields whose value is a whole number: the year released, the owner's play count, the owner's
 * rating (0 = not rated, 1–5), the length in seconds, the bitrate in kbit/s.
 */
export const SMART_NUMBER_FIELDS = ['year', 'playCount', 'rating', 'duration', 'bitrate'] as const;
/** Fields whose value is a moment: when the song joined the library, when the owner last played it. */
export const SMART_DATE_FIELDS = ['addedAt', 'lastPlayed'] as const;

export const SMART_TEXT_OPS = ['is', 'isNot', 'contains', 'notContains'] as const;
/** A file type is one of a few words: only exact matches make sense. */
export const SMART_FILE_TYPE_OPS = ['is', 'isNot'] as const;
export const SMART_NUMBER_OPS = ['is', 'isNot', 'gt', 'lt', 'between'] as const;
/** inLast / notInLast take a number of days; before / after a day, YYYY-MM-DD (China Standard Time). */
export const SMART_DATE_OPS = ['inLast', 'notInLast', 'before', 'after'] as const;
/** The song is (or is not) in the owner's 我喜欢的音乐. */
export const SMART_LIKED_OPS = ['is', 'isNot'] as const;
/** The song is (or is not) in an ordinary playlist the owner can see. */
export const SMART_PLAYLIST_OPS = ['in', 'notIn'] as const;

export const SMART_SORT_FIELDS = ['name', 'year', 'addedAt', 'lastPlayed', 'playCount', 'rating', 'duration', 'bitrate'] as const;

/** Bounds that keep one playlist's evaluation one reasonable statement. */
export const SMART_MAX_RULES = 200;
export const SMART_MAX_DEPTH = 5;
/** As many songs as an ordinary playlist may hold. */
export const SMART_MAX_LIMIT = 10_000;
export const SMART_TEXT_MAX = 100;

export type SmartTextField = (typeof SMART_TEXT_FIELDS)[number];
export type SmartNumberField = (typeof SMART_NUMBER_FIELDS)[number];
export type SmartDateField = (typeof SMART_DATE_FIELDS)[number];
export type SmartSortField = (typeof SMART_SORT_FIELDS)[number];
export type SmartMatch = 'all' | 'any';

export type SmartRule =
  | { field: 'genre' | 'artist' | 'album'; op: (typeof SMART_TEXT_OPS)[number]; value: string }
  | { field: 'fileType'; op: (typeof SMART_FILE_TYPE_OPS)[number]; value: string }
  | { field: SmartNumberField; op: Exclude<(typeof SMART_NUMBER_OPS)[number], 'between'>; value: number }
  | { field: SmartNumberField; op: 'between'; value: [number, number] }
  | { field: SmartDateField; op: 'inLast' | 'notInLast'; value: number }
  | { field: SmartDateField; op: 'before' | 'after'; value: string }
  | { field: 'liked'; op: (typeof SMART_LIKED_OPS)[number] }
  | { field: 'playlist'; op: (typeof SMART_PLAYLIST_OPS)[number]; value: number };

/** Rules joined by all (满足全部) or any (满足任一); a group may hold groups. */
export interface SmartGroup {
  match: SmartMatch;
  rules: SmartNode[];
}
export type SmartNode = SmartRule | SmartGroup;

export interface SmartSort {
  field: SmartSortField;
  order: 'asc' | 'desc';
}

/** A smart playlist's rules: the top group, the order of its songs and how many it keeps (null: all). */
export interface SmartRules extends SmartGroup {
  sort: SmartSort;
  limit: number | null;
}

export const isSmartGroup = (node: SmartNode): node is SmartGroup => 'match' in node;

const DAY_RE = /^\d{4}-\d{2}-\d{2}$/;
const wholeNumber = (min: number, max: number, what: string) =>
  z
    .number({ message: `${what}必须是数字` })
    .int(`${what}必须是整数`)
    .min(min, `${what}不能小于 ${min}`)
    .max(max, `${what}不能大于 ${max}`);

/** The range each number field's value may take, and its name in messages. */
export const SMART_NUMBER_RANGES: Record<SmartNumberField, { min: number; max: number; what: string }> = {
  year: { min: 0, max: 9999, what: '年份' },
  playCount: { min: 0, max: 1_000_000_000, what: '播放次数' },
  rating: { min: 0, max: 5, what: '评分' },
  duration: { min: 0, max: 1_000_000, what: '时长（秒）' },
  bitrate: { min: 0, max: 100_000, what: '码率（kbps）' },
};

const textValue = z
  .string({ message: '值必须是文字' })
  .trim()
  .min(1, '值不能为空')
  .max(SMART_TEXT_MAX, `值不能超过 ${SMART_TEXT_MAX} 个字`);
const day = z.string({ message: '日期必须是 YYYY-MM-DD' }).regex(DAY_RE, '日期必须是 YYYY-MM-DD').refine(isCalendarDay, '没有这一天');

/** 2024-02-30 matches the pattern but names no day. */
function isCalendarDay(d: string): boolean {
  const t = Date.parse(`${d}T00:00:00Z`);
  return !Number.isNaN(t) && new Date(t).toISOString().startsWith(d);
}

function numberRule(field: SmartNumberField) {
  const { min, max, what } = SMART_NUMBER_RANGES[field];
  const n = wholeNumber(min, max, what);
  return [
    z.strictObject({ field: z.literal(field), op: z.enum(['is', 'isNot', 'gt', 'lt']), value: n }),
    z.strictObject({
      field: z.literal(field),
      op: z.literal('between'),
      value: z.tuple([n, n], { message: `${what}的范围必须是两个数` }).refine(([a, b]) => a <= b, '范围的下限不能大于上限'),
    }),
  ];
}

const ruleSchemas = [
  z.strictObject({ field: z.enum(['genre', 'artist', 'album']), op: z.enum(SMART_TEXT_OPS), value: textValue }),
  z.strictObject({ field: z.literal('fileType'), op: z.enum(SMART_FILE_TYPE_OPS), value: textValue }),
  ...SMART_NUMBER_FIELDS.flatMap(numberRule),
  z.strictObject({ field: z.enum(SMART_DATE_FIELDS), op: z.enum(['inLast', 'notInLast']), value: wholeNumber(1, 36_500, '天数') }),
  z.strictObject({ field: z.enum(SMART_DATE_FIELDS), op: z.enum(['before', 'after']), value: day }),
  z.strictObject({ field: z.literal('liked'), op: z.enum(SMART_LIKED_OPS) }),
  z.strictObject({ field: z.literal('playlist'), op: z.enum(SMART_PLAYLIST_OPS), value: wholeNumber(1, Number.MAX_SAFE_INTEGER, '歌单') }),
];
const KNOWN_FIELDS = new Set<string>([...SMART_TEXT_FIELDS, ...SMART_NUMBER_FIELDS, ...SMART_DATE_FIELDS, 'liked', 'playlist']);

/** One rule: checked against the schemas of its field, so the message is about that field's operator or value. */
const rule = z.unknown().transform((v, ctx): SmartRule => {
  const field = v && typeof v === 'object' ? (v as { field?: unknown }).field : undefined;
  if (typeof field !== 'string' || !KNOWN_FIELDS.has(field)) {
    ctx.addIssue({ code: 'custom', message: '没有这个字段' });
    return z.NEVER;
  }
  const candidates = ruleSchemas.filter((s) => s.shape.field.safeParse(field).success);
  let first: z.core.$ZodIssue | undefined;
  for (const schema of candidates) {
    const result = schema.safeParse(v);
    if (result.success) return result.data as SmartRule;
    // The message of the schema whose operator matched says what is wrong with the value.
    const issue = result.error.issues[0]!;
    if (!first || issue.path[0] !== 'op') first = issue;
  }
  const op = (v as { op?: unknown }).op;
  const opKnown = candidates.some((s) => s.shape.op.safeParse(op).success);
  ctx.addIssue({ code: 'custom', message: opKnown ? first!.message : '这个字段没有这个运算', path: opKnown ? first!.path : ['op'] });
  return z.NEVER;
});

const match = z.enum(['all', 'any'], { message: 'match 必须是 all（满足全部）或 any（满足任一）' });
const group: z.ZodType<SmartGroup> = z.lazy(() => z.strictObject({ match, rules: z.array(node).min(1, '分组里至少要有一条规则') }));
/** A group (it has `match`) or a rule: each checked as what it claims to be, so its message is about that. */
const node: z.ZodType<SmartNode> = z.unknown().transform((v, ctx): SmartNode => {
  const result = (v && typeof v === 'object' && 'match' in v ? group : rule).safeParse(v);
  if (result.success) return result.data;
  for (const issue of result.error.issues) ctx.addIssue({ code: 'custom', message: issue.message, path: issue.path });
  return z.NEVER;
});

function depthAndCount(n: SmartNode, depth = 1): { depth: number; count: number } {
  if (!isSmartGroup(n)) return { depth: depth - 1, count: 1 };
  const inner = n.rules.map((r) => depthAndCount(r, depth + 1));
  return { depth: Math.max(depth, ...inner.map((i) => i.depth)), count: inner.reduce((sum, i) => sum + i.count, 0) };
}

export const smartRules: z.ZodType<SmartRules> = z
  .strictObject({
    match,
    rules: z.array(node).min(1, '至少要有一条规则'),
    sort: z.strictObject({
      field: z.enum(SMART_SORT_FIELDS, { message: '不能按这个字段排序' }),
      order: z.enum(['asc', 'desc'], { message: '排序方向必须是 asc 或 desc' }),
    }),
    limit: wholeNumber(1, SMART_MAX_LIMIT, '歌曲数量上限').nullable(),
  })
  .superRefine((r, ctx) => {
    const { depth, count } = depthAndCount(r);
    if (depth > SMART_MAX_DEPTH) ctx.addIssue({ code: 'custom', message: `分组最多嵌套 ${SMART_MAX_DEPTH} 层` });
    if (count > SMART_MAX_RULES) ctx.addIssue({ code: 'custom', message: `最多 ${SMART_MAX_RULES} 条规则` });
  });

/** The `rules` param: a smart playlist's rules as JSON text (a query string) or as an object (a JSON body). */
export const smartRulesParam = z.unknown().transform((v, ctx): SmartRules => {
  let value = v;
  if (typeof v === 'string') {
    try {
      value = JSON.parse(v);
    } catch {
      ctx.addIssue({ code: 'custom', message: 'rules 必须是 JSON' });
      return z.NEVER;
    }
  }
  const result = smartRules.safeParse(value);
  if (result.success) return result.data;
  const issue = result.error.issues[0]!;
  const where = issue.path.length ? ` (${issue.path.join('.')})` : '';
  ctx.addIssue({ code: 'custom', message: `规则有误${where}：${issue.message}` });
  return z.NEVER;
});
