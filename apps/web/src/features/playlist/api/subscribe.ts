import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';

export type CollectKind = 'song' | 'album';

/**
 * Collect or un-collect a playlist (GET /playlist/subscribe?t=1|2&id) or an album
 * (/album/sub, the NetEase API's path; SPEC does not name it). Login required.
 */
export async function setCollected(kind: CollectKind, id: number, collect: boolean): Promise<void> {
  if (kind === 'song') await api('/playlist/subscribe', { t: collect ? 1 : 2, id }, { auth: true });
  else await api('/album/sub', { t: collect ? 1 : 0, id }, { method: 'POST', auth: true });
}

export const useCollect = () =>
  useMutation({ mutationFn: (v: { kind: CollectKind; id: number; collect: boolean }) => setCollected(v.kind, v.id, v.collect) });
