import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { api, fixtures, http, HttpResponse, server } from '../../../test/msw.ts';
import { useLyricsStore } from '../lyrics.store.ts';
import { LyricPanel, type LyricPanelSong } from './lyric-panel.tsx';

/** The recorded /lyric body (a Chinese song), and bodies shaped like NetEase's for translation, yrc and 纯音乐. */
const song: LyricPanelSong = {
  id: 1,
  name: '情非得已',
  alia: ['电视剧《流星花园》插曲'],
  ar: [{ id: 3, name: '庾澄庆' }],
  al: { id: 4, name: '情非得已', picUrl: 'http://img.test/al.jpg' },
};

let time = 0;
const listeners = new Set<() => void>();
/** the playhead moves (a tick of playback or a seek) */
function moveTo(seconds: number) {
  time = seconds;
  act(() => listeners.forEach((l) => l()));
}

let scrolls: number[] = [];

beforeAll(() => {
  server.listen({ onUnhandledRequest: 'error' });
  // jsdom lays nothing out: each line sits 40 px below the one before, the view is 900 px high.
  Object.defineProperty(HTMLElement.prototype, 'offsetTop', {
    configurable: true,
    get(this: HTMLElement) {
      return Number(this.dataset.index ?? 0) * 40;
    },
  });
  HTMLElement.prototype.scrollTo = function (this: HTMLElement, options?: ScrollToOptions | number) {
    const top = typeof options === 'object' ? (options.top ?? 0) : 0;
    scrolls.push(top);
    this.scrollTop = top;
  } as HTMLElement['scrollTo'];
});
afterEach(() => server.resetHandlers());
afterAll(() => server.close());
beforeEach(() => {
  time = 0;
  listeners.clear();
  scrolls = [];
  useLyricsStore.setState({ showTranslation: true });
});

function show(props: Partial<Parameters<typeof LyricPanel>[0]> = {}) {
  const onSeek = vi.fn((seconds: number) => moveTo(seconds));
  const onClose = vi.fn();
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <MemoryRouter>
        <LyricPanel
          song={song}
          playing={false}
          getTime={() => time}
          subscribeTime={(listener) => {
            listeners.add(listener);
            return () => listeners.delete(listener);
          }}
          onSeek={onSeek}
          onClose={onClose}
          {...props}
        />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return { onSeek, onClose };
}

const line = (text: string) => screen.getAllByTestId('lyric-line').find((l) => l.querySelector('span')?.textContent === text)!;
const currentLines = () => screen.queryAllByTestId('lyric-line').filter((l) => l.getAttribute('aria-current') === 'true');

