/**
 * Queue rules (SPEC §4–5), kept pure so they are tested apart from the store: switching
 * tracks needs more than one queued song; sequential ("turn") wraps around; random picks
 * another random position.
 */
export type PlayMode = 'turn' | 'random';
export type Direction = 1 | -1;

/** The index to play after `index`, or null when there is nothing to switch to. */
export function nextIndex(
  length: number,
  index: number,
  mode: PlayMode,
  direction: Direction,
  random: () => number = Math.random,
): number | null {
  if (length <= 1) return null;
  if (index < 0 || index >= length) return direction === 1 ? 0 : length - 1;
  if (mode === 'random') {
    // Pick among the other positions so "next" always changes the song.
    const pick = Math.floor(random() * (length - 1));
    return pick >= index ? pick + 1 : pick;
  }
  return (index + direction + length) % length;
}

/** Appends the items whose id is not present yet (queue and history never repeat a song). */
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
