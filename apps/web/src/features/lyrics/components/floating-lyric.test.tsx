import { act, render, screen, waitFor } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { api, http, HttpResponse, server } from '../../../test/msw.ts';
import { FloatingLyric } from './floating-lyric.tsx';

/** Word-timed lines with a translation, shaped like NetEase's /lyric and /lyric/new. */
const LRC = '[00:01.00]Hello there\n[00:04.00]Good night\n[00:07.00]So long\n';
const TLYRIC = '[00:01.00]你好\n[00:04.00]晚安\n[00:07.00]再见\n';
const YRC = [
  '[1000,3000](1000,1000,0)Hello (2000,2000,0)there',
  '[4000,3000](4000,1000,0)Good (5000,2000,0)night',
  '[7000,2000](7000,1000,0)So (8000,1000,0)long',
].join('\n');

let time = 0;
const listeners = new Set<() => void>();
function moveTo(seconds: number) {
  time = seconds;
  act(() => listeners.forEach((l) => l()));
}

/** The fill animations the follower starts (jsdom has no Web Animations): whether each was cancelled. */
let animations: { word: string; cancelled: boolean }[] = [];
let scrolls: number[] = [];

beforeAll(() => {
  server.listen({ onUnhandledRequest: 'error' });
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
  HTMLElement.prototype.animate = function (this: HTMLElement) {
    const record = { word: this.closest('[data-word]')?.textContent ?? '', cancelled: false };
    animations.push(record);
    let playState: AnimationPlayState = 'running';
    return {
      playbackRate: 1,
      currentTime: 0,
      get playState() {
        return playState;
      },
      play: () => void (playState = 'running'),
      pause: () => void (playState = 'paused'),
      cancel: () => void ((record.cancelled = true), (playState = 'idle')),
    } as unknown as Animation;
  } as HTMLElement['animate'];
});
afterEach(() => server.resetHandlers());
afterAll(() => server.close());
beforeEach(() => {
  time = 0;
  listeners.clear();
  animations = [];
  scrolls = [];
  server.use(
    http.get(api('/lyric'), () => HttpResponse.json({ code: 200, lrc: { version: 1, lyric: LRC }, tlyric: { version: 1, lyric: TLYRIC } })),
    http.get(api('/lyric/new'), () =>
      HttpResponse.json({
        code: 200,
        lrc: { version: 1, lyric: LRC },
        tlyric: { version: 1, lyric: TLYRIC },
        yrc: { version: 1, lyric: YRC },
      }),
    ),
  );
});

const client = () => new QueryClient({ defaultOptions: { queries: { retry: false } } });
function lyric(props: { songId?: number; showTranslation?: boolean } = {}) {
  return (
    <FloatingLyric
      songId={props.songId ?? 7}
      label="Hello - 歌手"
      showTranslation={props.showTranslation ?? true}
      playing={false}
      getTime={() => time}
      subscribeTime={(listener) => {
        listeners.add(listener);
        return () => listeners.delete(listener);
      }}
    />
  );
}

const current = () => document.querySelector<HTMLElement>('[data-testid="lyric-line"].is-active');
const words = (line: HTMLElement | null) => [...(line?.querySelectorAll<HTMLElement>('[data-word]') ?? [])];

describe('FloatingLyric', () => {
  it('shows the label while the song has no lyric to follow', () => {
    render(<QueryClientProvider client={client()}>{lyric({ songId: -3 })}</QueryClientProvider>);
    expect(screen.getByTestId('floating-lyric-state').textContent).toBe('Hello - 歌手');
  });

  it('keeps the current line on top, fills its words, and is read only', async () => {
    render(<QueryClientProvider client={client()}>{lyric()}</QueryClientProvider>);
    await waitFor(() => expect(screen.getAllByTestId('lyric-line')).toHaveLength(3));
    moveTo(4.5);
    const line = current()!;
    expect(line.querySelector('span')!.textContent).toBe('Good night');
    // Its own top at the scroller's top (the panel would centre it).
    expect(scrolls.at(-1)).toBe(40);
    const [good, night] = words(line);
    expect(good!.style.getPropertyValue('--fill')).toBe('50.0%');
    moveTo(6);
    expect(good!.classList.contains('is-sung')).toBe(true);
    expect(night!.style.getPropertyValue('--fill')).toBe('50.0%');
    // Nothing to click: a floating lyric does not seek.
    expect(screen.queryAllByRole('button')).toHaveLength(0);
  });

  it('the translation rides with the lines only while 译 is on', async () => {
    const view = render(<QueryClientProvider client={client()}>{lyric()}</QueryClientProvider>);
    await waitFor(() => expect(screen.getAllByTestId('lyric-translation').map((t) => t.textContent)).toEqual(['你好', '晚安', '再见']));
    view.rerender(<QueryClientProvider client={client()}>{lyric({ showTranslation: false })}</QueryClientProvider>);
    await waitFor(() => expect(screen.queryAllByTestId('lyric-translation')).toHaveLength(0));
  });

  it('译 toggled mid-word: the fill of the follower it replaces is stopped, the new one takes over', async () => {
    const queries = client();
    const view = render(<QueryClientProvider client={queries}>{lyric()}</QueryClientProvider>);
    await waitFor(() => expect(screen.getAllByTestId('lyric-line')).toHaveLength(3));
    moveTo(2.5);
    expect(animations.filter((a) => a.word === 'there').map((a) => a.cancelled)).toEqual([false, false]);
    view.rerender(<QueryClientProvider client={queries}>{lyric({ showTranslation: false })}</QueryClientProvider>);
    const there = animations.filter((a) => a.word === 'there');
    // two for the old follower (stopped), two for the new one (filling)
    expect(there.map((a) => a.cancelled)).toEqual([true, true, false, false]);
    expect(words(current())[1]!.style.getPropertyValue('--fill')).toBe('25.0%');
  });
});
