import { spawnSync } from 'node:child_process';

export const hasCommand = (command: string): boolean => spawnSync('sh', ['-c', `command -v ${command}`]).status === 0;

export interface WrkResult {
  rps: number;
  /** MB/s (10^6 bytes) */
  mbps: number;
  /** answers received in the run */
  requests: number;
  /** answers that were not 2xx/3xx, and socket errors (connect, read, write, timeout) */
  errors: number;
}

export interface WrkOptions {
  /** wrk's threads (two unless told) */
  threads?: number;
  /** the one CPU wrk runs on (taskset), away from the server measured */
  cpu?: number;
}

/**
 * Throughput measured by wrk (C, two threads unless told): unlike a Node client on the same two
 * cores, it does not become the bottleneck on large answers. undefined when wrk is not installed.
 */
export function wrk(
  url: string,
  connections: number,
  seconds: number,
  headers: Record<string, string> = {},
  { threads = 2, cpu }: WrkOptions = {},
): WrkResult | undefined {
  if (!hasCommand('wrk')) return undefined;
  const headerArgs = Object.entries(headers).flatMap(([k, v]) => ['-H', `${k}: ${v}`]);
  const command = ['wrk', `-t${threads}`, `-c${connections}`, `-d${seconds}s`, ...headerArgs, url];
  if (cpu !== undefined) command.unshift('taskset', '-c', String(cpu));
  const out = spawnSync(command[0]!, command.slice(1), { encoding: 'utf8' }).stdout;
  const rps = Number(/Requests\/sec:\s+([\d.]+)/.exec(out)?.[1] ?? NaN);
  const [, amount, unit] = /Transfer\/sec:\s+([\d.]+)(\w+)/.exec(out) ?? [];
  const scale: Record<string, number> = { B: 1 / 1e6, KB: 1024 / 1e6, MB: 1024 ** 2 / 1e6, GB: 1024 ** 3 / 1e6 };
  const requests = Number(/(\d+) requests in/.exec(out)?.[1] ?? NaN);
  const socketErrors = /Socket errors:(.*)/.exec(out)?.[1] ?? '';
  const errors =
    Number(/Non-2xx or 3xx responses:\s+(\d+)/.exec(out)?.[1] ?? 0) +
    [...socketErrors.matchAll(/\d+/g)].reduce((sum, [n]) => sum + Number(n), 0);
  return { rps, mbps: Number(amount) * (scale[unit ?? 'MB'] ?? NaN), requests, errors };
}
