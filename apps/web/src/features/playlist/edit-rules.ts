import type { PlaylistEdit } from './api/edit-playlist.ts';

/** At most 3 tags per playlist (NetEase and the server). */
export const PLAYLIST_TAGS_MAX = 3;

export interface PlaylistFields {
  name: string;
  desc: string;
  tags: readonly string[];
}

/**
 * What the edit dialog sends: only the fields that differ from the playlist as it is (the server
 * changes only those given), the name trimmed and never for 我喜欢的音乐 (its name follows the
 * nickname). null when nothing changed or the name would be empty.
 */
export function playlistEdit(before: PlaylistFields, after: PlaylistFields, liked: boolean): PlaylistEdit | null {
  const edit: PlaylistEdit = {};
  const name = after.name.trim();
  if (!liked && name !== before.name) {
    if (!name) return null;
    edit.name = name;
  }
  if (after.desc !== before.desc) edit.desc = after.desc;
  const sameTags = after.tags.length === before.tags.length && after.tags.every((t) => before.tags.includes(t));
  if (!sameTags) edit.tags = after.tags;
  return Object.keys(edit).length ? edit : null;
}

/** A tag chip clicked: on if it was off and fewer than 3 are on, else off. */
export function toggleTag(tags: readonly string[], tag: string): string[] {
  if (tags.includes(tag)) return tags.filter((t) => t !== tag);
  return tags.length >= PLAYLIST_TAGS_MAX ? [...tags] : [...tags, tag];
}
