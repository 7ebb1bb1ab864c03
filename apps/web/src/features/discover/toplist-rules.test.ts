import { describe, expect, it } from 'vitest';
import { fixtures } from '../../test/msw.ts';
import { chartUpdateLabel, OFFICIAL_CHART_COUNT, splitCharts } from './toplist-rules.ts';

describe('charts', () => {
  it('the first 4 charts are 官方榜, the rest 全球榜', () => {
    const { official, global } = splitCharts(fixtures.toplistDetail.list);
    expect(OFFICIAL_CHART_COUNT).toBe(4);
    expect(official.map((c) => c.name)).toEqual(['飙升榜', '新歌榜', '原创榜', '热歌榜']);
    expect(global.map((c) => c.name)).toEqual(['黑胶VIP爱听榜']);
    expect(splitCharts(official.slice(0, 2))).toEqual({ official: official.slice(0, 2), global: [] });
  });

  it('prints the update time as MM月DD日更新', () => {
    expect(chartUpdateLabel(new Date(2021, 1, 17, 8).getTime())).toBe('02月17日更新');
    expect(chartUpdateLabel(new Date(2024, 11, 3).getTime())).toBe('12月03日更新');
    expect(chartUpdateLabel(0)).toBe('');
  });
});
