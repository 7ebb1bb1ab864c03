/**
 * Queue rules, kept pure so they are tested apart from the store: switching
 * tracks needs more than one queued song; sequential ("turn") wraps around; random plays the
 * queue in a shuffled order, every song once before any repeats; 单曲循环 replays the song at
 * its end (next/previous still move through the queue in order).
 */
export type PlayMode = 'turn' | 'random' | 'single';
export type Direction = 1 | -1;

export const PLAY_MODES: readonly PlayMode[] = ['turn', 'random', 'single'];
export const PLAY_MODE_LABELS: Record<PlayMode, string> = { turn: '顺序播放', random: '随机播放', single: '单曲循环' };

/** The mode the mode button switches to; random needs more than one queued song. */
export function nextPlayMode(mode: PlayMode, queueLength: number): PlayMode {
  const next = PLAY_MODES[(PLAY_MODES.indexOf(mode) + 1) % PLAY_MODES.length]!;
  return next === 'random' && queueLength <= 1 ? nextPlayMode(next, queueLength) : next;
}

/** The queue position after `index` in queue order (wrapping), or null with nothing to switch to. */
export function nextIndex(length: number, index: number, direction: Direction): number | null {
  if (length <= 1) return null;
  if (index < 0 || index >= length) return direction === 1 ? 0 : length - 1;
  return (index + direction + length) % length;
}

/** Adds the items whose id is not present yet at the end (the queue never repeats a song). */
export function appendUnique<T extends { id: number }>(list: readonly T[], items: readonly T[]): T[] {
  const seen = new Set(list.map((item) => item.id));
  const added: T[] = [];
  for (const item of items) {
    if (seen.has(item.id)) continue;
    seen.add(item.id);
    added.push(item);
  }
  return added.length ? [...list, ...added] : (list as T[]);
}

/** Adds the items whose id is not present yet at the front: the play history, newest first. */
export function prependUnique<T extends { id: number }>(list: readonly T[], items: readonly T[], limit = Infinity): T[] {
  const present = new Set(list.map((item) => item.id));
  const added = appendUnique([], items).filter((item) => !present.has(item.id));
  return added.length ? [...added, ...list].slice(0, limit) : (list as T[]);
}

/** 下一首播放: `item` right after the song at `currentIndex` (moved there if already queued). */
export function insertAfter<T extends { id: number }>(list: readonly T[], currentIndex: number, item: T): T[] {
  if (list[currentIndex]?.id === item.id) return list as T[];
  const without = list.filter((s) => s.id !== item.id);
  const currentId = list[currentIndex]?.id;
  const at = currentId === undefined ? 0 : without.findIndex((s) => s.id === currentId) + 1;
  return [...without.slice(0, at), item, ...without.slice(at)];
}

// Random mode ----------------------------------------------------------------------------------

/**
 * The shuffled play order of random mode, as song ids; `order[pos]` is the song playing (pos -1:
 * before the first). What lies after `pos` is the rest of the current round, or, once the round
 * is played through, one whole new round: so next never repeats a song before every queued song
 * had its turn. The order keeps at most one round behind `pos`, for previous.
 */
export interface ShuffleOrder {
  order: number[];
  pos: number;
}

/** Fisher–Yates. */
export function shuffled<T>(items: readonly T[], random: () => number = Math.random): T[] {
  const out = [...items];
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [out[i], out[j]] = [out[j]!, out[i]!];
  }
  return out;
}

/** At the last song of a round, the next round is drawn: never starting with the song just played. */
function withNextRound(s: ShuffleOrder, ids: readonly number[], random: () => number): ShuffleOrder {
  if (ids.length <= 1 || s.pos < s.order.length - 1) return s;
  const last = s.order[s.pos];
  let round = shuffled(ids, random);
  if (round[0] === last) round = [...round.slice(1), round[0]!];
  const keepFrom = Math.max(0, s.pos - (ids.length - 1));
  return { order: [...s.order.slice(keepFrom), ...round], pos: s.pos - keepFrom };
}

/** A new round starting with `currentId` (when queued), the other songs shuffled after it. */
export function startShuffle(ids: readonly number[], currentId: number | null, random: () => number = Math.random): ShuffleOrder {
  const queued = currentId !== null && ids.includes(currentId);
  const rest = shuffled(
    ids.filter((id) => id !== currentId),
    random,
  );
  const start = queued ? { order: [currentId, ...rest], pos: 0 } : { order: rest, pos: -1 };
  return withNextRound(start, ids, random);
}

/** One step through the order; null with fewer than two queued songs. Previous wraps to the end. */
export function stepShuffle(
  s: ShuffleOrder,
  ids: readonly number[],
  direction: Direction,
  random: () => number = Math.random,
): ShuffleOrder | null {
  if (ids.length <= 1 || s.order.length === 0) return null;
  if (direction === -1) return { order: s.order, pos: s.pos > 0 ? s.pos - 1 : s.order.length - 1 };
  return withNextRound({ order: s.order, pos: s.pos + 1 }, ids, random);
}

/** The song next would play, without drawing anything (null when there is none). */
export const peekShuffle = (s: ShuffleOrder | null): number | null => s?.order[s.pos + 1] ?? null;

/**
 * Keeps the order in step with the queue: songs that left are dropped (the one playing too: pos
 * then sits before what followed it), songs that joined are slotted in at random places after
 * `pos`, so they still get their turn in this round.
 */
export function syncShuffle(s: ShuffleOrder, ids: readonly number[], random: () => number = Math.random): ShuffleOrder {
  const queued = new Set(ids);
  let pos = s.pos;
  const order: number[] = [];
  s.order.forEach((id, i) => {
    // Dropping an entry can bring two plays of one song together (the last of a round and the first of the next).
    if (!queued.has(id) || order[order.length - 1] === id) {
      if (i <= s.pos) pos--;
      return;
    }
    order.push(id);
  });
  const known = new Set(order);
  for (const id of ids) {
    if (known.has(id)) continue;
    const at = pos + 1 + Math.floor(random() * (order.length - pos));
    order.splice(at, 0, id);
  }
  return withNextRound({ order, pos }, ids, random);
}
