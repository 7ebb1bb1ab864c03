import type { MediaUrls } from '../../media/urls.ts';
import type { Credentials, UserCounts, UserRecord } from '../../repos/users.ts';
import { avatarImgIdOf, avatarUrlOf } from '../shapes.ts';

/**
 * Accounts in NetEase's wire shapes (recorded: login_cellphone.json, user_detail.json). Fields
 * Cloudtune has no use for carry the real API's neutral values.
 */
export const DAY_MS = 86_400_000;

/**
 * NetEase's levels: listened songs and days since the account was made, both at least
 * (Lv1 10 songs … Lv10 20,000 songs and 800 days).
 */
const LEVELS: readonly [songs: number, days: number][] = [
  [10, 0],
  [40, 7],
  [70, 15],
  [130, 25],
  [200, 35],
  [400, 50],
  [1000, 70],
  [3000, 100],
  [8000, 365],
  [20000, 800],
];

export const levelOf = (listenSongs: number, createDays: number): number =>
  LEVELS.filter(([songs, days]) => listenSongs >= songs && createDays >= days).length;

export const daysSince = (at: number, now: number): number => Math.max(0, Math.floor((now - at) / DAY_MS));

/** How the viewer stands to the profile's owner. */
export interface Relation {
  /** the viewer follows them */
  followed: boolean;
  /** they follow the viewer */
  followMe: boolean;
}

export function profileObject(u: UserRecord, counts: UserCounts, relation: Relation, urls: MediaUrls) {
  const imgId = avatarImgIdOf(u);
  return {
    userId: u.id,
    nickname: u.nickname,
    avatarUrl: avatarUrlOf(u, urls),
    backgroundUrl: urls.image('background', u.id),
    signature: u.signature,
    description: '',
    detailDescription: '',
    gender: u.gender,
    birthday: u.birthday ?? 0,
    province: u.province,
    city: u.city,
    vipType: u.vipType,
    userType: u.userType,
    createTime: u.createdAt,
    accountStatus: 0,
    authStatus: 0,
    authority: 0,
    djStatus: 0,
    defaultAvatar: u.avatarHash === null,
    avatarImgId: imgId,
    avatarImgIdStr: String(imgId),
    avatarImgId_str: String(imgId),
    backgroundImgId: 0,
    backgroundImgIdStr: '0',
    avatarDetail: null,
    allAuthTypes: [] as { type: number; desc: string; tags: string[] }[],
    experts: {},
    expertTags: null,
    remarkName: null,
    followed: relation.followed,
    followMe: relation.followMe,
    mutual: relation.followed && relation.followMe,
    followTime: null,
    blacklist: false,
    inBlacklist: false,
    follows: counts.follows,
    followeds: counts.followeds,
    newFollows: counts.follows,
    eventCount: counts.eventCount,
    playlistCount: counts.playlistCount,
    playlistBeSubscribedCount: counts.playlistBeSubscribedCount,
    allSubscribedCount: 0,
    cCount: 0,
    sCount: 0,
    sDJPCount: 0,
    privacyItemUnlimit: { age: true, area: true, college: true, gender: true, villageAge: true },
  };
}

/** NetEase's `account`: type 1 logs in by phone (userName `1_<phone>`), 0 by email (`0_<email>`). */
export function accountObject(u: UserRecord, c: Credentials) {
  const byPhone = c.phone !== null;
  return {
    id: u.id,
    userName: byPhone ? `1_${c.phone}` : `0_${c.email ?? ''}`,
    type: byPhone ? 1 : 0,
    status: 0,
    whitelistAuthority: 0,
    createTime: u.createdAt,
    salt: '',
    tokenVersion: 0,
    ban: 0,
    baoyueVersion: 0,
    donateVersion: 0,
    vipType: u.vipType,
    viptypeVersion: 0,
    anonimousUser: false,
  };
}

/** The phone binding (type 1) of an account with a phone; only its owner sees bindings. */
export function bindingsOf(u: UserRecord, c: Credentials) {
  if (c.phone === null) return [];
  return [
    {
      bindingTime: u.createdAt,
      refreshTime: Math.floor(u.createdAt / 1000),
      tokenJsonStr: null,
      expiresIn: 2147483647,
      expired: false,
      url: '',
      userId: u.id,
      id: u.id,
      type: 1,
    },
  ];
}
