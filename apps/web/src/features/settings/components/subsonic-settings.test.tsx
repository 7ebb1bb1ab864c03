import type { ReactElement } from 'react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { afterAll, afterEach, beforeAll, expect, it } from 'vitest';
import { server } from '../../../test/msw.ts';
import { SubsonicSettings } from './subsonic-settings.tsx';

/** The component as the settings page has it: inside the app's query client. */
const renderWithQueries = (ui: ReactElement) =>
  render(<QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>{ui}</QueryClientProvider>);

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

it('logged out: says to log in first', async () => {
  renderWithQueries(<SubsonicSettings />);
  expect(await screen.findByText(/登录后可以生成 Subsonic 应用密码/)).toBeTruthy();
});

it('makes an app password, shows it once with the user name, and revokes it', async () => {
  let state: { exists: boolean; createdAt: number | null } = { exists: false, createdAt: null };
  server.use(
    http.get('*/api/subsonic/password/status', () => HttpResponse.json({ code: 200, data: { ...state, username: '13800000000' } })),
    http.post('*/api/subsonic/password', () => {
      state = { exists: true, createdAt: Date.UTC(2026, 0, 2) };
      return HttpResponse.json({
        code: 200,
        data: { username: '13800000000', password: 'abcde-fghjk-mnpqr-stuvw', createdAt: state.createdAt },
      });
    }),
    // the API keys below the password (subsonic-api-keys.test.tsx): none yet
    http.get('*/api/subsonic/keys', () => HttpResponse.json({ code: 200, data: [] })),
    http.post('*/api/subsonic/password/revoke', () => {
      state = { exists: false, createdAt: null };
      return HttpResponse.json({ code: 200, data: { revoked: true } });
    }),
  );
  const user = userEvent.setup();
  renderWithQueries(<SubsonicSettings />);
  expect(await screen.findByText('尚未生成应用密码')).toBeTruthy();
  expect(screen.getByText(/用户名 13800000000/)).toBeTruthy();
  await user.click(screen.getByRole('button', { name: '生成应用密码' }));
  expect((await screen.findByTestId('subsonic-password')).textContent).toContain('abcde-fghjk-mnpqr-stuvw');
  expect(await screen.findByRole('button', { name: '重新生成' })).toBeTruthy();
  await user.click(screen.getByRole('button', { name: '撤销' }));
  expect(await screen.findByText('尚未生成应用密码')).toBeTruthy();
  expect(screen.queryByTestId('subsonic-password')).toBeNull();
});
