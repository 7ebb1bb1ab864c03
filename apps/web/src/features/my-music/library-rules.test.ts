import { describe, expect, it } from 'vitest';
import { recorded } from '@cloudtune/ncm-fixtures';
import { emptyLikes, loadedLikes, withLiked } from './like-state.ts';
import { LIKED_PLAYLIST_NAME, ownPlaylists, splitUserPlaylists, type UserPlaylistItem } from './user-playlists.ts';

const { playlist } = recorded<{ playlist: UserPlaylistItem[] }>('user_playlist');
const owner = playlist[0]!.userId!;

describe('user playlists', () => {
  it('puts the recorded liked-songs playlist first as 我喜欢的音乐 and splits created from collected', () => {
    const { liked, created, collected } = splitUserPlaylists(playlist, owner);
    expect(liked?.id).toBe(playlist.find((p) => p.specialType === 5)!.id);
    expect(created[0]).toMatchObject({ id: liked!.id, name: LIKED_PLAYLIST_NAME });
    expect(created.every((p) => p.userId === owner)).toBe(true);
    expect(collected.every((p) => p.userId !== owner)).toBe(true);
    expect(created.length + collected.length).toBe(playlist.length);
  });

  it('finds liked songs without specialType as playlist 0, and decides ownership by subscribed when no owner is given', () => {
    const list = [
      { id: 1, name: 'x喜欢的音乐', subscribed: false },
      { id: 2, name: '收藏的', subscribed: true },
      { id: 3, name: '自建', subscribed: false },
    ];
    const { created, collected } = splitUserPlaylists(list, 9);
    expect(created.map((p) => [p.id, p.name])).toEqual([
      [1, LIKED_PLAYLIST_NAME],
      [3, '自建'],
    ]);
    expect(collected.map((p) => p.id)).toEqual([2]);
  });

  it('moves a liked-songs playlist listed later to the top; a collected list of someone else is never renamed', () => {
    const list = [
      { id: 5, name: 'theirs', userId: 2, specialType: 5 },
      { id: 6, name: 'mine', userId: 1 },
      { id: 7, name: '我的红心', userId: 1, specialType: 5 },
    ];
    const split = splitUserPlaylists(list, 1);
    expect(split.created.map((p) => p.id)).toEqual([7, 6]);
    expect(split.collected).toEqual([list[0]]);
    expect(ownPlaylists(list, 1).map((p) => p.name)).toEqual([LIKED_PLAYLIST_NAME, 'mine']);
    expect(splitUserPlaylists([], 1)).toEqual({ liked: null, created: [], collected: [] });
  });
});

describe('like state', () => {
  it('likes and un-likes in a new set, the same set when nothing changes', () => {
    const none = new Set<number>();
    const one = withLiked(none, 7, true);
    expect([...one]).toEqual([7]);
    expect(none.size).toBe(0);
    expect(withLiked(one, 7, true)).toBe(one);
    expect([...withLiked(one, 7, false)]).toEqual([]);
  });

  it('keeps a loaded list only for the user it was asked for, with clicks made meanwhile kept', () => {
    const state = { uid: 1, ids: new Set([9]), pending: new Set([9, 4]) };
    // 9 was liked and 4 un-liked while /likelist was on its way: the answer [4] must not undo them.
    expect([...loadedLikes(state, 1, [4, 5]).ids].sort()).toEqual([5, 9]);
    expect(loadedLikes(state, 2, [1])).toBe(state);
    expect(loadedLikes(emptyLikes, 1, [1])).toBe(emptyLikes);
  });
});
