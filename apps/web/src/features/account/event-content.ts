import type { UserEvent } from './api/types.ts';

/**
 * What a user event (动态) says, read from NetEase's JSON text: the message and the shared
 * song or playlist. A shape this client does not know still shows its message.
 */
export interface EventSong {
  id: number;
  name: string;
  artists: string;
  cover?: string | null;
}
export interface EventPlaylist {
  id: number;
  name: string;
  cover?: string | null;
  creator?: string;
}
export interface EventContent {
  action: string;
  msg: string;
  song?: EventSong;
  playlist?: EventPlaylist;
}

/** What an event's type (the server's word) says it did: a Map, so that no type finds a member of Object.prototype. */
const ACTIONS = new Map<number, string>([
  [18, '分享单曲'],
  [19, '分享专辑'],
  [13, '分享歌单'],
  [35, '分享歌单'],
  [17, '分享节目'],
  [28, '分享电台'],
  [22, '转发'],
  [39, '发布视频'],
]);

type Named = { id?: unknown; name?: unknown };
const asObject = (v: unknown): Record<string, unknown> | undefined =>
  v && typeof v === 'object' ? (v as Record<string, unknown>) : undefined;
const names = (list: unknown) =>
  Array.isArray(list)
    ? list
        .map((a: Named) => (typeof a?.name === 'string' ? a.name : ''))
        .filter(Boolean)
        .join(' / ')
    : '';

export function readEvent(event: Pick<UserEvent, 'type' | 'json'>): EventContent {
  let data: Record<string, unknown> = {};
  try {
    data = asObject(JSON.parse(event.json)) ?? {};
  } catch {
    // A broken payload: the card still shows who and when.
  }
  const content: EventContent = { action: ACTIONS.get(event.type) ?? '分享', msg: typeof data.msg === 'string' ? data.msg : '' };
  const song = asObject(data.song);
  if (song && typeof song.id === 'number' && typeof song.name === 'string') {
    const album = asObject(song.album) ?? asObject(song.al);
    content.song = {
      id: song.id,
      name: song.name,
      artists: names(song.artists ?? song.ar),
      cover: typeof album?.picUrl === 'string' ? album.picUrl : null,
    };
  }
  const playlist = asObject(data.playlist);
  if (playlist && typeof playlist.id === 'number' && typeof playlist.name === 'string') {
    const creator = asObject(playlist.creator);
    content.playlist = {
      id: playlist.id,
      name: playlist.name,
      cover: typeof playlist.coverImgUrl === 'string' ? playlist.coverImgUrl : null,
      creator: typeof creator?.nickname === 'string' ? creator.nickname : undefined,
    };
  }
  return content;
}
