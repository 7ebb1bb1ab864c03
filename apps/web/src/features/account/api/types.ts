/**
 * The NetEase shapes the user pages read (SPEC §3 user profile; the contract's accounts and
 * social groups hold the schemas). Only the fields used here are named.
 */
export interface AuthType {
  type: number;
  desc: string;
  tags?: string[] | null;
}

export interface Profile {
  userId: number;
  nickname: string;
  avatarUrl?: string | null;
  signature?: string | null;
  /** 0 secret, 1 male, 2 female */
  gender?: number;
  /** ms; NetEase's unset value is -2209017600000 */
  birthday?: number;
  province?: number;
  city?: number;
  vipType?: number;
  follows?: number;
  followeds?: number;
  eventCount?: number;
  playlistCount?: number;
  /** the viewer follows this user (/user/detail for someone else) */
  followed?: boolean;
  allAuthTypes?: AuthType[] | null;
  avatarDetail?: { identityIconUrl?: string | null } | null;
  [key: string]: unknown;
}

export interface UserDetail {
  level: number;
  listenSongs: number;
  peopleCanSeeMyPlayRecord: boolean;
  pcSign?: boolean;
  profile: Profile;
}

export interface ProfilePlaylist {
  id: number;
  name: string;
  coverImgUrl?: string | null;
  trackCount?: number;
  playCount?: number;
  specialType?: number;
  subscribed?: boolean;
  userId?: number;
  creator?: { userId?: number; nickname?: string } | null;
}

/** A card in the follow and fan lists. */
export interface SocialUser {
  userId: number;
  nickname: string;
  avatarUrl?: string | null;
  signature?: string | null;
  vipType?: number;
  followed?: boolean;
  follows?: number;
  followeds?: number;
  playlistCount?: number;
  eventCount?: number;
  /** when the follow was made (ms): the fan list pages by it */
  time?: number;
  avatarDetail?: { identityIconUrl?: string | null } | null;
}

export interface UserEvent {
  id: number;
  type: number;
  /** JSON text: `{msg, song}` or `{msg, playlist}` */
  json: string;
  user: { userId: number; nickname: string; avatarUrl?: string | null };
  eventTime: number;
}

export interface PlayRecord {
  playCount: number;
  score: number;
  song: {
    id: number;
    name: string;
    ar?: { id: number; name: string }[];
    al?: { id: number; name: string; picUrl?: string | null };
    dt?: number;
  };
}
