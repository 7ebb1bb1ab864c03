import { describe, expect, it } from 'vitest';
import {
  BIT_RATES,
  DEFAULT_BIT_RATE,
  DEFAULT_SOURCES,
  PLAY_SOURCES,
  addSource,
  normalizeSources,
  removeSource,
  sourceParam,
} from './play-sources.ts';

describe('play sources', () => {
  it('QQ, Kuwo and Migu are the fixed defaults; 百度音乐, JOOX, 酷狗音乐, 虾米音乐 can be added', () => {
    expect(DEFAULT_SOURCES).toEqual(['qq', 'kuwo', 'migu']);
    expect(PLAY_SOURCES.filter((s) => !s.fixed).map((s) => s.name)).toEqual(['百度音乐', 'JOOX', '酷狗音乐', '虾米音乐']);
  });

  it('fixed sources cannot be removed', () => {
    for (const id of DEFAULT_SOURCES) expect(removeSource(DEFAULT_SOURCES, id)).toEqual(['qq', 'kuwo', 'migu']);
    expect(normalizeSources([])).toEqual(['qq', 'kuwo', 'migu']);
  });

  it('extras are added and removed, always in the catalogue order, once each', () => {
    let list = addSource(DEFAULT_SOURCES, 'xiami');
    list = addSource(list, 'baidu');
    list = addSource(list, 'baidu');
    expect(list).toEqual(['qq', 'kuwo', 'migu', 'baidu', 'xiami']);
    expect(removeSource(list, 'baidu')).toEqual(['qq', 'kuwo', 'migu', 'xiami']);
    expect(sourceParam(addSource(DEFAULT_SOURCES, 'kugou'))).toBe('qq,kuwo,migu,kugou');
  });

  it('unknown or malformed entries are dropped', () => {
    expect(normalizeSources(['spotify', 7, 'joox', null])).toEqual(['qq', 'kuwo', 'migu', 'joox']);
    expect(normalizeSources('qq,joox')).toEqual(['qq', 'kuwo', 'migu']);
  });

  it('bit rates are 128k, 192k, 320k (default) and 无损 = 999000', () => {
    expect(BIT_RATES.map((b) => [b.label, b.value])).toEqual([
      ['128k', 128000],
      ['192k', 192000],
      ['320k', 320000],
      ['无损', 999000],
    ]);
    expect(DEFAULT_BIT_RATE).toBe(320000);
  });
});
