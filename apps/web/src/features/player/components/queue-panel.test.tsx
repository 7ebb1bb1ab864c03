import { fireEvent, render, screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { SongInput } from '../playable-song.ts';
import { usePlayerStore } from '../player.store.ts';
import { useTransportStore } from '../transport.store.ts';
import { QueuePanel } from './queue-panel.tsx';

const song = (id: number, extra: object = {}): SongInput =>
  ({ id, name: `歌曲 ${id}`, ar: [{ id: 1, name: '歌手' }], al: { id: 9, name: '专辑' }, dt: 185_000, ...extra }) as SongInput;
const store = () => usePlayerStore.getState();
const rows = () => screen.getAllByTestId('queue-row');
const rowIds = () => rows().map((r) => Number(r.dataset.songId));

beforeEach(() => {
  usePlayerStore.setState({ queue: [], history: [], current: null, playMode: 'turn', shuffle: null, lyricOpen: false });
  useTransportStore.setState({ playing: false, loadingUrl: false, loadRequest: 0 });
});

describe('QueuePanel', () => {
  it('shows the queue with its count, the current song marked', () => {
    store().playList([song(1), song(2), song(3)], 1);
    render(<QueuePanel onClose={() => undefined} />);
    expect(screen.getByRole('tab', { name: '播放列表 3' }).getAttribute('aria-selected')).toBe('true');
    expect(screen.getByRole('tab', { name: '历史记录 1' }).getAttribute('aria-selected')).toBe('false');
    expect(rowIds()).toEqual([1, 2, 3]);
    expect(rows()[1]!.getAttribute('aria-current')).toBe('true');
    expect(rows()[0]!.hasAttribute('aria-current')).toBe(false);
    expect(within(rows()[0]!).getByText('03:05')).toBeTruthy();
  });

  it('a double-click plays an entry', () => {
    store().playList([song(1), song(2), song(3)], 0);
    render(<QueuePanel onClose={() => undefined} />);
    const before = useTransportStore.getState().loadRequest;
    fireEvent.doubleClick(rows()[2]!);
    expect(store().current?.id).toBe(3);
    expect(useTransportStore.getState().loadRequest).toBe(before + 1);
    expect(rows()[2]!.getAttribute('aria-current')).toBe('true');
  });

  it('removes one entry, and 清空 empties the list', () => {
    store().playList([song(1), song(2), song(3)], 0);
    render(<QueuePanel onClose={() => undefined} />);
    fireEvent.click(screen.getByRole('button', { name: '从播放列表删除 歌曲 2' }));
    expect(rowIds()).toEqual([1, 3]);
    expect(screen.getByRole('tab', { name: '播放列表 2' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: '清空播放列表' }));
    expect(store().queue).toEqual([]);
    expect(screen.getByText('播放列表为空')).toBeTruthy();
    expect(screen.getByRole('button', { name: '清空播放列表' })).toHaveProperty('disabled', true);
  });

  it('历史记录 lists what played, newest first; entries can be removed or all cleared', () => {
    store().playList([song(1), song(2), song(3)], 0);
    store().next();
    store().next();
    render(<QueuePanel onClose={() => undefined} />);
    fireEvent.click(screen.getByRole('tab', { name: '历史记录 3' }));
    expect(screen.getByRole('tab', { name: '历史记录 3' }).getAttribute('aria-selected')).toBe('true');
    expect(rowIds()).toEqual([3, 2, 1]);
    expect(rows()[0]!.getAttribute('aria-current')).toBe('true');
    fireEvent.click(screen.getByRole('button', { name: '从历史记录删除 歌曲 2' }));
    expect(rowIds()).toEqual([3, 1]);
    // Double-clicking a history entry plays it.
    fireEvent.doubleClick(rows()[1]!);
    expect(store().current?.id).toBe(1);
    fireEvent.click(screen.getByRole('button', { name: '清空历史记录' }));
    expect(screen.getByText('暂无播放记录')).toBeTruthy();
    // The queue is untouched.
    expect(store().queue).toHaveLength(3);
  });

  it('marks unavailable songs and trial clips', () => {
    store().playList([song(1), song(2, { st: -1 }), song(3, { fee: 1, privilege: { id: 3, st: 0, pl: 0, fee: 1 } })], 0);
    render(<QueuePanel onClose={() => undefined} />);
    expect(rows()[1]!.getAttribute('title')).toBe('暂无版权');
    expect(within(rows()[2]!).getByText('试听')).toBeTruthy();
  });

  it('closes with Escape and with its button', () => {
    const onClose = vi.fn();
    render(<QueuePanel onClose={onClose} />);
    fireEvent.keyDown(window, { key: 'Escape' });
    fireEvent.click(screen.getByRole('button', { name: '关闭播放列表' }));
    expect(onClose).toHaveBeenCalledTimes(2);
  });
});
