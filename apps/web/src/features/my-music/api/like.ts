import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import { create } from 'zustand';
import { api } from '../../../lib/api.ts';
import { notify } from '../../../lib/notice.ts';
import { optimisticUpdate } from '../../../lib/optimistic.ts';
import { loadedLikes, withLiked } from '../like-state.ts';
import { libraryKeys } from './keys.ts';

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

/** Whose likes the hearts show (the logged-in user, set by the app); the likes themselves are a query. */
const useLikesOwner = create<{ uid: number | null }>()(() => ({ uid: null }));

/** Songs whose /like call is under way: a second click on the same heart waits. */
const pending = new Set<number>();

/** The user's liked songs, loaded once per login; clicks made while the list loads win over its answer. */
export const likesQuery = (uid: number) =>
  queryOptions({
    queryKey: libraryKeys.likes(uid),
    queryFn: async ({ client }): Promise<ReadonlySet<number>> => {
      const ids = await fetchLikeList(uid);
      const shown = client.getQueryData<ReadonlySet<number>>(libraryKeys.likes(uid)) ?? new Set<number>();
      return loadedLikes({ uid, ids: shown, pending }, uid, ids).ids;
    },
    staleTime: Infinity,
  });

/** The hearts follow who is logged in: a new user's likes are loaded, a logout empties them. */
export async function syncLikes(uid: number | null): Promise<void> {
  useLikesOwner.setState({ uid });
}

const reason = (error: unknown) => (error as { msg?: string }).msg ?? (error as Error).message;

/**
 * A heart clicked: the heart changes at once, the server is told, a toast says what happened
 * (the collect words); refused, the heart goes back. Resolves true when it changed.
 */
export async function toggleSongLiked(client: QueryClient, id: number): Promise<boolean> {
  const uid = useLikesOwner.getState().uid;
  if (uid === null || pending.has(id)) return false;
  const queryKey = libraryKeys.likes(uid);
  const like = !client.getQueryData<ReadonlySet<number>>(queryKey)?.has(id);
  pending.add(id);
  let hadData = true;
  try {
    ({ hadData } = await optimisticUpdate<ReadonlySet<number>, unknown>(client, {
      queryKey,
      apply: (ids) => withLiked(ids, id, like),
      revert: (ids) => withLiked(ids, id, !like),
      send: () => setSongLiked(id, like),
    }));
    notify({ kind: 'success', message: like ? '收藏成功' : '取消收藏成功' });
    return true;
  } catch (error) {
    notify({ kind: 'error', message: `${like ? '收藏' : '取消收藏'}失败：${reason(error)}` });
    return false;
  } finally {
    pending.delete(id);
    // The list was still loading (its fetch was cancelled for the click): ask for it again.
    if (!hadData) void client.invalidateQueries({ queryKey });
  }
}

const NO_LIKES: ReadonlySet<number> = new Set();

export const useLikedIds = (): ReadonlySet<number> => {
  const uid = useLikesOwner((s) => s.uid);
  return useQuery({ ...likesQuery(uid ?? 0), enabled: uid !== null }).data ?? NO_LIKES;
};

export const useSongLiked = (id: number | undefined) => {
  const ids = useLikedIds();
  return id !== undefined && ids.has(id);
};
