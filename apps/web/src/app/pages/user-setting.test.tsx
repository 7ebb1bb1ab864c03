import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { useAuthStore, type AuthUser } from '../../features/auth/index.ts';
import { server } from '../../test/msw.ts';
import { renderApp } from '../../test/render-app.tsx';

/** /userSetting wired to the stored profile: the dirty check, the date resets, 保存 through /user/update. */
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

const birthday = new Date(1995, 4, 20).getTime();
const me: AuthUser = {
  profile: { userId: 7, nickname: '小云', signature: '你好', gender: 1, birthday, province: 110000, city: 110101, avatarUrl: null },
  account: { id: 7 },
};
let updates: URLSearchParams[] = [];

beforeEach(() => {
  updates = [];
  useAuthStore.setState({ user: me, show: false });
  server.use(
    http.get('*/api/likelist', () => HttpResponse.json({ code: 200, ids: [], checkPoint: 0 })),
    http.get('*/api/user/update', ({ request }) => {
      updates.push(new URL(request.url).searchParams);
      return HttpResponse.json({ code: 200 });
    }),
  );
});

describe('编辑个人信息', () => {
  it('保存 is enabled only by a change; the year resets month and day; a save sends every field and updates the stored profile', async () => {
    renderApp('/userSetting');
    const save = await screen.findByRole('button', { name: '保存' });
    expect(save).toHaveProperty('disabled', true);
    expect((screen.getByLabelText('年') as HTMLSelectElement).value).toBe('1995');

    const intro = screen.getByLabelText('介绍');
    await userEvent.type(intro, '！');
    expect(save).toHaveProperty('disabled', false);
    await userEvent.type(intro, '{Backspace}');
    expect(save).toHaveProperty('disabled', true);

    await userEvent.selectOptions(screen.getByLabelText('年'), '2000');
    expect((screen.getByLabelText('月') as HTMLSelectElement).value).toBe('1');
    expect((screen.getByLabelText('日') as HTMLSelectElement).value).toBe('1');
    await userEvent.selectOptions(screen.getByLabelText('月'), '2');
    expect(screen.getByLabelText('日').querySelectorAll('option')).toHaveLength(29);
    await userEvent.click(screen.getByRole('radio', { name: '女' }));
    await userEvent.click(save);

    expect(await screen.findByText('修改成功')).toBeTruthy();
    expect(updates).toHaveLength(1);
    expect(Object.fromEntries([...updates[0]!].filter(([k]) => k !== 'timestamp'))).toEqual({
      nickname: '小云',
      signature: '你好',
      gender: '2',
      birthday: String(new Date(2000, 1, 1).getTime()),
      province: '110000',
      city: '110101',
    });
    expect(useAuthStore.getState().user?.profile).toMatchObject({ gender: 2, birthday: new Date(2000, 1, 1).getTime() });
    await waitFor(() => expect(save).toHaveProperty('disabled', true));
  }, 20_000);

  it('修改头像 over 5 MB is refused in the 上传头像 dialog', async () => {
    renderApp('/userSetting');
    await screen.findByRole('button', { name: '修改头像' });
    const big = new File([new Uint8Array(5_242_881)], 'big.png', { type: 'image/png' });
    await userEvent.upload(screen.getByTestId('avatar-input'), big);
    const dialog = await screen.findByRole('dialog', { name: '上传头像' });
    expect(dialog.querySelector('[role=alert]')?.textContent).toBe('请选择不超过5M的图片');
    expect(screen.getByRole('button', { name: '保存并关闭' })).toHaveProperty('disabled', true);
    await userEvent.click(screen.getByRole('button', { name: '关闭' }));
    expect(screen.queryByRole('dialog', { name: '上传头像' })).toBeNull();
  });
});
