import type { Toplist } from '@cloudtune/contract';

/** The first 4 charts are the featured 官方榜. */
export const OFFICIAL_CHART_COUNT = 4;

export function splitCharts(list: readonly Toplist[]): { official: Toplist[]; global: Toplist[] } {
  return { official: list.slice(0, OFFICIAL_CHART_COUNT), global: list.slice(OFFICIAL_CHART_COUNT) };
}

const pad2 = (n: number) => String(n).padStart(2, '0');

/** A chart's update time as the desktop client prints it on the cover: 01月02日更新. */
export function chartUpdateLabel(updateTime: number): string {
  if (!Number.isFinite(updateTime) || updateTime <= 0) return '';
  const d = new Date(updateTime);
  return `${pad2(d.getMonth() + 1)}月${pad2(d.getDate())}日更新`;
}
