import type { Database } from '../db/database.ts';

export type ChannelStatus = 'new' | 'downloading' | 'completed' | 'error';
export type EpisodeStatus = 'new' | 'downloading' | 'completed' | 'error' | 'deleted';

export interface PodcastChannel {
  id: number;
  url: string;
  title: string;
  description: string;
  imageUrl: string | null;
  status: ChannelStatus;
  errorMessage: string | null;
  createdAt: number;
}

export interface PodcastEpisode {
  id: number;
  channelId: number;
  channelTitle: string;
  guid: string;
  title: string;
  description: string;
  publishDate: number | null;
  enclosureUrl: string;
  enclosureType: string | null;
  durationS: number | null;
  status: EpisodeStatus;
  errorMessage: string | null;
  suffix: string | null;
  contentType: string | null;
  size: number | null;
  bitRate: number | null;
  createdAt: number;
}

/** What a feed says of a channel. */
export interface ChannelFields {
  title: string;
  description: string;
  imageUrl: string | null;
}

/** What a feed says of an episode. */
export interface EpisodeFields {
  guid: string;
  title: string;
  description: string;
  publishDate: number | null;
  enclosureUrl: string;
  enclosureType: string | null;
  size: number | null;
  durationS: number | null;
}

/** A downloaded file's facts. */
export interface EpisodeFile {
  suffix: string;
  contentType: string;
  size: number;
  durationS: number | null;
  bitRate: number | null;
}

const CHANNEL = `id, url, title, description, image_url AS imageUrl, status, error_message AS errorMessage, created_at AS createdAt`;
const EPISODE = `e.id, e.channel_id AS channelId, c.title AS channelTitle, e.guid, e.title, e.description, e.publish_date AS publishDate,
  e.enclosure_url AS enclosureUrl, e.enclosure_type AS enclosureType, e.duration_s AS durationS, e.status, e.error_message AS errorMessage,
  e.suffix, e.content_type AS contentType, e.size, e.bit_rate AS bitRate, e.created_at AS createdAt`;
const EPISODES = `SELECT ${EPISODE} FROM podcast_episodes e JOIN podcast_channels c ON c.id = e.channel_id`;
// Newest first; episodes without a date after dated ones, then in feed order.
const NEWEST = 'ORDER BY e.publish_date IS NULL, e.publish_date DESC, e.id';

/** Podcast channels and episodes (migration 033). */
export function createPodcastRepo(db: Database) {
  const channels = db.prepare<[], PodcastChannel>(`SELECT ${CHANNEL} FROM podcast_channels ORDER BY id`);
  const channel = db.prepare<[number], PodcastChannel>(`SELECT ${CHANNEL} FROM podcast_channels WHERE id = ?`);
  const channelByUrl = db.prepare<[string], PodcastChannel>(`SELECT ${CHANNEL} FROM podcast_channels WHERE url = ?`);
  const insertChannel = db.prepare(`
    INSERT INTO podcast_channels (url, title, description, image_url, status, created_at, refreshed_at)
    VALUES (@url, @title, @description, @imageUrl, 'completed', @at, @at)`);
  const updateChannel = db.prepare(`
    UPDATE podcast_channels SET title = @title, description = @description, image_url = @imageUrl, status = 'completed',
      error_message = NULL, refreshed_at = @at WHERE id = @id`);
  const channelFailed = db.prepare("UPDATE podcast_channels SET status = 'error', error_message = ?, refreshed_at = ? WHERE id = ?");
  const removeChannel = db.prepare('DELETE FROM podcast_channels WHERE id = ?');
  const episodesOf = db.prepare<[number], PodcastEpisode>(`${EPISODES} WHERE e.channel_id = ? ${NEWEST}`);
  const newest = db.prepare<[number], PodcastEpisode>(`${EPISODES} WHERE e.status <> 'deleted' ${NEWEST} LIMIT ?`);
  const episode = db.prepare<[number], PodcastEpisode>(`${EPISODES} WHERE e.id = ?`);
  const insertEpisode = db.prepare(`
    INSERT INTO podcast_episodes (channel_id, guid, title, description, publish_date, enclosure_url, enclosure_type, size, duration_s, status, created_at)
    VALUES (@channelId, @guid, @title, @description, @publishDate, @enclosureUrl, @enclosureType, @size, @durationS, 'new', @at)
    ON CONFLICT (channel_id, guid) DO NOTHING`);
  const setStatus = db.prepare('UPDATE podcast_episodes SET status = ?, error_message = ? WHERE id = ?');
  const startDownload = db.prepare(
    "UPDATE podcast_episodes SET status = 'downloading', error_message = NULL WHERE id = ? AND status IN ('new', 'error', 'deleted')",
  );
  const completed = db.prepare(`
    UPDATE podcast_episodes SET status = 'completed', error_message = NULL, suffix = @suffix, content_type = @contentType, size = @size,
      duration_s = COALESCE(@durationS, duration_s), bit_rate = @bitRate WHERE id = @id`);
  const stuck = db.prepare("UPDATE podcast_episodes SET status = 'error', error_message = ? WHERE status = 'downloading'");

  return {
    channels: async (): Promise<PodcastChannel[]> => await channels.all(),
    channel: async (id: number): Promise<PodcastChannel | undefined> => await channel.get(id),
    channelByUrl: async (url: string): Promise<PodcastChannel | undefined> => await channelByUrl.get(url),
    /** A channel read from its feed, with its episodes (status new); its id. */
    async insertChannel(url: string, fields: ChannelFields, episodes: readonly EpisodeFields[], at: number): Promise<number> {
      const id = Number((await insertChannel.run({ url, ...fields, at })).lastInsertId);
      for (const e of episodes) await insertEpisode.run({ ...e, channelId: id, at });
      return id;
    },
    /** A refresh: the channel's fields anew, episodes not seen before added (status new). */
    async refreshChannel(id: number, fields: ChannelFields, episodes: readonly EpisodeFields[], at: number): Promise<void> {
      await updateChannel.run({ ...fields, id, at });
      for (const e of episodes) await insertEpisode.run({ ...e, channelId: id, at });
    },
    channelFailed: async (id: number, message: string, at: number): Promise<void> => void (await channelFailed.run(message, at, id)),
    removeChannel: async (id: number): Promise<boolean> => (await removeChannel.run(id)).changes > 0,
    episodesOf: async (channelId: number): Promise<PodcastEpisode[]> => await episodesOf.all(channelId),
    newest: async (limit: number): Promise<PodcastEpisode[]> => await newest.all(limit),
    episode: async (id: number): Promise<PodcastEpisode | undefined> => await episode.get(id),
    /** Marks the episode downloading unless it already is (or is done): true when this caller should download it. */
    startDownload: async (id: number): Promise<boolean> => (await startDownload.run(id)).changes > 0,
    completed: async (id: number, file: EpisodeFile): Promise<void> => void (await completed.run({ ...file, id })),
    failed: async (id: number, message: string): Promise<void> => void (await setStatus.run('error', message, id)),
    deleted: async (id: number): Promise<void> => void (await setStatus.run('deleted', null, id)),
    /** At start: downloads a stopped server left unfinished are errors (they can be asked for again). */
    abandonDownloads: async (message: string): Promise<void> => void (await stuck.run(message)),
  };
}
export type PodcastRepo = Awaited<ReturnType<typeof createPodcastRepo>>;
