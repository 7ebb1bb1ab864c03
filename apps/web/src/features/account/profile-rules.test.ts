import { describe, expect, it } from 'vitest';
import { recorded } from '@cloudtune/ncm-fixtures';
import type { UserEvent } from './api/types.ts';
import { readEvent } from './event-content.ts';
import { genderIcon, LIKED_NAME, playlistsTitle, rankingTitle, renameLiked, visibleTags } from './profile-rules.ts';

describe('profile rules', () => {
  it('hides user tags of type 400 and above', () => {
    const tags = [
      { type: 4, desc: '音乐人' },
      { type: 399, desc: '达人' },
      { type: 400, desc: '内部' },
      { type: 1001, desc: '内部2' },
    ];
    expect(visibleTags(tags).map((t) => t.desc)).toEqual(['音乐人', '达人']);
    expect(visibleTags(null)).toEqual([]);
  });

  it('shows the gender icon only for 1 and 2', () => {
    expect(genderIcon(0)).toBeNull();
    expect(genderIcon(undefined)).toBeNull();
    expect(genderIcon(1)).toBe('male');
    expect(genderIcon(2)).toBe('female');
    expect(genderIcon(3)).toBeNull();
  });

  it('renames the liked-songs playlist 我喜欢的音乐 on one’s own profile only', () => {
    const lists = [
      { id: 1, name: '小云喜欢的音乐', specialType: 5 },
      { id: 2, name: '跑步', specialType: 0 },
    ];
    expect(renameLiked(lists, true).map((p) => p.name)).toEqual([LIKED_NAME, '跑步']);
    expect(renameLiked(lists, false).map((p) => p.name)).toEqual(['小云喜欢的音乐', '跑步']);
    expect(renameLiked([{ id: 9, name: '第一个', specialType: 0 }], true)[0]!.name).toBe(LIKED_NAME);
  });

  it('labels for the viewer: mine or Ta', () => {
    expect(rankingTitle(true)).toBe('我的听歌排行');
    expect(rankingTitle(false)).toBe('听歌排行');
    expect(playlistsTitle(true)).toBe('我的歌单');
    expect(playlistsTitle(false)).toBe('Ta的歌单');
  });

  it('reads the recorded events: a shared song with its artists, unknown shapes keep their message', () => {
    const { events } = recorded('user_event') as { events: UserEvent[] };
    const song = readEvent(events.find((e) => e.type === 18)!);
    expect(song.action).toBe('分享单曲');
    expect(song.song).toMatchObject({ id: 27630046, name: 'Legend of Galaxy ~銀河の覇者', artists: '高見沢俊彦' });
    const program = readEvent(events.find((e) => e.type === 17)!);
    expect(program.song).toBeUndefined();
    expect(readEvent({ type: 35, json: '{"msg":"好听","playlist":{"id":5,"name":"夏天","creator":{"nickname":"小云"}}}' })).toMatchObject({
      action: '分享歌单',
      msg: '好听',
      playlist: { id: 5, name: '夏天', creator: '小云' },
    });
    expect(readEvent({ type: 18, json: 'not json' })).toEqual({ action: '分享单曲', msg: '' });
  });

  it('an event type the server names oddly (a prototype name) is a plain 分享', () => {
    for (const type of ['constructor', '__proto__', 'toString'])
      expect(readEvent({ type: type as unknown as number, json: '{}' })).toEqual({ action: '分享', msg: '' });
  });
});
