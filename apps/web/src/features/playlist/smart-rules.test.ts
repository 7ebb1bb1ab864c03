import { describe, expect, it } from 'vitest';
import type { SmartRules } from '@cloudtune/contract';
import { describeGroup, describeSort, draftOf, newDraft, rulesOf, withField, withOp, type DraftRule } from './smart-rules.ts';

const rules: SmartRules = {
  match: 'all',
  rules: [
    { field: 'genre', op: 'is', value: '摇滚' },
    {
      match: 'any',
      rules: [
        { field: 'playCount', op: 'gt', value: 3 },
        { field: 'lastPlayed', op: 'inLast', value: 7 },
      ],
    },
    { field: 'liked', op: 'isNot' },
    { field: 'duration', op: 'between', value: [120, 300] },
  ],
  sort: { field: 'playCount', order: 'desc' },
  limit: 25,
};

describe('smart playlist rules in the client', () => {
  it('reads rules out in Chinese', () => {
    expect(describeGroup(rules)).toBe(
      '风格 是「摇滚」，且 （播放次数 大于 3 次，或 最近播放 在最近 7 天内），且 不是我喜欢的音乐，且 时长 介于 120–300 秒',
    );
    expect(describeSort(rules)).toBe('按播放次数降序，最多 25 首');
  });

  it('gives back the rules it was opened with', () => {
    expect(rulesOf(draftOf(rules))).toEqual(rules);
  });

  it('says in words what is wrong with a draft', () => {
    expect(rulesOf(newDraft())).toBe('第 1 条规则：请填写风格');
    const draft = draftOf(rules);
    const year = { ...(draft.root.rules[0] as DraftRule), field: 'year' as const, op: 'is', value: '二〇〇一' };
    expect(rulesOf({ ...draft, root: { ...draft.root, rules: [year] } })).toBe('第 1 条规则：年份必须是整数');
    expect(rulesOf({ ...draft, limit: '0' })).toBe('歌曲数量上限必须是 1–10000 的整数');
  });

  it('starts a rule over when its field changes kind, and a date between days and a day', () => {
    const genre = draftOf(rules).root.rules[0] as DraftRule;
    expect(withField(genre, 'artist')).toMatchObject({ field: 'artist', op: 'is', value: '摇滚' });
    expect(withField(genre, 'addedAt')).toMatchObject({ field: 'addedAt', op: 'inLast', value: '30' });
    expect(withOp(withField(genre, 'addedAt'), 'before')).toMatchObject({ op: 'before', value: '' });
  });
});
