import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { recorded } from '@cloudtune/ncm-fixtures';
import { useAuthStore, type AuthUser } from '../../features/auth/index.ts';
import { usePlayerStore } from '../../features/player/index.ts';
import { renderApp } from '../../test/render-app.tsx';
import { api, http, HttpResponse, server } from '../../test/msw.ts';

/** 音乐云盘 against the recorded /user/cloud items: the list, an upload's temporary row, delete, play. */
type Item = { songId: number; songName: string; fileSize: number; simpleSong: { id: number } };
const items = recorded<Item[]>('user_cloud.data_items.partial');
const user: AuthUser = { profile: { userId: 7, nickname: '小云' }, account: { id: 7 } };
const GB = 1024 ** 3;

let list: Item[];
const deleted: string[] = [];

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());
beforeEach(() => {
  list = [...items];
  deleted.length = 0;
  useAuthStore.setState({ user, show: false });
  usePlayerStore.setState({ queue: [], history: [], current: null, playMode: 'turn', shuffle: null });
  server.use(
    http.get(api('/likelist'), () => HttpResponse.json({ code: 200, ids: [] })),
    http.get(api('/user/cloud'), () =>
      HttpResponse.json({ code: 200, data: list, count: list.length, size: String(1024 * 1024), maxSize: String(10 * GB), hasMore: false }),
    ),
    http.post(api('/user/cloud/del'), ({ request }) => {
      const id = new URL(request.url).searchParams.get('id')!;
      deleted.push(id);
      list = list.filter((i) => String(i.songId) !== id);
      return HttpResponse.json({ code: 200 });
    }),
  );
});

const cloudRows = () => screen.getAllByTestId('cloud-row');
const audioFile = (name: string) => new File([new Uint8Array([0x49, 0x44, 0x33, 3, 0, 0, 0, 0, 0, 0])], name, { type: 'audio/mpeg' });

describe('音乐云盘', () => {
  it('lists the recorded items with artist, album and size, and the space used of the total', async () => {
    renderApp('/cloud');
    await waitFor(() => expect(cloudRows()).toHaveLength(items.length));
    expect(screen.getByRole('heading', { name: '音乐云盘' })).toBeTruthy();
    expect(screen.getByTestId('cloud-space').textContent).toBe('云盘容量 1.0MB / 10GB');
    const cells = within(cloudRows()[0]!).getAllByRole('cell');
    expect(cells[1]!.textContent).toBe(items[0]!.songName);
    expect(cells[4]!.textContent).toMatch(/^\d+\.\dMB$/);
  });

  it('an upload sits on top as a temporary row (no .mp3) until it is in; then the reloaded list has it', async () => {
    let finish!: () => void;
    const arrived = new Promise<void>((resolve) => (finish = resolve));
    server.use(
      http.post(api('/cloud'), async ({ request }) => {
        const form = await request.formData();
        // (jsdom's multipart encoding drops the file name; the e2e run checks it in Chromium)
        expect(form.has('songFile')).toBe(true);
        await arrived;
        list = [{ ...items[0]!, songId: 42, songName: '新歌', simpleSong: { ...items[0]!.simpleSong, id: 42 } }, ...list];
        return HttpResponse.json({ code: 200 });
      }),
    );
    renderApp('/cloud');
    await waitFor(() => expect(cloudRows()).toHaveLength(items.length));
    await userEvent.upload(screen.getByTestId('cloud-file'), audioFile('新歌.mp3'));
    const temp = await screen.findByTestId('cloud-upload-row');
    expect(within(temp).getAllByRole('cell')[1]!.textContent).toBe('新歌');
    expect(screen.getByRole('button', { name: '上传歌曲' }).getAttribute('aria-busy')).toBe('true');
    act(() => finish());
    await waitFor(() => expect(screen.queryByTestId('cloud-upload-row')).toBeNull());
    await waitFor(() => expect(cloudRows()).toHaveLength(items.length + 1));
    expect(cloudRows()[0]!.dataset.songId).toBe('42');
    expect(await screen.findByText('新歌.mp3 上传成功')).toBeTruthy();
  });

  it('a refused upload leaves no row and says why', async () => {
    server.use(http.post(api('/cloud'), () => HttpResponse.json({ code: 507, msg: '云盘空间不足' }, { status: 507 })));
    renderApp('/cloud');
    await waitFor(() => expect(cloudRows()).toHaveLength(items.length));
    await userEvent.upload(screen.getByTestId('cloud-file'), audioFile('大文件.mp3'));
    expect(await screen.findByText('大文件.mp3 上传失败：云盘空间不足')).toBeTruthy();
    expect(screen.queryByTestId('cloud-upload-row')).toBeNull();
    expect(cloudRows()).toHaveLength(items.length);
  });

  it('a double-click plays the row with the drive as the queue; delete asks first, then the row goes', async () => {
    renderApp('/cloud');
    await waitFor(() => expect(cloudRows()).toHaveLength(items.length));
    await userEvent.dblClick(cloudRows()[1]!);
    expect(usePlayerStore.getState().current?.id).toBe(items[1]!.simpleSong.id);
    expect(usePlayerStore.getState().queue.map((s) => s.id)).toEqual(items.map((i) => i.simpleSong.id));

    await userEvent.click(screen.getByRole('button', { name: `删除 ${items[0]!.songName}` }));
    const dialog = screen.getByTestId('confirm-dialog');
    expect(dialog.textContent).toContain(`确定从云盘删除「${items[0]!.songName}」吗？`);
    await userEvent.click(within(dialog).getByRole('button', { name: '删除' }));
    await waitFor(() => expect(cloudRows()).toHaveLength(items.length - 1));
    expect(deleted).toEqual([String(items[0]!.songId)]);
  });
});
