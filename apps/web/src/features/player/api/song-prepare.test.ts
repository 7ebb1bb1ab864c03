import { describe, expect, it, vi } from 'vitest';
import { createPrepareAhead } from './song-prepare.ts';

describe('prepare ahead', () => {
  it('asks the server once per upcoming song, again when the upcoming song changes', () => {
    const prepare = vi.fn(() => Promise.resolve());
    const ahead = createPrepareAhead(prepare);
    ahead(7);
    ahead(7);
    ahead(null);
    ahead(8);
    ahead(7);
    expect(prepare.mock.calls).toEqual([[7], [8], [7]]);
  });
});
