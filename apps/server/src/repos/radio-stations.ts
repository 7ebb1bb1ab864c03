import type { Database } from '../db/database.ts';

export interface RadioStation {
  id: number;
  name: string;
  streamUrl: string;
  homePageUrl: string | null;
}

export type RadioStationFields = Omit<RadioStation, 'id'>;

const COLUMNS = 'id, name, stream_url AS streamUrl, home_page_url AS homePageUrl';

/** Internet radio stations (migration 033): the server's one list, in the order they were added. */
export function createRadioStationRepo(db: Database) {
  const all = db.prepare<[], RadioStation>(`SELECT ${COLUMNS} FROM radio_stations ORDER BY id`);
  const insert = db.prepare(
    'INSERT INTO radio_stations (name, stream_url, home_page_url, created_at) VALUES (@name, @streamUrl, @homePageUrl, @createdAt)',
  );
  const update = db.prepare('UPDATE radio_stations SET name = @name, stream_url = @streamUrl, home_page_url = @homePageUrl WHERE id = @id');
  const remove = db.prepare('DELETE FROM radio_stations WHERE id = ?');
  return {
    all: async (): Promise<RadioStation[]> => await all.all(),
    insert: async (fields: RadioStationFields, createdAt: number): Promise<number> =>
      Number((await insert.run({ ...fields, createdAt })).lastInsertId),
    /** true when the station exists */
    update: async (id: number, fields: RadioStationFields): Promise<boolean> => (await update.run({ ...fields, id })).changes > 0,
    remove: async (id: number): Promise<boolean> => (await remove.run(id)).changes > 0,
  };
}
export type RadioStationRepo = Awaited<ReturnType<typeof createRadioStationRepo>>;
