/** Display formatting shared by every screen (万/亿 at 10000 steps, KB/MB at 1024). */

const trimZero = (s: string) => s.replace(/\.0$/, '');

/** 9999 → "9999", 12345 → "1.2万", 123456789 → "1.2亿". */
export function formatCount(n: number): string {
  if (!Number.isFinite(n) || n < 0) return '0';
  const v = Math.floor(n);
  if (v < 1e4) return String(v);
  if (v < 1e8) {
    const w = Math.floor(v / 1e3) / 10;
    return w >= 1e4 ? `${trimZero((Math.floor(v / 1e7) / 10).toFixed(1))}亿` : `${trimZero(w.toFixed(1))}万`;
  }
  return `${trimZero((Math.floor(v / 1e7) / 10).toFixed(1))}亿`;
}

/** 512 → "512B", 2048 → "2.0KB", 5 MiB → "5.0MB". */
export function formatSize(bytes: number): string {
  if (!Number.isFinite(bytes) || bytes < 0) return '0B';
  if (bytes < 1024) return `${Math.floor(bytes)}B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)}KB`;
  return `${(bytes / 1024 / 1024).toFixed(1)}MB`;
}

const pad2 = (n: number) => String(n).padStart(2, '0');

/** Milliseconds → "mm:ss" (hours fold into minutes, as music players show them). */
export function formatDuration(ms: number): string {
  const total = Number.isFinite(ms) && ms > 0 ? Math.floor(ms / 1000) : 0;
  return `${pad2(Math.floor(total / 60))}:${pad2(total % 60)}`;
}

/** Epoch ms → "YYYY-MM-DD" in local time. */
export function formatDate(ms: number): string {
  const d = new Date(ms);
  return `${d.getFullYear()}-${pad2(d.getMonth() + 1)}-${pad2(d.getDate())}`;
}
