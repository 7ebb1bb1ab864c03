import type { SmartRules } from '@cloudtune/contract';
import { api } from '../../../lib/api.ts';

/** GET /playlist/create?name&privacy&rules — privacy 0 an ordinary playlist, 10 a private one (NetEase); with rules a smart one. */
export async function createPlaylist(name: string, privacy: boolean, rules?: SmartRules): Promise<{ id: number; name: string }> {
  const data = await api('/playlist/create', { name, privacy: privacy ? 10 : 0, rules }, { auth: true });
  const id = data.playlist?.id ?? data.id;
  if (id === undefined) throw new Error('歌单创建失败');
  return { id, name: data.playlist?.name ?? name };
}
