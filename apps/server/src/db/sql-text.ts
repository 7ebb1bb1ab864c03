/**
 * SQL text as PostgreSQL's driver wants it, from SQL written for both engines (db/database.ts):
 * placeholders numbered, and the few SQLite-only phrases the repositories use rewritten. Pure
 * text work, done once per statement text (db/postgres.ts caches the answer).
 *
 * Every rewrite skips what is not SQL code: string literals ('…'), quoted identifiers ("…", `…`,
 * […]), comments (-- and /* *\/) and dollar-quoted bodies ($tag$…$tag$).
 */

/** Where each `$n` takes its value from: a position among the arguments, or a key of the one object. */
export type ParameterSource = { index: number } | { name: string };

export interface NumberedSql {
  text: string;
  /** parameters[n - 1] is what `$n` binds */
  parameters: ParameterSource[];
}

/** A span of the text: code, or something the rewrites leave alone. */
interface Span {
  code: boolean;
  text: string;
}

const IDENTIFIER_START = /[A-Za-z_]/;
const IDENTIFIER_PART = /[A-Za-z0-9_$]/;

/** Splits SQL into code and non-code (literals, quoted names, comments) spans. */
function spans(sql: string): Span[] {
  const out: Span[] = [];
  let code = '';
  let i = 0;
  const flush = () => {
    if (code) out.push({ code: true, text: code });
    code = '';
  };
  const skipTo = (end: number) => {
    flush();
    out.push({ code: false, text: sql.slice(i, end) });
    i = end;
  };
  /** The index just past the closing quote; a doubled quote is an escaped one. */
  const quoted = (close: string, doubled: boolean): number => {
    let j = i + 1;
    for (;;) {
      const k = sql.indexOf(close, j);
      if (k === -1) return sql.length;
      if (doubled && sql[k + 1] === close) {
        j = k + 2;
        continue;
      }
      return k + 1;
    }
  };
  while (i < sql.length) {
    const c = sql[i]!;
    const next = sql[i + 1];
    if (c === "'" || c === '"' || c === '`') skipTo(quoted(c, true));
    else if (c === '[') skipTo(quoted(']', false));
    else if (c === '-' && next === '-') {
      const k = sql.indexOf('\n', i);
      skipTo(k === -1 ? sql.length : k);
    } else if (c === '/' && next === '*') {
      const k = sql.indexOf('*/', i + 2);
      skipTo(k === -1 ? sql.length : k + 2);
    } else if (c === '$' && !IDENTIFIER_PART.test(sql[i - 1] ?? ' ')) {
      const tag = /^\$(?:[A-Za-z_][A-Za-z0-9_]*)?\$/.exec(sql.slice(i))?.[0];
      if (tag) {
        const k = sql.indexOf(tag, i + tag.length);
        skipTo(k === -1 ? sql.length : k + tag.length);
      } else {
        code += c;
        i++;
      }
    } else {
      code += c;
      i++;
    }
  }
  flush();
  return out;
}

/**
 * `?`, `?NNN` and `@name` become `$1…$n`. A name used twice is one `$n` (PostgreSQL then infers
 * one type for both uses); each `?` is its own. Mixing the two kinds is refused, as SQLite does
 * for a statement bound by position and by name at once.
 */
