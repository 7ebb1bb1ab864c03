import { describe, expect, it } from 'vitest';
import { playlistEdit, toggleTag } from './edit-rules.ts';

const before = { name: '通勤路上', desc: '', tags: ['华语', '流行'] };

describe('playlist edit', () => {
  it('sends only what changed, the name trimmed', () => {
    expect(playlistEdit(before, { ...before }, false)).toBeNull();
    expect(playlistEdit(before, { ...before, name: ' 下班路上 ' }, false)).toEqual({ name: '下班路上' });
    expect(playlistEdit(before, { ...before, desc: '早八' }, false)).toEqual({ desc: '早八' });
    expect(playlistEdit(before, { ...before, tags: ['流行', '华语'] }, false)).toBeNull();
    expect(playlistEdit(before, { ...before, tags: [] }, false)).toEqual({ tags: [] });
  });

  it('never renames 我喜欢的音乐 and refuses an empty name', () => {
    expect(playlistEdit(before, { ...before, name: '别的' }, true)).toBeNull();
    expect(playlistEdit(before, { ...before, name: '  ', desc: 'x' }, false)).toBeNull();
  });

  it('keeps at most 3 tags', () => {
    expect(toggleTag(['a', 'b'], 'c')).toEqual(['a', 'b', 'c']);
    expect(toggleTag(['a', 'b', 'c'], 'd')).toEqual(['a', 'b', 'c']);
    expect(toggleTag(['a', 'b', 'c'], 'b')).toEqual(['a', 'c']);
  });
});
