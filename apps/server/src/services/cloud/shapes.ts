import type { CloudSongRecord } from '../../repos/cloud-songs.ts';
import { levelOf } from '../transcode-levels.ts';

/**
 * Cloud drive records in NetEase's wire shapes (user_cloud.data_items.partial.json). An upload
 * matches no catalog song, so it is what NetEase sends for an unmatched one: `t: 1`, artist and
 * album with id 0 (their names kept, so a player can show them), `privilege.cs: true`.
 */

/** NetEase's h/m/l/sq quality slots: the uploaded file fills the one of its level. */
function slots(s: CloudSongRecord) {
  const slot = { br: s.bitrate, fid: 0, size: s.fileSize, vd: 0 };
  const level = levelOf(s.bitrate, s.lossless);
  return {
    h: level === 'exhigh' ? slot : null,
    m: level === 'higher' ? slot : null,
    l: level === 'standard' ? slot : null,
    sq: level === 'lossless' ? slot : null,
  };
}

export function cloudPrivilege(s: CloudSongRecord) {
  const level = levelOf(s.bitrate, s.lossless);
  return {
    id: s.id,
    fee: 0,
    payed: 0,
    st: 0,
    pl: s.bitrate,
    dl: s.bitrate,
    sp: 0,
    cp: 0,
    subp: 1,
    cs: true,
    maxbr: s.bitrate,
    fl: 0,
    toast: false,
    flag: 0,
    preSell: false,
    playMaxbr: s.bitrate,
    downloadMaxbr: s.bitrate,
    maxBrLevel: level,
    playMaxBrLevel: level,
    downloadMaxBrLevel: level,
    plLevel: level,
    dlLevel: level,
    flLevel: 'none',
    rscl: null,
    freeTrialPrivilege: { resConsumable: false, userConsumable: false, listenType: null },
    chargeInfoList: [{ rate: s.bitrate, chargeUrl: null, chargeMessage: null, chargeType: 0 }],
  };
}

/** The song object of a cloud upload, as /song/detail would send it (without `privilege`). */
export function cloudSongObject(s: CloudSongRecord) {
  return {
    name: s.name,
    id: s.id,
    pst: 0,
    t: 1,
    ar: [{ id: 0, name: s.artist, tns: [], alias: [] }],
    alia: [],
    pop: 0,
    st: 0,
    rt: '',
    fee: 0,
    v: 1,
    crbt: null,
    cf: '',
    // No cover: an upload's embedded picture is not kept (decision 0016); clients show their own.
    al: { id: 0, name: s.album, picUrl: null, tns: [], pic: 0 },
    dt: s.durationMs,
    ...slots(s),
    a: null,
    cd: '01',
    no: 0,
    rtUrl: null,
    ftype: 0,
    rtUrls: [],
    djId: 0,
    copyright: 0,
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
    publishTime: 0,
  };
}

/** One item of /user/cloud's `data` (and /user/cloud/detail's). */
export function cloudItem(s: CloudSongRecord) {
  return {
    simpleSong: { ...cloudSongObject(s), privilege: cloudPrivilege(s) },
    coverId: '0',
    lyricId: '0',
    cover: 0,
    addTime: s.addedAt,
    songName: s.name,
    album: s.album,
    artist: s.artist,
    /** kbit/s, as NetEase sends it here */
    bitrate: Math.round(s.bitrate / 1000),
    songId: s.id,
    version: 1,
    fileSize: s.fileSize,
    fileName: s.fileName,
  };
}
export type CloudItem = Awaited<ReturnType<typeof cloudItem>>;