describe('LyricPanel', () => {
  it('shows the cover, the song, its artists and album as links', async () => {
    show();
    const panel = screen.getByRole('dialog', { name: '歌词：情非得已' });
    expect(within(panel).getByRole('heading', { level: 2 }).textContent).toBe('情非得已（电视剧《流星花园》插曲）');
    expect(within(panel).getByRole('link', { name: '庾澄庆' }).getAttribute('href')).toBe('/artist/3');
    expect(within(panel).getByRole('link', { name: '情非得已' }).getAttribute('href')).toBe('/list/album/4');
    expect(panel.querySelector('img')?.getAttribute('src')).toBe('http://img.test/al.jpg?param=560y560');
    await screen.findAllByTestId('lyric-line');
  });

  it('highlights the line being sung and keeps it centred as the song plays', async () => {
    show();
    moveTo(13);
    await waitFor(() => expect(currentLines().map((l) => l.textContent)).toEqual(['难以忘记初次见你']));
    const first = line('难以忘记初次见你');
    // Centred: the line's middle at the middle of the 900 px view.
    expect(scrolls.at(-1)).toBe(first.offsetTop + 450 - 450);
    moveTo(17);
    expect(currentLines().map((l) => l.textContent)).toEqual(['一双迷人的眼睛']);
    expect(first.hasAttribute('aria-current')).toBe(false);
    expect(scrolls.at(-1)).toBe(line('一双迷人的眼睛').offsetTop);
  });

  it('a click on a line seeks there', async () => {
    const { onSeek } = show();
    await screen.findAllByTestId('lyric-line');
    fireEvent.click(line('在我脑海里'));
    expect(onSeek).toHaveBeenCalledWith(21.46);
    expect(currentLines().map((l) => l.textContent)).toEqual(['在我脑海里']);
    fireEvent.keyDown(line('你的身影 挥散不去'), { key: 'Enter' });
    expect(onSeek).toHaveBeenLastCalledWith(23.96);
  });

  it('leaves the scroll to the user for a few seconds, then centres the line again', async () => {
    show();
    moveTo(13);
    await waitFor(() => expect(currentLines()).toHaveLength(1));
    vi.useFakeTimers();
    try {
      const before = scrolls.length;
      fireEvent.wheel(screen.getByTestId('lyric-scroller'), { deltaY: 300 });
      moveTo(17);
      expect(currentLines().map((l) => l.textContent)).toEqual(['一双迷人的眼睛']);
      expect(scrolls).toHaveLength(before);
      act(() => vi.advanceTimersByTime(3000));
      expect(scrolls.at(-1)).toBe(line('一双迷人的眼睛').offsetTop);
    } finally {
      vi.useRealTimers();
    }
  });

  it('closes with Escape and with 收起歌词', async () => {
    const { onClose } = show();
    fireEvent.keyDown(document, { key: 'Escape' });
    fireEvent.click(screen.getByRole('button', { name: '收起歌词' }));
    expect(onClose).toHaveBeenCalledTimes(2);
    await screen.findAllByTestId('lyric-line');
  });

  it('shows each line’s translation under it; 译 hides and shows them', async () => {
    server.use(
      http.get(api('/lyric'), () =>
        HttpResponse.json({
          code: 200,
          lrc: { version: 1, lyric: '[00:01.00]Hello\n[00:03.50]World\n' },
          tlyric: { version: 1, lyric: '[by:someone]\n[00:01.00]你好\n[00:03.50]世界\n' },
        }),
      ),
    );
    show();
    await waitFor(() => expect(screen.getAllByTestId('lyric-line').map((l) => l.textContent)).toEqual(['Hello你好', 'World世界']));
    const toggle = screen.getByRole('button', { name: '译' });
    expect(toggle.getAttribute('aria-pressed')).toBe('true');
    fireEvent.click(toggle);
    expect(screen.getAllByTestId('lyric-line').map((l) => l.textContent)).toEqual(['Hello', 'World']);
    expect(useLyricsStore.getState().showTranslation).toBe(false);
  });

  it('without a translation there is no 译', async () => {
    show();
    await screen.findAllByTestId('lyric-line');
    expect(screen.queryByRole('button', { name: '译' })).toBeNull();
  });

  it('fills word-by-word lyrics (yrc) word by word', async () => {
    server.use(
      http.get(api('/lyric/new'), () =>
        HttpResponse.json({
          ...fixtures.lyric,
          yrc: {
            version: 1,
            lyric: [
              '{"t":0,"c":[{"tx":"作词: "},{"tx":"刘天健"}]}',
              '[12570,4000](12570,1000,0)难以(13570,1000,0)忘记(14570,2000,0)初次见你',
              '[16860,3000](16860,1500,0)一双(18360,1500,0)迷人的眼睛',
            ].join('\n'),
          },
        }),
      ),
    );
    show();
    await waitFor(() => expect(line('难以忘记初次见你').querySelectorAll('[data-word]')).toHaveLength(3));
    moveTo(14.07);
    const words = [...line('难以忘记初次见你').querySelectorAll<HTMLElement>('[data-word]')];
    expect(words[0]!.classList.contains('is-sung')).toBe(true);
    expect(words[1]!.style.getPropertyValue('--fill')).toBe('50.0%');
    expect(words[2]!.classList.contains('is-sung')).toBe(false);
    expect(words[2]!.style.getPropertyValue('--fill')).toBe('');
    // The next line: the words of the last one are plain again.
    moveTo(17.61);
    expect(words.every((w) => !w.classList.contains('is-sung') && w.style.getPropertyValue('--fill') === '')).toBe(true);
    expect(line('一双迷人的眼睛').querySelector<HTMLElement>('[data-word]')!.style.getPropertyValue('--fill')).toBe('50.0%');
    // The credit line shows whole.
    expect(line('作词: 刘天健').querySelectorAll('[data-word]')).toHaveLength(0);
  });

  it('an instrumental says 纯音乐，请欣赏; a song without lyrics 暂无歌词', async () => {
    server.use(http.get(api('/lyric'), () => HttpResponse.json({ code: 200, nolyric: true })));
    show();
    await waitFor(() => expect(screen.getByTestId('lyric-state').textContent).toBe('纯音乐，请欣赏'));
  });

  it('a failed lyric fetch is only logged: 暂无歌词', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    server.use(http.get(api('/lyric'), () => HttpResponse.json({ code: 500, msg: 'boom' }, { status: 500 })));
    show();
    await waitFor(() => expect(screen.getByTestId('lyric-state').textContent).toBe('暂无歌词'));
    expect(warn).toHaveBeenCalled();
    warn.mockRestore();
  });
});
