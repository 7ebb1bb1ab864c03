import { render, screen, waitFor } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { api, http, HttpResponse, server } from '../../../test/msw.ts';
import { CurrentLyric } from './current-lyric.tsx';

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

const show = (time: number) =>
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <CurrentLyric songId={1} time={time} />
    </QueryClientProvider>,
  );

describe('CurrentLyric (real /lyric body)', () => {
  it('shows the line being sung', async () => {
    show(13);
    await waitFor(() => expect(screen.getByTestId('current-lyric').textContent).toBe('难以忘记初次见你'));
  });

  it('is empty before the first line', async () => {
    show(0);
    await new Promise((r) => setTimeout(r, 50));
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
