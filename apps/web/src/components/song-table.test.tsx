import { useRef, type ReactNode } from 'react';
import { fireEvent, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { ScrollContainerContext } from './scroll-container.tsx';
import { SongTableContext } from './song-menu.tsx';
import { SongTable, type SongColumn, type SongRowData } from './song-table.tsx';

type Row = SongRowData & { size: string };
const song = (id: number, name: string): Row => ({
  id,
  name,
  ar: [{ id: 0, name: '歌手' }],
  al: { id: 0, name: '专辑' },
  dt: 180_000,
  size: `${id}.0MB`,
});
const songs = [song(1, '第一首'), song(2, '第二首')];

function Page({ children }: { children: ReactNode }) {
  const ref = useRef<HTMLDivElement>(null);
  return (
    <MemoryRouter>
      <ScrollContainerContext.Provider value={ref}>
        <div ref={ref}>{children}</div>
      </ScrollContainerContext.Provider>
    </MemoryRouter>
  );
}

const cells = (row: HTMLElement) =>
  within(row)
    .getAllByRole('cell')
    .map((c) => c.textContent);

describe('SongTable', () => {
  it('takes columns after 专辑 in place of 时长, and rows that are not songs yet above the songs, numbered first', () => {
    const remove = vi.fn();
    const columns: SongColumn<Row>[] = [
      { header: '大小', width: '80px', cell: (s) => s.size },
      {
        header: '操作',
        width: '56px',
        cell: (s) => (
          <button type="button" aria-label={`删除 ${s.name}`} onClick={() => remove(s.id)}>
            删
          </button>
        ),
      },
    ];
    render(
      <Page>
        <SongTable
          songs={songs}
          onPlay={() => {}}
          columns={columns}
          showDuration={false}
          label="云盘歌曲"
          rowTestId="cloud-row"
          pending={[{ key: 'u1', name: '新歌', detail: '等待上传', cells: ['3.0MB'], testId: 'cloud-upload-row' }]}
        />
      </Page>,
    );
    const table = screen.getByRole('table', { name: '云盘歌曲' });
    expect(table.getAttribute('aria-rowcount')).toBe('3');
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['', '音乐标题', '歌手', '专辑', '大小', '操作']);
    expect(cells(screen.getByTestId('cloud-upload-row'))).toEqual(['01', '新歌', '等待上传', '3.0MB', '']);
    const rows = screen.getAllByTestId('cloud-row');
    expect(cells(rows[0]!)).toEqual(['02', '第一首', '歌手', '专辑', '1.0MB', '删']);
    expect(rows[1]!.getAttribute('aria-rowindex')).toBe('3');
    fireEvent.click(within(rows[1]!).getByRole('button', { name: '删除 第二首' }));
    expect(remove).toHaveBeenCalledWith(2);
  });

  it('Enter on a row plays it; Enter on a button in the row is the button’s alone', () => {
    const onPlay = vi.fn();
    render(
      <Page>
        <SongTableContext.Provider value={{ like: { ids: new Set([2]), toggle: () => {} } }}>
          <SongTable songs={songs} onPlay={onPlay} />
        </SongTableContext.Provider>
      </Page>,
    );
    const rows = screen.getAllByTestId('song-row');
    fireEvent.keyDown(within(rows[1]!).getByRole('button', { name: '取消喜欢' }), { key: 'Enter' });
    expect(onPlay).not.toHaveBeenCalled();
    fireEvent.keyDown(rows[1]!, { key: 'Enter' });
    expect(onPlay).toHaveBeenCalledWith(songs[1], 1);
  });

  it('withMenu false: a right-click opens no menu', () => {
    const menu = vi.fn(() => [{ label: '播放', onSelect: () => {} }]);
    const { rerender } = render(
      <Page>
        <SongTable songs={songs} onPlay={() => {}} menu={menu} withMenu={false} />
      </Page>,
    );
    fireEvent.contextMenu(screen.getAllByTestId('song-row')[0]!);
    expect(screen.queryByRole('menu')).toBeNull();
    rerender(
      <Page>
        <SongTable songs={songs} onPlay={() => {}} menu={menu} />
      </Page>,
    );
    fireEvent.contextMenu(screen.getAllByTestId('song-row')[0]!);
    expect(screen.getByRole('menu')).toBeTruthy();
  });
});
