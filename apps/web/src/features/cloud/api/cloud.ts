import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, apiUpload, type ApiResult } from '../../../lib/api.ts';
import { cloudKeys } from './keys.ts';

/** The drive lists up to 200 songs from offset 0. */
export const CLOUD_LIMIT = 200;

/** GET /user/cloud — the logged-in user's uploaded songs and the space used. */
export function fetchCloud(signal?: AbortSignal): Promise<ApiResult<'/user/cloud'>> {
  return api('/user/cloud', { limit: CLOUD_LIMIT, offset: 0 }, { auth: true, signal });
}

export const cloudQueryOptions = () => queryOptions({ queryKey: cloudKeys.list, queryFn: ({ signal }) => fetchCloud(signal) });

export const useCloud = () => useQuery(cloudQueryOptions());

/** POST /cloud — one audio file in the multipart field `songFile`, with progress. */
export function uploadSong(file: File, onProgress: (percent: number) => void, signal?: AbortSignal) {
  return apiUpload('/cloud', {}, { field: 'songFile', blob: file, name: file.name }, { onProgress, signal });
}

/** GET /user/cloud/del?id — removes one song from the drive. */
export function deleteCloudSong(id: number) {
  return api('/user/cloud/del', { id }, { method: 'POST', auth: true });
}
