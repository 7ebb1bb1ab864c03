import type { Song } from '@cloudtune/contract';
import type { ApiResult } from '../../lib/api.ts';
import { formatSize } from '../../lib/format.ts';

/**
 * The cloud drive's list. A server item (`/user/cloud` data[]) is mapped to
 * name/ar/al/size/id; a file being uploaded sits at the top as a temporary row, keyed by the
 * upload's own uid, until it fails (removed) or finishes (removed, and the list is reloaded).
 */
/** A server item of `/user/cloud` data[]. */
export type CloudItem = ApiResult<'/user/cloud'>['data'][number];

export interface CloudRow {
  /** the song id; a temporary row has none yet (0) */
  id: number;
  name: string;
  ar: string;
  al: string;
  size: number;
  song: Song | null;
  /** a temporary row: the upload's uid, its progress and status */
  uid?: string;
  status?: 'uploading' | 'waiting';
  percent?: number;
}

/** The suffixes a temporary row's name drops: `.mp3` and the other audio files the drive takes (decision 0019). */
const AUDIO_SUFFIX = /\.(mp3|flac|m4a|aac|ogg|oga|opus|wav|wma|ape)$/i;

export const uploadName = (fileName: string): string => fileName.replace(AUDIO_SUFFIX, '') || fileName;

export function toCloudRow(item: CloudItem): CloudRow {
  return {
    id: item.songId,
    name: item.songName || uploadName(item.fileName ?? ''),
    ar: item.artist ?? item.simpleSong?.ar.map((a) => a.name).join(' / ') ?? '',
    al: item.album ?? item.simpleSong?.al.name ?? '',
    size: Number(item.fileSize) || 0,
    song: item.simpleSong ?? null,
  };
}

/** A file just picked: a waiting temporary row named after it. */
export function uploadingRow(uid: string, file: { name: string; size: number }): CloudRow {
  return { id: 0, uid, name: uploadName(file.name), ar: '', al: '', size: file.size, song: null, status: 'waiting', percent: 0 };
}

/** A new upload goes on top, unless a row with the same uid is already there. */
export function addUpload(rows: readonly CloudRow[], row: CloudRow): CloudRow[] {
  if (rows.some((r) => r.uid === row.uid)) return [...rows];
  return [row, ...rows];
}

/** The upload `uid` has sent `percent` of its file. */
export function setUploadProgress(rows: readonly CloudRow[], uid: string, percent: number): CloudRow[] {
  return rows.map((r) => (r.uid === uid ? { ...r, status: 'uploading', percent } : r));
}

/** An upload finished or failed: its temporary row goes. */
export function removeUpload(rows: readonly CloudRow[], uid: string): CloudRow[] {
  return rows.filter((r) => r.uid !== uid);
}

/** What the table shows: the uploads in progress on top, then the server's list. */
export function mergeCloudList(uploads: readonly CloudRow[], items: readonly CloudItem[]): CloudRow[] {
  return [...uploads, ...items.map(toCloudRow)];
}

/** Songs the player can take: the server's rows that carry a song, in table order. */
export function playableSongs(rows: readonly CloudRow[]): Song[] {
  return rows.flatMap((r) => (r.uid === undefined && r.song ? [r.song] : []));
}

const GB = 1024 * 1024 * 1024;

/** Space figures: GB past 1 GB (a 10 GB drive reads 10GB, not 10240.0MB), else the usual KB/MB. */
export function formatCapacity(bytes: number): string {
  if (bytes >= GB) return `${Number((bytes / GB).toFixed(1))}GB`;
  return formatSize(bytes);
}
