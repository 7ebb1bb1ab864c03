import { readFileSync } from 'node:fs';
import { fmtMb, line, section } from './report.ts';

export interface Memory {
  /** resident set, KiB */
  rssKb: number;
  /** peak resident set since the process started, KiB */
  peakKb: number;
}

/** VmRSS and VmHWM of a process, from /proc; undefined once it is gone. */
export function readMemory(pid: number): Memory | undefined {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const kb = (field: string) => Number(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? NaN);
    return { rssKb: kb('VmRSS'), peakKb: kb('VmHWM') };
  } catch {
    return undefined;
  }
}

/** The server's memory read at a moment of the run. */
export interface MemoryMark {
  label: string;
  memory?: Memory;
}

/** Section 5: the server's resident memory through the run. */
export function printMemory(marks: MemoryMark[]): void {
  section('5. RSS', 'the server of sections 1–3b, from /proc/<pid>/status (figures; no goal is set)');
  for (const m of marks) line(`${m.label.padEnd(24)} RSS ${fmtMb(m.memory?.rssKb).padStart(7)}  (peak so far ${fmtMb(m.memory?.peakKb)})`);
  const first = marks[0]?.memory;
  const last = marks[marks.length - 1]?.memory;
  if (first && last) line(`growth over the run: ${fmtMb(last.rssKb - first.rssKb)}; peak ${fmtMb(last.peakKb)}`);
}

/** Samples a process's RSS every `everyMs` until stopped; returns the largest sample. */
export function sampleMemory(pid: number, everyMs = 1000): { stop(): number | undefined } {
  let max: number | undefined;
  const take = () => {
    const m = readMemory(pid);
    if (m && (max === undefined || m.rssKb > max)) max = m.rssKb;
  };
  take();
  const timer = setInterval(take, everyMs);
  return {
    stop() {
      clearInterval(timer);
      take();
      return max;
    },
  };
}
