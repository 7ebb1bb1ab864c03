import { request } from '../../../lib/http.ts';
import type { PlayRecord, ProfilePlaylist, SocialUser, UserDetail, UserEvent } from './types.ts';

/** The user pages' calls (SPEC §7). Reading lists needs no login; following does (301 → the login flow). */
type Body<T> = T & { code?: number };

export const fetchUserDetail = (uid: number, signal?: AbortSignal) =>
  request<Body<UserDetail>>('/user/detail', { params: { uid }, signal });

export const fetchUserPlaylists = (uid: number, offset: number, limit: number, signal?: AbortSignal) =>
  request<Body<{ playlist: ProfilePlaylist[]; more: boolean }>>('/user/playlist', { params: { uid, offset, limit }, signal });

export const fetchFollows = (uid: number, offset: number, limit: number, signal?: AbortSignal) =>
  request<Body<{ follow: SocialUser[]; more: boolean }>>('/user/follows', { params: { uid, offset, limit }, signal });

export const fetchFolloweds = (uid: number, lasttime: number, limit: number, signal?: AbortSignal) =>
  request<Body<{ followeds: SocialUser[]; more: boolean; size?: number }>>('/user/followeds', { params: { uid, lasttime, limit }, signal });

export const fetchEvents = (uid: number, lasttime: number, limit: number, signal?: AbortSignal) =>
  request<Body<{ events: UserEvent[]; more: boolean; lasttime: number }>>('/user/event', { params: { uid, lasttime, limit }, signal });

export const fetchSubcount = () =>
  request<Body<{ createdPlaylistCount: number; subPlaylistCount: number }>>('/user/subcount', { auth: true });

export const fetchPlayRecord = (uid: number, type: 0 | 1, signal?: AbortSignal) =>
  request<Body<{ weekData?: PlayRecord[]; allData?: PlayRecord[] }>>('/user/record', { params: { uid, type }, auth: true, signal });

export const fetchUserRadios = (uid: number, signal?: AbortSignal) =>
  request<Body<{ djRadios: { id: number; name: string; picUrl?: string | null }[] }>>('/user/audio', { params: { uid }, signal });

/** 关注 (t=1) / 取消关注 (t=0). */
export const setFollowing = (id: number, follow: boolean) => request('/follow', { params: { id, t: follow ? 1 : 0 }, auth: true });
