import type { AuthType, ProfilePlaylist } from './api/types.ts';

/** User tags of type 400 and above are hidden. */
export const visibleTags = (types: readonly AuthType[] | null | undefined): AuthType[] => (types ?? []).filter((t) => t.type < 400);

/** The gender icon only for 1 (男) and 2 (女). */
export const genderIcon = (gender: number | undefined): 'male' | 'female' | null =>
  gender === 1 ? 'male' : gender === 2 ? 'female' : null;

export const LIKED_NAME = '我喜欢的音乐';

/**
 * on one's own profile the liked-songs playlist (specialType 5; else the first one,
 * playlist 0) is shown as 我喜欢的音乐.
 */
export function renameLiked<P extends Pick<ProfilePlaylist, 'name' | 'specialType'>>(playlists: readonly P[], own: boolean): P[] {
  if (!own) return [...playlists];
  const index = Math.max(
    0,
    playlists.findIndex((p) => p.specialType === 5),
  );
  return playlists.map((p, i) => (i === index ? { ...p, name: LIKED_NAME } : p));
}

/** The synthetic first entry of the playlists, labelled for the viewer. */
export const rankingTitle = (own: boolean) => (own ? '我的听歌排行' : '听歌排行');

/** The playlist list is labelled 'my' or 'Ta'. */
export const playlistsTitle = (own: boolean) => (own ? '我的歌单' : 'Ta的歌单');

/** A signature longer than this many characters (or lines) is folded behind 展开. */
export const SIGNATURE_FOLD = 60;
export const isLongSignature = (text: string | null | undefined) => !!text && (text.length > SIGNATURE_FOLD || text.split('\n').length > 2);
