import type { ApiResult } from '../../lib/api.ts';

/**
 * The sidebar's playlists: /user/playlist lists the user's own playlists and the
 * ones they collected, liked songs (specialType 5) first. On one's own list that first
 * playlist is shown as 我喜欢的音乐 whatever its stored name ("<nickname>喜欢的音乐").
 */
export const LIKED_PLAYLIST_NAME = '我喜欢的音乐';

type Item = ApiResult<'/user/playlist'>['playlist'][number];

/** The fields of a /user/playlist item this feature reads (an older server may leave some out). */
export type UserPlaylistItem = Pick<Item, 'id' | 'name'> &
  Partial<Pick<Item, 'coverImgUrl' | 'trackCount' | 'subscribed' | 'specialType' | 'userId' | 'creator' | 'smartRules'>>;

export interface SplitPlaylists<P extends UserPlaylistItem> {
  /** the liked-songs playlist, renamed, or null when the list has none */
  liked: P | null;
  /** 创建的歌单: the liked-songs playlist first, then the others in the server's order */
  created: P[];
  /** 收藏的歌单 */
  collected: P[];
}

/** Made by `uid`: its owner is `uid` when the item says so, else the server's `subscribed` flag decides. */
export function isOwnPlaylist(p: UserPlaylistItem, uid: number): boolean {
  const owner = p.userId ?? p.creator?.userId;
  return owner !== undefined ? owner === uid : !p.subscribed;
}

export function splitUserPlaylists<P extends UserPlaylistItem>(playlists: readonly P[], uid: number): SplitPlaylists<P> {
  const own = playlists.filter((p) => isOwnPlaylist(p, uid));
  // NetEase's specialType 5 marks it; an older server without the flag sends it first (playlist 0).
  const likedSource = own.find((p) => p.specialType === 5) ?? (playlists[0] && isOwnPlaylist(playlists[0], uid) ? playlists[0] : undefined);
  const liked = likedSource ? { ...likedSource, name: LIKED_PLAYLIST_NAME } : null;
  const created = [...(liked ? [liked] : []), ...own.filter((p) => p !== likedSource)];
  const collected = playlists.filter((p) => !isOwnPlaylist(p, uid));
  return { liked, created, collected };
}

/** Where a song can be added (收藏到歌单): the user's own playlists, liked songs first. */
export const ownPlaylists = <P extends UserPlaylistItem>(playlists: readonly P[], uid: number): P[] =>
  splitUserPlaylists(playlists, uid).created;

/** Playlists whose songs are stored (a smart playlist's are its rules'): where songs can be added, what a rule may name. */
export const ordinaryPlaylists = <P extends UserPlaylistItem>(playlists: readonly P[]): P[] => playlists.filter((p) => !p.smartRules);
