import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  NAV_HISTORY_LIMIT,
  NAV_HISTORY_MAX_AGE_MS,
  canGoBack,
  canGoForward,
  emptyHistory,
  goBack,
  goForward,
  visit,
} from './nav-history.ts';

const T0 = 1_700_000_000_000;
const urls = (h: { back: { url: string }[] }) => h.back.map((e) => e.url);

describe('navigation history', () => {
  it('moves back and forward between visited pages', () => {
    let h = visit(visit(visit(emptyHistory(), '/a', T0), '/b', T0 + 1), '/c', T0 + 2);
    expect(urls(h)).toEqual(['/a', '/b']);
    h = goBack(h, T0 + 3);
    expect(h.current?.url).toBe('/b');
    expect(h.forward.map((e) => e.url)).toEqual(['/c']);
    h = goForward(h, T0 + 4);
    expect(h.current?.url).toBe('/c');
    expect(canGoForward(h, T0 + 4)).toBe(false);
  });

  it('a new visit clears the forward list', () => {
    let h = visit(visit(emptyHistory(), '/a', T0), '/b', T0);
    h = visit(goBack(h, T0), '/c', T0);
    expect(h.forward).toEqual([]);
    expect(urls(h)).toEqual(['/a']);
  });

  it('dedupes by url, keeping the nearest occurrence', () => {
    let h = emptyHistory();
    for (const u of ['/a', '/b', '/a', '/c']) h = visit(h, u, T0);
    expect(urls(h)).toEqual(['/b', '/a']);
    expect(visit(h, '/c', T0).back).toHaveLength(2);
  });

  it('drops entries older than 2 days', () => {
    const h = visit(visit(emptyHistory(), '/old', T0), '/new', T0 + NAV_HISTORY_MAX_AGE_MS + 1000);
    expect(h.back).toEqual([]);
    expect(canGoBack(h, T0 + NAV_HISTORY_MAX_AGE_MS + 1000)).toBe(false);
  });

  it('going back with nothing behind keeps the page', () => {
    const h = visit(emptyHistory(), '/a', T0);
    expect(goBack(h, T0).current?.url).toBe('/a');
  });

  it('property: never more than 20 entries either side, never a duplicate url, current never repeated', () => {
    const step = fc.oneof(
      fc.record({ kind: fc.constant('visit' as const), url: fc.constantFrom(...Array.from({ length: 40 }, (_, i) => `/p${i}`)) }),
      fc.record({ kind: fc.constantFrom('back' as const, 'forward' as const) }),
    );
    fc.assert(
      fc.property(fc.array(fc.tuple(step, fc.nat(3_600_000)), { maxLength: 200 }), (steps) => {
        let h = emptyHistory();
        let now = T0;
        for (const [s, dt] of steps) {
          now += dt;
          h = s.kind === 'visit' ? visit(h, s.url, now) : s.kind === 'back' ? goBack(h, now) : goForward(h, now);
          expect(h.back.length).toBeLessThanOrEqual(NAV_HISTORY_LIMIT);
          expect(h.forward.length).toBeLessThanOrEqual(NAV_HISTORY_LIMIT);
          const all = [...h.back, ...(h.current ? [h.current] : []), ...h.forward].map((e) => e.url);
          expect(new Set(all).size).toBe(all.length);
          for (const e of [...h.back, ...h.forward]) expect(now - e.time).toBeLessThanOrEqual(NAV_HISTORY_MAX_AGE_MS);
        }
      }),
    );
  });
});
