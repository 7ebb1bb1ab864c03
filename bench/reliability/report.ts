/**
 * Printing: one section per concern, each goal on one line with PASS or MISS beside its figure,
 * and a closing table of every goal. The suite prints; it never fails the process on a figure.
 */
export interface GoalLine {
  section: string;
  goal: string;
  pass: boolean;
  figure: string;
}

const goals: GoalLine[] = [];
let current = '';

/** Starts a section; `short` names it in the closing summary. */
export function section(short: string, detail = ''): void {
  current = short;
  console.log(`\n## ${short}${detail ? ` — ${detail}` : ''}`);
}

export function line(text = ''): void {
  console.log(text === '' ? '' : `  ${text}`);
}

export function goal(name: string, pass: boolean, figure: string): void {
  goals.push({ section: current, goal: name, pass, figure });
  console.log(`  ${pass ? 'PASS' : 'MISS'}  ${name} — ${figure}`);
}

export function printGoalSummary(): void {
  console.log('\n## Summary');
  for (const g of goals) console.log(`  ${g.pass ? 'PASS' : 'MISS'}  [${g.section}] ${g.goal} — ${g.figure}`);
  const missed = goals.filter((g) => !g.pass).length;
  console.log(`  ${goals.length - missed} of ${goals.length} goals met, ${missed} missed`);
}

export const percentile = (sorted: readonly number[], p: number): number =>
  sorted.length === 0 ? NaN : sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;

export const fmtMs = (n: number): string => (Number.isFinite(n) ? `${n < 10 ? n.toFixed(1) : n.toFixed(0)} ms` : '–');
export const fmtInt = (n: number): string => n.toLocaleString('en');
export const fmtMb = (kb: number | undefined): string => (kb === undefined ? '–' : `${(kb / 1024).toFixed(0)} MB`);

/** Shortens a string for a sample line, showing control and non-ASCII bytes legibly. */
export function clip(text: string, max = 160): string {
  const shown = JSON.stringify(text).slice(1, -1);
  return shown.length > max ? `${shown.slice(0, max)}…(${text.length} chars)` : shown;
}

/** Counts per key, largest first: `200 ×41,230, 400 ×30,112, …`. */
export function tally(counts: Map<string, number>, limit = 30): string {
  return [...counts.entries()]
    .sort((a, b) => b[1] - a[1])
    .slice(0, limit)
    .map(([k, n]) => `${k} ×${fmtInt(n)}`)
    .join(', ');
}

export const bump = (counts: Map<string, number>, key: string, by = 1): void => {
  counts.set(key, (counts.get(key) ?? 0) + by);
};
