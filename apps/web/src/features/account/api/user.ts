import { api } from '../../../lib/api.ts';

/** The user pages' calls. Reading lists needs no login; following does (301 → the login flow). */

export const fetchUserDetail = (uid: number, signal?: AbortSignal) => api('/user/detail', { uid }, { signal });

export const fetchUserPlaylists = (uid: number, offset: number, limit: number, signal?: AbortSignal) =>
  api('/user/playlist', { uid, offset, limit }, { signal });

export const fetchFollows = (uid: number, offset: number, limit: number, signal?: AbortSignal) =>
  api('/user/follows', { uid, offset, limit }, { signal });

export const fetchFolloweds = (uid: number, lasttime: number, limit: number, signal?: AbortSignal) =>
  api('/user/followeds', { uid, lasttime, limit }, { signal });

export const fetchEvents = (uid: number, lasttime: number, limit: number, signal?: AbortSignal) =>
  api('/user/event', { uid, lasttime, limit }, { signal });

export const fetchSubcount = () => api('/user/subcount', {}, { auth: true });

export const fetchPlayRecord = (uid: number, type: 0 | 1, signal?: AbortSignal) =>
  api('/user/record', { uid, type }, { auth: true, signal });

export const fetchUserRadios = (uid: number, signal?: AbortSignal) => api('/user/audio', { uid }, { signal });

/** 关注 (t=1) / 取消关注 (t=0). */
export const setFollowing = (id: number, follow: boolean) => api('/follow', { id, t: follow ? 1 : 0 }, { auth: true });