export function numberPlaceholders(sql: string): NumberedSql {
  const parameters: ParameterSource[] = [];
  const byName = new Map<string, number>();
  let positional = 0;
  let kinds = 0;
  const text = spans(sql)
    .map((span) => {
      if (!span.code) return span.text;
      let out = '';
      const t = span.text;
      for (let i = 0; i < t.length; i++) {
        const c = t[i]!;
        if (c === '?') {
          kinds |= 1;
          const digits = /^\d+/.exec(t.slice(i + 1))?.[0];
          const index = digits ? Number(digits) - 1 : positional;
          if (digits) i += digits.length;
          positional = index + 1;
          parameters.push({ index });
          out += `$${parameters.length}`;
        } else if (c === '@' && IDENTIFIER_START.test(t[i + 1] ?? '') && !IDENTIFIER_PART.test(t[i - 1] ?? ' ')) {
          kinds |= 2;
          let j = i + 1;
          while (j < t.length && IDENTIFIER_PART.test(t[j]!)) j++;
          const name = t.slice(i + 1, j);
          let n = byName.get(name);
          if (n === undefined) {
            parameters.push({ name });
            n = parameters.length;
            byName.set(name, n);
          }
          out += `$${n}`;
          i = j - 1;
        } else out += c;
      }
      return out;
    })
    .join('');
  if (kinds === 3) throw new Error(`SQL mixes ? and @name placeholders: ${sql}`);
  return { text, parameters };
}

/**
 * The rewrites of SQLite-only phrases that no schema object can stand for, applied to code only:
 * - `LIKE` is `ILIKE`: SQLite's LIKE ignores the case of A–Z, PostgreSQL's does not;
 * - `AS INTEGER` (a CAST's type) is `AS BIGINT`: SQLite's integers are 64-bit, PostgreSQL's
 *   INTEGER is 32 (a ms timestamp would overflow it).
 */
export function translateSqlite(sql: string): string {
  return spans(sql)
    .map((span) =>
      span.code
        ? span.text
            .replace(/\b(NOT\s+)?LIKE\b/gi, (_m, not: string | undefined) => `${not ?? ''}ILIKE`)
            .replace(/\bAS\s+INTEGER\b/gi, 'AS BIGINT')
        : span.text,
    )
    .join('');
}

/**
 * The column names the statement spells in mixed case (`AS durationMs`), by the lower-case name
 * PostgreSQL answers with (unquoted names fold to lower case; SQLite keeps them as written). An
 * all-capitals word after AS is a CAST's type, not a name.
 */
export function aliasSpellings(sql: string): Map<string, string> {
  const spellings = new Map<string, string>();
  for (const m of codeOf(sql).matchAll(/\bAS\s+([A-Za-z_][A-Za-z0-9_]*)/gi)) {
    const name = m[1]!;
    if (name !== name.toLowerCase() && name !== name.toUpperCase()) spellings.set(name.toLowerCase(), name);
  }
  return spellings;
}

/**
 * The text with literals and comments blanked (offsets kept): what keyword tests look at. Quoted
 * names are blanked too unless `names` is set.
 */
export function codeOf(sql: string, names = false): string {
  return spans(sql)
    .map((span) => (span.code || (names && /^["`[]/.test(span.text)) ? span.text : ' '.repeat(span.text.length)))
    .join('');
}

/** The statement without a final `;`, trailing blanks or trailing comments, so a clause can be appended. */
export function withoutTrailingSemicolon(sql: string): string {
  const code = codeOf(sql);
  let end = code.length;
  while (end > 0 && (/\s/.test(code[end - 1]!) || code[end - 1] === ';')) end--;
  return sql.slice(0, end);
}

/** The table an INSERT writes (lower-cased unless quoted), or null for any other statement. */
export function insertTarget(sql: string): string | null {
  // Matched on the code (comments and literals blanked, same offsets), read from the text.
  const m = /^\s*(?:WITH\b[\s\S]*?\)\s*)?INSERT\s+(?:OR\s+\w+\s+)?INTO\s+(\S)/di.exec(codeOf(sql, true));
  if (!m) return null;
  const at = m.indices![1]![0];
  if (sql[at] === '"') {
    const close = /^"((?:[^"]|"")+)"/.exec(sql.slice(at));
    return close ? close[1]!.replaceAll('""', '"') : null;
  }
  return /^[\w.]+/.exec(sql.slice(at))![0].toLowerCase();
}

/** Whether the statement already says what it returns. */
export const hasReturning = (sql: string): boolean => /\bRETURNING\b/i.test(codeOf(sql));
