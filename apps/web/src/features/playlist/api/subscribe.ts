import { useMutation } from '@tanstack/react-query';
import { request } from '../../../lib/http.ts';

export type CollectKind = 'song' | 'album';

/**
 * Collect or un-collect a playlist (GET /playlist/subscribe?t=1|2&id, SPEC §7) or an album
 * (/album/sub, the NetEase API's path; SPEC does not name it). Login required.
 */
export async function setCollected(kind: CollectKind, id: number, collect: boolean): Promise<void> {
  const path = kind === 'song' ? '/playlist/subscribe' : '/album/sub';
  await request(path, { params: { t: collect ? 1 : kind === 'song' ? 2 : 0, id }, auth: true });
}

export const useCollect = () =>
  useMutation({ mutationFn: (v: { kind: CollectKind; id: number; collect: boolean }) => setCollected(v.kind, v.id, v.collect) });
