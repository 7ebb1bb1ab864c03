/**
 * Back/forward navigation history: at most 20 entries before and after the current
 * page, entries older than 2 days are dropped, and a url appears at most once.
 */
export type NavEntry = { url: string; time: number };
export type NavHistory = { back: NavEntry[]; current: NavEntry | null; forward: NavEntry[] };

export const NAV_HISTORY_LIMIT = 20;
export const NAV_HISTORY_MAX_AGE_MS = 2 * 24 * 60 * 60 * 1000;

export const emptyHistory = (): NavHistory => ({ back: [], current: null, forward: [] });

const fresh = (now: number) => (e: NavEntry) => now - e.time <= NAV_HISTORY_MAX_AGE_MS;

/** Drops stale entries and entries repeating the current url, then caps both sides. */
function tidy(h: NavHistory, now: number): NavHistory {
  const url = h.current?.url;
  const keep = (list: NavEntry[]) => {
    const seen = new Set<string>(url === undefined ? [] : [url]);
    // Walk from nearest to farthest so the nearest occurrence of a url survives.
    return list.filter(fresh(now)).filter((e) => (seen.has(e.url) ? false : (seen.add(e.url), true)));
  };
  const back = keep([...h.back].reverse())
    .reverse()
    .slice(-NAV_HISTORY_LIMIT);
  const forward = keep(h.forward).slice(0, NAV_HISTORY_LIMIT);
  return { back, current: h.current, forward };
}

/** A new page: the current one moves to `back`, `forward` is cleared. */
export function visit(h: NavHistory, url: string, now: number): NavHistory {
  if (h.current?.url === url) return tidy({ ...h, current: { url, time: now } }, now);
  const back = h.current ? [...h.back, h.current] : h.back;
  return tidy({ back, current: { url, time: now }, forward: [] }, now);
}

export function goBack(h: NavHistory, now: number): NavHistory {
  const t = tidy(h, now);
  const target = t.back.at(-1);
  if (!target) return t;
  const forward = t.current ? [t.current, ...t.forward] : t.forward;
  return tidy({ back: t.back.slice(0, -1), current: { url: target.url, time: now }, forward }, now);
}

export function goForward(h: NavHistory, now: number): NavHistory {
  const t = tidy(h, now);
  const target = t.forward[0];
  if (!target) return t;
  const back = t.current ? [...t.back, t.current] : t.back;
  return tidy({ back, current: { url: target.url, time: now }, forward: t.forward.slice(1) }, now);
}

export const canGoBack = (h: NavHistory, now: number) => h.back.some(fresh(now));
export const canGoForward = (h: NavHistory, now: number) => h.forward.some(fresh(now));
