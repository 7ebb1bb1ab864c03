import { render, screen, waitFor } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { api, http, HttpResponse, server } from '../../../test/msw.ts';
import { lyricQueryOptions } from '../api/lyric.ts';
import { CurrentLyric } from './current-lyric.tsx';

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

const show = (time: number) => {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const ui = (at: number) => (
    <QueryClientProvider client={client}>
      <CurrentLyric songId={1} time={at} />
    </QueryClientProvider>
  );
  const view = render(ui(time));
  return { client, rerender: (at: number) => view.rerender(ui(at)) };
};

describe('CurrentLyric (real /lyric body)', () => {
  it('shows the line being sung', async () => {
    show(13);
    await waitFor(() => expect(screen.getByTestId('current-lyric').textContent).toBe('难以忘记初次见你'));
  });

  it('is empty before the first line', async () => {
    const { client, rerender } = show(0);
    // The lyric has arrived (its lines are in the cache) and is drawn: at 0 s no line is sung yet.
    await waitFor(() => expect(client.getQueryData(lyricQueryOptions(1).queryKey)?.lines.length).toBeGreaterThan(0));
    rerender(0);
    expect(screen.getByTestId('current-lyric').textContent).toBe('');
  });

  it('a failed lyric fetch is only logged', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    server.use(http.get(api('/lyric'), () => HttpResponse.json({ code: 404, msg: 'Not Found' }, { status: 404 })));
    show(13);
    await waitFor(() => expect(warn).toHaveBeenCalled());
    expect(screen.getByTestId('current-lyric').textContent).toBe('');
    warn.mockRestore();
  });
});
