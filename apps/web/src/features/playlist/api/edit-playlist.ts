import type { SmartRules } from '@cloudtune/contract';
import { api } from '../../../lib/api.ts';

/** GET /playlist/tracks?op=add|del&pid&tracks=1,2 — songs into or out of one's own playlist. */
export function changePlaylistTracks(op: 'add' | 'del', pid: number, trackIds: readonly number[]) {
  return api('/playlist/tracks', { op, pid, tracks: trackIds }, { auth: true });
}

export interface PlaylistEdit {
  name?: string;
  desc?: string;
  tags?: readonly string[];
  /** a smart playlist's new rules */
  rules?: SmartRules;
}

/** GET /playlist/update?id&name&desc&tags&rules — only the fields given change; empty tags clear them. */
export function updatePlaylist(id: number, edit: PlaylistEdit) {
  return api(
    '/playlist/update',
    {
      id,
      name: edit.name,
      desc: edit.desc,
      tags: edit.tags === undefined ? undefined : edit.tags.join(';'),
      rules: edit.rules,
    },
    { auth: true },
  );
}

/** GET /playlist/delete?id — one's own playlist (我喜欢的音乐 cannot be deleted). */
export function deletePlaylist(id: number) {
  return api('/playlist/delete', { id }, { auth: true });
}
