/** Pages joined, each item once: a cursor or offset page may repeat one the previous page ended with. */
export function uniqueById<T extends { id: number }>(pages: readonly (readonly T[])[]): T[] {
  const seen = new Set<number>();
  return pages.flat().filter((item) => !seen.has(item.id) && (seen.add(item.id), true));
}
