import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';

/** GET /playlist/tracks?op=del&pid&tracks — songs out of one's own playlist. */
export function removeTracks(pid: number, trackIds: readonly number[]) {
  return api('/playlist/tracks', { op: 'del', pid, tracks: trackIds }, { auth: true });
}

export interface PlaylistEdit {
  name?: string;
  desc?: string;
  tags?: readonly string[];
}

/** GET /playlist/update?id&name&desc&tags — only the fields given change; empty tags clear them. */
export function updatePlaylist(id: number, edit: PlaylistEdit) {
  return api(
    '/playlist/update',
    { id, name: edit.name, desc: edit.desc, tags: edit.tags === undefined ? undefined : edit.tags.join(';') },
    { auth: true },
  );
}

/** GET /playlist/delete?id — one's own playlist (我喜欢的音乐 cannot be deleted). */
export function deletePlaylist(id: number) {
  return api('/playlist/delete', { id }, { auth: true });
}

/** The catalogue's tag names (a playlist's tags must be among them), for the edit dialog. */
export const playlistTagNamesQueryOptions = () =>
  queryOptions({
    queryKey: ['playlist-tag-names'],
    queryFn: async ({ signal }) => {
      const data = await api('/playlist/catlist', {}, { signal });
      return data.sub.map((tag) => tag.name);
    },
    staleTime: 30 * 60_000,
  });

export const usePlaylistTagNames = (enabled: boolean) => useQuery({ ...playlistTagNamesQueryOptions(), enabled });
