import { api } from '../../../lib/api.ts';

/** GET /playlist/create?name&privacy — privacy 0 an ordinary playlist, 10 a private one (NetEase). */
export async function createPlaylist(name: string, privacy: boolean): Promise<{ id: number; name: string }> {
  const data = await api('/playlist/create', { name, privacy: privacy ? 10 : 0 }, { auth: true });
  const id = data.playlist?.id ?? data.id;
  if (id === undefined) throw new Error('歌单创建失败');
  return { id, name: data.playlist?.name ?? name };
}
