import { api } from '../../../lib/api.ts';
import { notify } from '../../../lib/notice.ts';
import { emptyLikes, loadedLikes, useLikeStore, withLiked } from '../like-state.ts';

/**
 * GET /likelist?uid — the ids of the songs the user likes (NetEase: `{ ids[], checkPoint }`).
 * Loaded on its own at start: not marked `auth`, so a stored session that has expired does not
 * pop the login view up (the session check logs it out quietly); the hearts just stay empty.
 */
export async function fetchLikeList(uid: number): Promise<number[]> {
  const data = await api('/likelist', { uid });
  return data.ids ?? [];
}

/** GET /like?id&like=true|false — heart or un-heart a song (it goes into or out of 我喜欢的音乐). */
export function setSongLiked(id: number, like: boolean) {
  return api('/like', { id, like }, { auth: true });
}

/** The store follows who is logged in: a new user's likes are loaded, a logout empties it. */
export async function syncLikes(uid: number | null): Promise<void> {
  const state = useLikeStore.getState();
  if (uid === null) {
    useLikeStore.setState(emptyLikes);
    return;
  }
  if (state.uid !== uid) useLikeStore.setState({ ...emptyLikes, uid });
  const ids = await fetchLikeList(uid);
  useLikeStore.setState((s) => loadedLikes(s, uid, ids));
}

const reason = (error: unknown) => (error as { msg?: string }).msg ?? (error as Error).message;

/**
 * A heart clicked: the heart changes at once, the server is told, a toast says what happened
 * (SPEC §4's collect words); refused, the heart goes back. Resolves true when it changed.
 */
export async function toggleSongLiked(id: number): Promise<boolean> {
  const { ids, pending } = useLikeStore.getState();
  if (pending.has(id)) return false;
  const like = !ids.has(id);
  useLikeStore.setState((s) => ({ ids: withLiked(s.ids, id, like), pending: new Set([...s.pending, id]) }));
  const settle = (liked: boolean) =>
    useLikeStore.setState((s) => ({ ids: withLiked(s.ids, id, liked), pending: new Set([...s.pending].filter((p) => p !== id)) }));
  try {
    await setSongLiked(id, like);
    settle(like);
    notify({ kind: 'success', message: like ? '收藏成功' : '取消收藏成功' });
    return true;
  } catch (error) {
    settle(!like);
    notify({ kind: 'error', message: `${like ? '收藏' : '取消收藏'}失败：${reason(error)}` });
    return false;
  }
}

export const useSongLiked = (id: number | undefined) => useLikeStore((s) => id !== undefined && s.ids.has(id));
export const useLikedIds = () => useLikeStore((s) => s.ids);
