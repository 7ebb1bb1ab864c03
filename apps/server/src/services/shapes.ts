import type { ArtistRecord } from '../repos/artists.ts';
import type { SongRecord } from '../repos/songs.ts';
import type { UserRecord } from '../repos/users.ts';
import type { MediaUrls } from '../media/urls.ts';
import { maxQuality, qualitySlots } from './songs/quality.ts';

/**
 * Records in NetEase's wire shapes. Fields the client never reads are still filled with the
 * real API's neutral values, so tools written against NeteaseCloudMusicApi keep working.
 */
export function songObject(s: SongRecord, urls: MediaUrls) {
  return {
    name: s.name,
    id: s.id,
    pst: 0,
    t: 0,
    ar: s.artists.map((a) => ({ id: a.id, name: a.name, tns: a.trans ? [a.trans] : [], alias: a.aliases })),
    alia: s.aliases,
    pop: s.popularity,
    st: 0,
    rt: '',
    fee: 0,
    v: 1,
    crbt: null,
    cf: '',
    al: { id: s.albumId, name: s.albumName, picUrl: urls.image('album', s.albumId), tns: s.albumAliases },
    dt: s.durationMs,
    ...qualitySlots(s),
    hr: null,
    a: null,
    cd: String(s.discNo).padStart(2, '0'),
    no: s.trackNo,
    rtUrl: null,
    ftype: 0,
    rtUrls: [],
    djId: 0,
    copyright: 1,
    s_id: 0,
    mark: 0,
    originCoverType: 0,
    originSongSimpleData: null,
    single: 0,
    noCopyrightRcmd: null,
    rtype: 0,
    rurl: null,
    mst: 9,
    cp: 0,
    mv: 0,
    publishTime: s.publishTime,
    resourceState: true,
  };
}

/** A playlist's background and title images and English title, which NetEase gives its editorial lists: none here. */
export const NO_PLAYLIST_ARTWORK = {
  backgroundCoverId: 0,
  backgroundCoverUrl: null,
  titleImage: 0,
  titleImageUrl: null,
  englishTitle: null,
} as const;

/**
 * NetEase's older song shape (album, artists, duration) beside the current one (al, ar, dt), as
 * /personal_fm and /top/song send both.
 */
export function songObjectWithOldFields(s: SongRecord, urls: MediaUrls) {
  return {
    ...songObject(s, urls),
    album: { id: s.albumId, name: s.albumName, picUrl: urls.image('album', s.albumId) },
    artists: s.artists.map((a) => ({ id: a.id, name: a.name })),
    duration: s.durationMs,
  };
}

/** Everything is free; a song plays and downloads up to its best quality. */
export function privilegeOf(s: SongRecord) {
  const { maxbr, level } = maxQuality(s);
  return {
    id: s.id,
    fee: 0,
    payed: 0,
    st: 0,
    pl: maxbr,
    dl: maxbr,
    sp: 7,
    cp: 1,
    subp: 1,
    cs: false,
    maxbr,
    fl: maxbr,
    toast: false,
    flag: 0,
    preSell: false,
    playMaxbr: maxbr,
    downloadMaxbr: maxbr,
    maxBrLevel: level,
    playMaxBrLevel: level,
    downloadMaxBrLevel: level,
    plLevel: level,
    dlLevel: level,
    flLevel: level,
    freeTrialPrivilege: { resConsumable: false, userConsumable: false, listenType: null },
    chargeInfoList: [{ rate: maxbr, chargeUrl: null, chargeMessage: null, chargeType: 0 }],
  };
}

export function artistObject(a: ArtistRecord, urls: MediaUrls) {
  const pic = urls.image('artist', a.id);
  return {
    id: a.id,
    name: a.name,
    picUrl: pic,
    img1v1Url: pic,
    picId: 0,
    img1v1Id: 0,
    picId_str: '0',
    img1v1Id_str: '0',
    briefDesc: a.briefDesc,
    albumSize: a.albumSize,
    musicSize: a.musicSize,
    alias: a.aliases,
    trans: a.trans ?? '',
    transNames: a.trans ? [a.trans] : [],
    followed: false,
    topicPerson: 0,
  };
}

/** The avatar a user shows: the one they uploaded, else generated art. */
export const avatarUrlOf = (u: Pick<UserRecord, 'id' | 'avatarHash'>, urls: MediaUrls): string =>
  u.avatarHash ? urls.uploadedAvatar(u.avatarHash) : urls.image('avatar', u.id);

/** NetEase's numeric image id of an uploaded avatar (52 bits of its hash: a safe integer); 0 for generated art. */
export const avatarImgIdOf = (u: Pick<UserRecord, 'avatarHash'>): number =>
  u.avatarHash ? Number.parseInt(u.avatarHash.slice(0, 13), 16) : 0;

/** A user as a playlist's `creator`. */
export function creatorObject(u: UserRecord, urls: MediaUrls) {
  const imgId = avatarImgIdOf(u);
  return {
    defaultAvatar: false,
    province: u.province,
    authStatus: 0,
    followed: false,
    avatarUrl: avatarUrlOf(u, urls),
    accountStatus: 0,
    gender: u.gender,
    city: u.city,
    birthday: u.birthday ?? 0,
    userId: u.id,
    userType: u.userType,
    nickname: u.nickname,
    signature: u.signature,
    description: '',
    detailDescription: '',
    avatarImgId: imgId,
    backgroundImgId: 0,
    backgroundUrl: urls.image('background', u.id),
    authority: 0,
    mutual: false,
    expertTags: null,
    experts: null,
    djStatus: 0,
    vipType: u.vipType,
    remarkName: null,
    authenticationTypes: 0,
    avatarDetail: null,
    avatarImgIdStr: String(imgId),
    backgroundImgIdStr: '0',
    anchor: false,
    avatarImgId_str: String(imgId),
  };
}
