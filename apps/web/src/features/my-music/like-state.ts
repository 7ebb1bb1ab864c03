/**
 * Which songs the logged-in user likes (the heart in song rows and the player bar): the rules
 * over the likes query's data (api/like.ts). Loaded from /likelist once per login; a click
 * changes the heart at once and the server is told, the heart going back if it refuses. Not
 * persisted: the server is the truth on every start.
 */
export interface LikeState {
  uid: number | null;
  ids: ReadonlySet<number>;
  /** ids whose /like call is under way: a second click waits */
  pending: ReadonlySet<number>;
}

export const emptyLikes: LikeState = { uid: null, ids: new Set(), pending: new Set() };

/** The set with `id` liked or not (a new set, so subscribers see the change). */
export function withLiked(ids: ReadonlySet<number>, id: number, liked: boolean): ReadonlySet<number> {
  if (ids.has(id) === liked) return ids;
  const next = new Set(ids);
  if (liked) next.add(id);
  else next.delete(id);
  return next;
}

/** A /likelist answer for `uid`: kept only if that user is still the one the store is for. */
export function loadedLikes(state: LikeState, uid: number, ids: readonly number[]): LikeState {
  if (state.uid !== uid) return state;
  // Clicks made while the list was loading win over the loaded answer.
  let next: ReadonlySet<number> = new Set(ids);
  for (const id of state.pending) next = withLiked(next, id, state.ids.has(id));
  return { ...state, ids: next };
}
