/** Columns holding JSON string arrays (aliases) are parsed leniently: bad data reads as empty. */
export function parseStringArray(text: string | null | undefined): string[] {
  // Nearly every row holds '[]': lists of hundreds of songs skip parsing it.
  if (!text || text === '[]') return [];
  try {
    const value: unknown = JSON.parse(text);
    return Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : [];
  } catch {
    return [];
  }
}

/** `IN (SELECT value FROM json_each(?))` takes any number of ids as one bound parameter. */
export const idsParam = (ids: readonly number[]): string => JSON.stringify(ids);

/** PostgreSQL's array literal of texts (`?::text[]`): every element quoted, `"` and `\\` escaped. */
export const textArrayParam = (items: readonly string[]): string =>
  `{${items.map((s) => `"${s.replace(/[\\"]/g, (c) => `\\${c}`)}"`).join(',')}}`;
