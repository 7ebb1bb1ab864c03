import { fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { beforeEach, describe, expect, it } from 'vitest';
import type { PlayableSong } from '../playable-song.ts';
import { usePlayerStore } from '../player.store.ts';
import { useTransportStore } from '../transport.store.ts';
import { PlayerBar } from './player-bar.tsx';

const current: PlayableSong = {
  id: 1,
  name: '歌曲',
  ar: [{ id: 2, name: '歌手' }],
  al: { id: 3, name: '专辑' },
  dt: 240_000,
  type: 'stack',
};
const show = () =>
  render(
    <MemoryRouter>
      <PlayerBar />
    </MemoryRouter>,
  );

beforeEach(() => {
  usePlayerStore.setState({
    queue: [current, { ...current, id: 4 }],
    history: [],
    current,
    playMode: 'turn',
    shuffle: null,
    lyricOpen: false,
  });
  useTransportStore.setState({ playing: false, loadingUrl: false, trial: null });
});

describe('PlayerBar', () => {
  it('names every control in Chinese', () => {
    show();
    for (const name of ['播放', '上一首', '下一首', '播放模式', '播放列表', '歌词', '静音', '展开歌曲详情']) {
      expect(screen.getAllByRole('button', { name }).length, name).toBeGreaterThan(0);
    }
    expect(screen.getAllByRole('slider', { name: '音量' }).length).toBeGreaterThan(0);
    expect(screen.getByRole('button', { name: '播放模式' }).getAttribute('title')).toBe('顺序播放');
  });

  it('the mode button names the mode it is in', () => {
    show();
    const mode = screen.getByRole('button', { name: '播放模式' });
    fireEvent.click(mode);
    expect(screen.getByRole('button', { name: '播放模式' }).getAttribute('title')).toBe('随机播放');
    fireEvent.click(mode);
    expect(screen.getByRole('button', { name: '播放模式' }).getAttribute('title')).toBe('单曲循环');
  });

  it('labels a trial clip 试听', () => {
    const view = show();
    expect(screen.queryByText('试听')).toBeNull();
    view.unmount();
    useTransportStore.setState({ trial: { start: 90, end: 120 } });
    show();
    expect(screen.getByText('试听')).toBeTruthy();
  });
});
