import type { Db } from '../db/connection.ts';

export interface RadioStation {
  id: number;
  name: string;
  streamUrl: string;
  homePageUrl: string | null;
}

export type RadioStationFields = Omit<RadioStation, 'id'>;

const COLUMNS = 'id, name, stream_url AS streamUrl, home_page_url AS homePageUrl';

/** Internet radio stations (migration 033): the server's one list, in the order they were added. */
export function createRadioStationRepo(db: Db) {
  const all = db.prepare<[], RadioStation>(`SELECT ${COLUMNS} FROM radio_stations ORDER BY id`);
  const insert = db.prepare(
    'INSERT INTO radio_stations (name, stream_url, home_page_url, created_at) VALUES (@name, @streamUrl, @homePageUrl, @createdAt)',
  );
  const update = db.prepare('UPDATE radio_stations SET name = @name, stream_url = @streamUrl, home_page_url = @homePageUrl WHERE id = @id');
  const remove = db.prepare('DELETE FROM radio_stations WHERE id = ?');
  return {
    all: (): RadioStation[] => all.all(),
    insert: (fields: RadioStationFields, createdAt: number): number => Number(insert.run({ ...fields, createdAt }).lastInsertRowid),
    /** true when the station exists */
    update: (id: number, fields: RadioStationFields): boolean => update.run({ ...fields, id }).changes > 0,
    remove: (id: number): boolean => remove.run(id).changes > 0,
  };
}
export type RadioStationRepo = ReturnType<typeof createRadioStationRepo>;
