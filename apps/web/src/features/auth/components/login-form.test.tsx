import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { http, HttpResponse, server } from '../../../test/msw.ts';
import { useAuthStore } from '../auth.store.ts';
import { LoginDialog } from './login-dialog.tsx';

/** The login view's 忘记密码 flow against the server's answers (MSW): a reset code, then 重置密码. */
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

let sent: URLSearchParams[] = [];
let resets: { method: string; type: string | null; query: string; body: URLSearchParams }[] = [];

beforeEach(() => {
  sent = [];
  resets = [];
  useAuthStore.setState({ user: null, show: true });
  server.use(
    http.get('*/api/captcha/sent', ({ request }) => {
      sent.push(new URL(request.url).searchParams);
      return HttpResponse.json({ code: 200, data: true });
    }),
    http.post('*/api/password/reset', async ({ request }) => {
      const body = new URLSearchParams(await request.text());
      resets.push({ method: request.method, type: request.headers.get('content-type'), query: new URL(request.url).search, body });
      return body.get('captcha') === '246810'
        ? HttpResponse.json({ code: 200 })
        : HttpResponse.json({ code: 503, msg: '验证码错误' }, { status: 503 });
    }),
  );
});

const dialog = () => within(screen.getByTestId('login-view'));

describe('忘记密码', () => {
  it('phone → 获取验证码 (for a reset) → 6-digit code + new password → 重置密码 → back at 手机号登录, told it worked', async () => {
    const user = userEvent.setup();
    render(<LoginDialog />);
    // The form loads with the view's first opening.
    await user.click(await dialog().findByRole('button', { name: '忘记密码？' }));
    expect(dialog().getByRole('heading', { name: '重置密码' })).toBeTruthy();

    await user.type(dialog().getByLabelText('手机号'), '13900000001');
    await user.click(dialog().getByRole('button', { name: '获取验证码' }));
    await screen.findByRole('button', { name: /^\d+s$/ });
    expect(sent.map((q) => [q.get('phone'), q.get('purpose')])).toEqual([['13900000001', 'reset']]);

    const code = dialog().getByLabelText('验证码');
    expect(code.getAttribute('maxlength')).toBe('6');
    await user.type(code, '2468');
    await user.type(dialog().getByLabelText('新密码'), 'brand-new-pass');
    await user.click(dialog().getByRole('button', { name: '重置密码' }));
    expect(dialog().getByRole('alert').textContent).toBe('请输入6位验证码');
    expect(resets).toEqual([]);

    // A wrong code: the server's word, and the view stays.
    await user.type(code, '00');
    await user.click(dialog().getByRole('button', { name: '重置密码' }));
    expect((await dialog().findByRole('alert')).textContent).toBe('验证码错误');

    await user.clear(code);
    await user.type(code, '246810');
    await user.click(dialog().getByRole('button', { name: '重置密码' }));
    expect((await dialog().findByRole('status')).textContent).toBe('密码已重置，请用新密码登录');
    expect(dialog().getByRole('heading', { name: '登录' })).toBeTruthy();
    expect(dialog().getByRole('tab', { name: '手机号登录' }).getAttribute('aria-selected')).toBe('true');
    expect((dialog().getByLabelText('手机号') as HTMLInputElement).value).toBe('13900000001');
    expect((dialog().getByLabelText('密码') as HTMLInputElement).value).toBe('');
    // Sent as a POST form: the new password is not in the URL.
    const last = resets.at(-1)!;
    expect([last.method, last.type, last.query.includes('password')]).toEqual([
      'POST',
      expect.stringMatching(/^application\/x-www-form-urlencoded/),
      false,
    ]);
    expect(Object.fromEntries(last.body)).toEqual({ phone: '13900000001', captcha: '246810', password: 'brand-new-pass' });
    // Still not logged in: the person logs in with the new password.
    expect(useAuthStore.getState().user).toBeNull();
  });

  it('a limit the server sets is shown with its wait', async () => {
    server.use(
      http.get('*/api/captcha/sent', () =>
        HttpResponse.json({ code: 509, msg: '该手机号验证码错误次数过多，请24小时后再试', retryAfter: 86000 }, { status: 509 }),
      ),
    );
    const user = userEvent.setup();
    render(<LoginDialog />);
    // The form loads with the view's first opening.
    await user.click(await dialog().findByRole('button', { name: '忘记密码？' }));
    await user.type(dialog().getByLabelText('手机号'), '13900000001');
    await user.click(dialog().getByRole('button', { name: '获取验证码' }));
    await screen.findByText('该手机号验证码错误次数过多，请24小时后再试');
    expect(dialog().getByRole('button', { name: '获取验证码' })).toHaveProperty('disabled', false);
  });
});
