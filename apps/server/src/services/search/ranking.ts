import { keywordWords, type MatchClass, type SearchKind, type SearchRepo } from '../../repos/search.ts';

/**
 * Counts stop here, as NetEase's do (its songCount never passes 600): a page past it is empty.
 * It also bounds the work of a one-character keyword on a million songs.
 */
export const MAX_RESULTS = 600;

export interface RankedPage {
  /** ids of the page, in rank order */
  ids: number[];
  /** matches counted, at most `countUpTo` */
  total: number;
}

/**
 * The classes a page lists first, best first; every match also belongs to the last one,
 * `anywhere` (every word of the keyword somewhere in the document), which is counted. Named kinds:
 * names equal to the keyword, names starting with it, then — for several words — documents named
 * by one of the words with the others found elsewhere ("周星野 月光": the song 月光 by 周星野).
 * Lyrics have no names: a multi-word keyword found as written (a pasted line) comes first.
 */
function classesBefore(kind: SearchKind, keyword: string): MatchClass[] {
  const several = keywordWords(keyword).length > 1;
  if (kind === 1006) return several ? ['phrase'] : [];
  return several ? ['exact', 'prefix', 'named'] : ['exact', 'prefix'];
}

/**
 * One page of matches in rank order: the classes of classesBefore(), then everything else that
 * has every word (in a name, an artist, an album, a tag or a lyric); popularity orders each
 * class. The index hands each class over already in popularity order, so only the first
 * offset + limit rows of each are read: whatever the true order's first n rows are, they are
 * among the first n of their own class.
 */
export async function rankedPage(
  repo: SearchRepo,
  kind: SearchKind,
  keyword: string,
  offset: number,
  limit: number,
  countUpTo = MAX_RESULTS,
): Promise<RankedPage> {
  // The classes that need no count are read beside the count, each up to offset + limit (a page
  // never ends later): a search costs its slowest read, not their sum. Documents named by one of
  // the words are looked for among the counted matches (a name alone says nothing of the other
  // words), so that class waits for the count.
  const classes = classesBefore(kind, keyword);
  const beside = new Map(
    classes.filter((how) => how !== 'named').map((how) => [how, repo.find(kind, keyword, how, offset + limit)] as const),
  );
  const [anywhere] = await Promise.all([repo.find(kind, keyword, 'anywhere', countUpTo), ...beside.values()]);
  const total = anywhere.length;
  const end = Math.min(offset + limit, total);
  if (offset >= end) return { ids: [], total };
  const read = (how: MatchClass) => async () =>
    how === 'named' ? await repo.namedAmong(kind, keyword, anywhere, end) : await beside.get(how)!;
  const ordered = new Set<number>();
  for (const ids of [...classes.map(read), () => anywhere]) {
    for (const id of await ids()) {
      ordered.add(id);
      if (ordered.size === end) return { ids: [...ordered].slice(offset, end), total };
    }
  }
  return { ids: [...ordered].slice(offset, end), total };
}
