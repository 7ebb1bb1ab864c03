import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { useAuthStore } from '../../features/auth/index.ts';
import { usePlayerStore } from '../../features/player/index.ts';
import { renderApp } from '../../test/render-app.tsx';
import { fixtures, server } from '../../test/msw.ts';

/** Song tables of every page get the player's 下一首播放 menu and the real API's availability marks. */
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());
beforeEach(() => {
  useAuthStore.setState({ user: null, show: false });
  usePlayerStore.setState({ queue: [], history: [], current: null, playMode: 'turn', shuffle: null });
});

const playlist = fixtures.playlistDetail.playlist;
const ids = () => usePlayerStore.getState().queue.map((s) => s.id);

describe('song table services', () => {
  it('a right-click on a row offers 播放, 下一首播放 and 下载; 下一首播放 puts the song after the current one', async () => {
    renderApp(`/list/song/${playlist.id}`);
    const rows = await screen.findAllByTestId('song-row');
    await userEvent.dblClick(rows[0]!);
    const tracks = playlist.tracks.map((t) => t.id);
    expect(ids()).toEqual(tracks);

    fireEvent.contextMenu(rows[3]!, { clientX: 200, clientY: 300 });
    const menu = await screen.findByRole('menu', { name: playlist.tracks[3]!.name });
    expect(
      within(menu)
        .getAllByRole('menuitem')
        .map((m) => m.textContent),
    ).toEqual(['播放', '下一首播放', '下载']);
    await waitFor(() => expect(document.activeElement?.textContent).toBe('播放'));
    await userEvent.click(within(menu).getByRole('menuitem', { name: '下一首播放' }));
    expect(screen.queryByRole('menu')).toBeNull();
    expect(ids()).toEqual([tracks[0], tracks[3], tracks[1], tracks[2], tracks[4]]);
    expect(usePlayerStore.getState().current?.id).toBe(tracks[0]);
  });

  it('the menu closes with Escape; 播放 plays the song', async () => {
    renderApp(`/list/song/${playlist.id}`);
    const rows = await screen.findAllByTestId('song-row');
    fireEvent.contextMenu(rows[1]!, { clientX: 10, clientY: 10 });
    await screen.findByRole('menu');
    fireEvent.keyDown(document.activeElement!, { key: 'Escape' });
    expect(screen.queryByRole('menu')).toBeNull();
    fireEvent.contextMenu(rows[1]!, { clientX: 10, clientY: 10 });
    await userEvent.click(await screen.findByRole('menuitem', { name: '播放' }));
    expect(usePlayerStore.getState().current?.id).toBe(playlist.tracks[1]!.id);
  });

  it('greys out a song the real API marks unavailable (st < 0)', async () => {
    const { album, songs } = fixtures.album;
    renderApp(`/list/album/${album.id}`);
    const [row] = await screen.findAllByTestId('song-row');
    expect(row!.dataset.songId).toBe(String(songs[0]!.id));
    expect(row!.getAttribute('aria-disabled')).toBe('true');
    expect(row!.getAttribute('title')).toBe('暂无版权');
  });

  it('labels a VIP song that plays only a trial clip 试听', async () => {
    const { artist } = fixtures.artistDetail.data;
    renderApp(`/artist/${artist.id}/album`);
    const rows = await screen.findAllByTestId('song-row');
    const trial = rows.find((r) => r.dataset.songId === '26060065')!;
    expect(within(trial).getByText('试听')).toBeTruthy();
    expect(trial.dataset.availability).toBe('trial');
    expect(rows.filter((r) => r.dataset.availability === 'playable')).toHaveLength(fixtures.artists.hotSongs.length - 1);
  });
});
