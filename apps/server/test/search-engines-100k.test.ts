import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildBoth, compareIndexes, compareRepositories, libraryQueries, type Difference, type EnginePair } from './search-engines.ts';

// The benchmarks' generated catalog (bench/search.ts: the demo generator at 100,000 songs, with
// lyrics) in SQLite, moved into PostgreSQL by `cloudtune migrate` and indexed there from the
// queued catalogue: the same documents and trigrams, and the same answers to a few hundred
// queries, where counts reach their cap and short words their expansion limits.
let pair: EnginePair;

beforeAll(async () => {
  const start = performance.now();
  pair = await buildBoth({ songCount: 100_000 }, { moved: true });
  console.log(`search engines (100k): both libraries built and indexed in ${((performance.now() - start) / 1000).toFixed(0)} s`);
}, 600_000);

afterAll(async () => {
  await pair?.close();
});

describe('search on SQLite and on PostgreSQL, 100,000 songs', () => {
  it('indexes the same documents and the same trigrams', async () => {
    const differences: Difference[] = [];
    const { documents, terms } = await compareIndexes(pair, differences);
    console.log(`search engines (100k): ${documents} documents, ${terms} vocabulary terms compared`);
    expect(differences).toEqual([]);
  }, 300_000);

  it('answers every query alike: ids by kind and match class, ranked pages and counts', async () => {
    const queries = await libraryQueries(pair.sqlite.db, 6);
    const differences: Difference[] = [];
    const start = performance.now();
    const answers = await compareRepositories(pair, queries, differences, true);
    console.log(
      `search engines (100k): ${queries.length} queries, ${answers} repository answers compared in ${((performance.now() - start) / 1000).toFixed(0)} s`,
    );
    expect(differences).toEqual([]);
    expect(queries.length).toBeGreaterThanOrEqual(200);
  }, 600_000);
});
