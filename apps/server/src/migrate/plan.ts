import type pg from 'pg';
import { MigrateError } from './errors.ts';
import type { SourceLibrary } from './source.ts';

/** The command's own bookkeeping in the target (copy-tables.ts): never copied, never counted as a library. */
export const BOOKKEEPING_TABLES = ['migration_source', 'migration_progress', 'migration_files'] as const;

/**
 * Tables that are not copied: the schema's record of itself (each engine keeps its own) and the
 * search index, which is SQLite's FTS5 on one side and PostgreSQL's own on the other, and is
 * rebuilt on the target from the copied catalogue. What people searched for (`search_keywords`,
 * the 热搜 list's counts) is the library's own record, not the index's, and is copied.
 */
const isSkipped = (table: string): boolean =>
  table === 'schema_migrations' ||
  (table.startsWith('search_') && table !== 'search_keywords') ||
  (BOOKKEEPING_TABLES as readonly string[]).includes(table);

export interface ColumnPlan {
  name: string;
  /** a text column: keys of this type are compared byte by byte on both engines */
  text: boolean;
  /** an identity column, whose sequence must continue past the copied values */
  identity: boolean;
}

/** How one table is copied and checked. */
export interface TablePlan {
  name: string;
  /** every column, in the target's order (the order rows are read, written and hashed in) */
  columns: ColumnPlan[];
  /** the primary key: rows are copied and hashed in its order */
  key: ColumnPlan[];
  /** where each key column is in `columns` */
  keyIndexes: number[];
  /** has an identity column: inserts say OVERRIDING SYSTEM VALUE, the copied ids are kept */
  identity: boolean;
  /** has triggers of the schema's own (kept counts, id sequences), switched off while copying */
  triggers: boolean;
}

export const quoteName = (name: string): string => `"${name.replaceAll('"', '""')}"`;

/**
 * The tables to copy, read from the target's catalogue (the schema migratePostgres made), parents
 * before the tables whose foreign keys point at them, and checked against the source: the same
 * tables with the same columns, or the move stops before anything is written.
 */
export async function planTables(client: pg.ClientBase, source: SourceLibrary): Promise<TablePlan[]> {
  const { rows: columnRows } = await client.query<{ table: string; column: string; type: string; identity: string }>(`
    SELECT c.relname AS table, a.attname AS column, format_type(a.atttypid, NULL) AS type, a.attidentity AS identity
    FROM pg_class c
    JOIN pg_namespace n ON n.oid = c.relnamespace
    JOIN pg_attribute a ON a.attrelid = c.oid AND a.attnum > 0 AND NOT a.attisdropped AND a.attgenerated = ''
    WHERE n.nspname = current_schema() AND c.relkind IN ('r', 'p')
    ORDER BY c.relname, a.attnum`);
  const { rows: keyRows } = await client.query<{ table: string; column: string }>(`
    SELECT c.relname AS table, a.attname AS column
    FROM pg_index i
    JOIN pg_class c ON c.oid = i.indrelid
    JOIN pg_namespace n ON n.oid = c.relnamespace
    CROSS JOIN LATERAL unnest(i.indkey) WITH ORDINALITY AS k(attnum, position)
    JOIN pg_attribute a ON a.attrelid = c.oid AND a.attnum = k.attnum
    WHERE n.nspname = current_schema() AND i.indisprimary
    ORDER BY c.relname, k.position`);
  const { rows: foreignKeys } = await client.query<{ child: string; parent: string }>(`
    SELECT child.relname AS child, parent.relname AS parent
    FROM pg_constraint f
    JOIN pg_class child ON child.oid = f.conrelid
    JOIN pg_class parent ON parent.oid = f.confrelid
    JOIN pg_namespace n ON n.oid = child.relnamespace
    WHERE f.contype = 'f' AND n.nspname = current_schema()`);
  const { rows: triggerRows } = await client.query<{ table: string }>(`
    SELECT DISTINCT c.relname AS table
    FROM pg_trigger t
    JOIN pg_class c ON c.oid = t.tgrelid
    JOIN pg_namespace n ON n.oid = c.relnamespace
    WHERE n.nspname = current_schema() AND NOT t.tgisinternal`);

  const columns = new Map<string, ColumnPlan[]>();
  for (const row of columnRows) {
    if (isSkipped(row.table)) continue;
    const list = columns.get(row.table) ?? [];
    list.push({ name: row.column, text: /^(text|character varying|character)\b/.test(row.type), identity: row.identity !== '' });
    columns.set(row.table, list);
  }
  const keys = new Map<string, string[]>();
  for (const row of keyRows) keys.set(row.table, [...(keys.get(row.table) ?? []), row.column]);
  const withTriggers = new Set(triggerRows.map((r) => r.table));

  const problems: string[] = [];
  const sourceTables = new Set(source.tables().filter((t) => !isSkipped(t)));
  for (const table of sourceTables) if (!columns.has(table)) problems.push(`the target has no table ${table}`);
  const plans: TablePlan[] = [];
  for (const [name, cols] of columns) {
    if (!sourceTables.has(name)) {
      problems.push(`the library has no table ${name}`);
      continue;
    }
    // A column the source does not declare may only be SQLite's implicit rowid, which the target names.
    const declared = new Set(source.columns(name));
    const missing = cols.filter((c) => !declared.has(c.name) && c.name !== 'rowid').map((c) => c.name);
    const extra = [...declared].filter((c) => !cols.some((col) => col.name === c));
    if (missing.length) problems.push(`${name}: the library has no column ${missing.join(', ')}`);
    if (extra.length) problems.push(`${name}: the target has no column ${extra.join(', ')}`);
    const keyNames = keys.get(name);
    if (!keyNames) {
      problems.push(`${name}: the target table has no primary key to copy it in order by`);
      continue;
    }
    const keyIndexes = keyNames.map((k) => cols.findIndex((c) => c.name === k));
    plans.push({
      name,
      columns: cols,
      key: keyIndexes.map((i) => cols[i]!),
      keyIndexes,
      identity: cols.some((c) => c.identity),
      triggers: withTriggers.has(name),
    });
  }
  if (problems.length) {
    throw new MigrateError(`The library and the target's schema differ, so nothing was copied:\n  ${problems.join('\n  ')}`);
  }
  return parentsFirst(plans, foreignKeys);
}

/** Orders tables so each comes after every table its foreign keys name (alphabetically among equals). */
function parentsFirst(plans: TablePlan[], foreignKeys: { child: string; parent: string }[]): TablePlan[] {
  const byName = new Map(plans.map((p) => [p.name, p]));
  const parents = new Map<string, Set<string>>();
  for (const { child, parent } of foreignKeys) {
    if (child === parent || !byName.has(child) || !byName.has(parent)) continue;
    parents.set(child, (parents.get(child) ?? new Set()).add(parent));
  }
  const ordered: TablePlan[] = [];
  const placed = new Set<string>();
  const visiting = new Set<string>();
  const visit = (name: string) => {
    if (placed.has(name)) return;
    if (visiting.has(name)) throw new MigrateError(`the target's foreign keys form a cycle through ${name}`);
    visiting.add(name);
    for (const parent of [...(parents.get(name) ?? [])].sort()) visit(parent);
    visiting.delete(name);
    placed.add(name);
    ordered.push(byName.get(name)!);
  };
  for (const name of [...byName.keys()].sort()) visit(name);
  return ordered;
}
