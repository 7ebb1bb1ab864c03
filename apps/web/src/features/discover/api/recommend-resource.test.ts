import { describe, expect, it } from 'vitest';
import { recorded } from '@cloudtune/ncm-fixtures';
import { RECOMMEND_LIMIT } from './personalized.ts';
import { toRecommendCards } from './recommend-resource.ts';

describe('/recommend/resource cards', () => {
  it('reads the recorded daily playlists, lower-case playcount as playCount', () => {
    const { recommend } = recorded<{ recommend: { id: number; name: string; picUrl: string; playcount: number; trackCount: number }[] }>(
      'recommend_resource',
    );
    const cards = toRecommendCards(recommend);
    expect(cards.map((c) => c.id)).toEqual(recommend.map((r) => r.id));
    expect(cards.map((c) => c.playCount)).toEqual(recommend.map((r) => r.playcount));
    expect(cards[0]).not.toHaveProperty('playcount');
    expect(cards[0]).toMatchObject({ name: recommend[0]!.name, picUrl: recommend[0]!.picUrl });
  });

  it('keeps at most the grid’s 14 and reads 0 plays when none are given', () => {
    const many = Array.from({ length: 20 }, (_, i) => ({ id: i, name: `p${i}`, picUrl: '', trackCount: 1 }));
    const cards = toRecommendCards(many);
    expect(cards).toHaveLength(RECOMMEND_LIMIT);
    expect(cards[0]!.playCount).toBe(0);
  });
});
