import type { ReactElement } from 'react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { afterAll, afterEach, beforeAll, expect, it } from 'vitest';
import { server } from '../../../test/msw.ts';
import { SubsonicApiKeys } from './subsonic-api-keys.tsx';

/** The component as the settings page has it: inside the app's query client. */
const renderWithQueries = (ui: ReactElement) =>
  render(<QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>{ui}</QueryClientProvider>);

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

interface Key {
  id: number;
  name: string;
  createdAt: number;
  lastUsedAt: number | null;
}

/** A server holding `keys` (newest first), as /subsonic/keys/* answer them. */
function keyServer(keys: Key[]) {
  const made: string[] = [];
  server.use(
    http.get('*/api/subsonic/keys', () => HttpResponse.json({ code: 200, data: keys })),
    http.post('*/api/subsonic/keys/create', ({ request }) => {
      const name = new URL(request.url).searchParams.get('name') ?? '';
      made.push(name);
      const key = { id: 100 + made.length, name, createdAt: Date.UTC(2026, 0, 3), lastUsedAt: null };
      keys.unshift(key);
      return HttpResponse.json({ code: 200, data: { ...key, key: `ctk_secret-of-${name}` } });
    }),
    http.post('*/api/subsonic/keys/revoke', ({ request }) => {
      const id = Number(new URL(request.url).searchParams.get('id'));
      const at = keys.findIndex((k) => k.id === id);
      if (at < 0) return HttpResponse.json({ code: 404, msg: 'api key not found' }, { status: 404 });
      keys.splice(at, 1);
      return HttpResponse.json({ code: 200, data: { revoked: true } });
    }),
  );
  return { keys, made };
}

const rowOf = (name: string) => screen.getByRole('cell', { name }).closest('tr')!;

it('lists the keys with when they were made and last used, never the keys themselves', async () => {
  keyServer([
    { id: 2, name: 'phone', createdAt: Date.UTC(2026, 0, 2), lastUsedAt: null },
    { id: 1, name: '客厅的 DSub', createdAt: Date.UTC(2026, 0, 1), lastUsedAt: Date.UTC(2026, 0, 2, 8) },
  ]);
  renderWithQueries(<SubsonicApiKeys />);
  expect(await screen.findByRole('cell', { name: 'phone' })).toBeTruthy();
  expect(within(rowOf('phone')).getByText('从未使用')).toBeTruthy();
  expect(within(rowOf('客厅的 DSub')).queryByText('从未使用')).toBeNull();
  expect(screen.getAllByRole('row')).toHaveLength(3);
  expect(screen.queryByTestId('subsonic-api-key')).toBeNull();
});

it('makes a named key and shows it once; revoking takes it off the list', async () => {
  const { keys, made } = keyServer([]);
  const user = userEvent.setup();
  renderWithQueries(<SubsonicApiKeys />);
  expect(await screen.findByText('还没有 API 密钥')).toBeTruthy();
  const create = screen.getByRole('button', { name: '新建 API 密钥' });
  expect((create as HTMLButtonElement).disabled).toBe(true);
  await user.type(screen.getByRole('textbox', { name: 'API 密钥名称' }), '  车载  ');
  await user.click(create);
  expect((await screen.findByTestId('subsonic-api-key')).textContent).toContain('ctk_secret-of-车载');
  expect(made).toEqual(['车载']);
  expect(await screen.findByRole('cell', { name: '车载' })).toBeTruthy();
  expect((screen.getByRole('textbox', { name: 'API 密钥名称' }) as HTMLInputElement).value).toBe('');

  await user.click(screen.getByRole('button', { name: '撤销 车载' }));
  expect(await screen.findByText('还没有 API 密钥')).toBeTruthy();
  expect(keys).toEqual([]);
  // the key shown once goes with it
  expect(screen.queryByTestId('subsonic-api-key')).toBeNull();
});

it('says what the server refused, in its words', async () => {
  keyServer([]);
  server.use(
    http.post('*/api/subsonic/keys/create', () =>
      HttpResponse.json({ code: 400, msg: '最多保留 50 个 API 密钥，请先撤销不用的' }, { status: 400 }),
    ),
  );
  const user = userEvent.setup();
  renderWithQueries(<SubsonicApiKeys />);
  await screen.findByText('还没有 API 密钥');
  await user.type(screen.getByRole('textbox', { name: 'API 密钥名称' }), 'one too many');
  await user.click(screen.getByRole('button', { name: '新建 API 密钥' }));
  expect((await screen.findByRole('alert')).textContent).toBe('最多保留 50 个 API 密钥，请先撤销不用的');
  expect(screen.queryByTestId('subsonic-api-key')).toBeNull();
});
