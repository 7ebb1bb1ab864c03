import type { Database, Statement } from '../../db/database.ts';

/** /artist/list filters; -1 (and a null initial) mean "any". */
export interface ArtistListFilter {
  type: number;
  area: number;
  /** 'A'..'Z' or '#'; null = 热门, no letter filter */
  initial: string | null;
}

/**
 * The artists repository's filtered list (repos/artists.ts spreads it in), hottest (most popular)
 * first. One prepared statement per combination of filters in use, so each can use its index
 * (area/type, or initial) instead of `? = -1 OR …`.
 */
export function createArtistList(db: Database) {
  const statements = new Map<string, Statement<[Record<string, number | string>], number>>();

  function statementFor(f: ArtistListFilter) {
    const where = [f.type !== -1 && 'type = @type', f.area !== -1 && 'area = @area', f.initial !== null && 'initial = @initial'].filter(
      Boolean,
    );
    const key = where.join(' AND ');
    let stmt = statements.get(key);
    if (!stmt) {
      stmt = db
        .prepare<Record<string, number | string>, number>(
          `SELECT id FROM artists ${key ? `WHERE ${key}` : ''} ORDER BY popularity DESC, id LIMIT @limit OFFSET @offset`,
        )
        .pluck();
      statements.set(key, stmt);
    }
    return stmt;
  }

  return {
    /** Ids of one page of matching artists, hottest first. */
    async listPage(filter: ArtistListFilter, offset: number, limit: number): Promise<number[]> {
      const params: Record<string, number | string> = { type: filter.type, area: filter.area, offset, limit };
      if (filter.initial !== null) params.initial = filter.initial;
      return await statementFor(filter).all(params);
    },
  };
}
