import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { recorded } from '@cloudtune/ncm-fixtures';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { useAuthStore, type AuthUser } from '../../features/auth/index.ts';
import { server } from '../../test/msw.ts';
import { renderApp } from '../../test/render-app.tsx';

/**
 * The user pages over the real recorded NetEase bodies (/user/detail, /user/playlist,
 * /user/follows): the profile head, 关注 → 已关注 through /follow, the follow cards.
 */
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

const me: AuthUser = { profile: { userId: 7, nickname: '小云' }, account: { id: 7 } };
const detail = recorded('user_detail') as { profile: { userId: number; nickname: string } };
const other = detail.profile.userId;
let follows: string[] = [];

beforeEach(() => {
  follows = [];
  useAuthStore.setState({ user: me, show: false });
  server.use(
    // The server's view after a follow: the profile says followed, with one more fan.
    http.get('*/api/user/detail', () => {
      const body = structuredClone(recorded('user_detail')) as { profile: { followed?: boolean; followeds: number } };
      if (follows.length) Object.assign(body.profile, { followed: true, followeds: body.profile.followeds + 1 });
      return HttpResponse.json(body);
    }),
    http.get('*/api/user/playlist', () => HttpResponse.json(recorded('user_playlist'))),
    http.get('*/api/user/follows', () => HttpResponse.json(recorded('user_follows'))),
    http.get('*/api/user/audio', () => HttpResponse.json({ code: 200, djRadios: [], count: 0 })),
    // The shell's hearts (the library) ask for the logged-in user's liked songs.
    http.get('*/api/likelist', () => HttpResponse.json({ code: 200, ids: [], checkPoint: 0 })),
    http.get('*/api/follow', ({ request }) => {
      follows.push(new URL(request.url).search);
      return HttpResponse.json({ code: 200, followed: true });
    }),
  );
});

describe('another user’s profile', () => {
  it('shows the head as SPEC describes and turns 关注 into 已关注', async () => {
    renderApp(`/userinfo/${other}`);
    const head = await screen.findByTestId('profile-header');
    expect(within(head).getByRole('heading', { name: detail.profile.nickname })).toBeTruthy();
    expect(within(head).getByText('网易音乐人')).toBeTruthy();
    expect(within(head).getByText('Lv.9')).toBeTruthy();
    expect(within(head).getByRole('button', { name: '发私信' })).toHaveProperty('disabled', true);
    expect(within(head).queryByRole('link', { name: '编辑个人资料' })).toBeNull();
    expect(within(head).getByRole('link', { name: /关注/ }).getAttribute('href')).toBe(`/followList/${other}`);
    expect(within(head).getByRole('link', { name: /粉丝/ }).getAttribute('href')).toBe(`/fansView/${other}`);
    expect(within(head).getByRole('link', { name: /动态/ }).getAttribute('href')).toBe(`/eventView/${other}`);

    const fans = Number(within(head).getByTestId('fans-count').textContent);
    await userEvent.click(within(head).getByRole('button', { name: '关注' }));
    expect(await within(head).findByRole('button', { name: '已关注' })).toBeTruthy();
    expect(follows).toHaveLength(1);
    expect(new URLSearchParams(follows[0]).get('t')).toBe('1');
    expect(new URLSearchParams(follows[0]).get('id')).toBe(String(other));
    expect(Number(within(head).getByTestId('fans-count').textContent)).toBe(fans + 1);
  }, 20_000);

  it('lists Ta的歌单 after the 听歌排行 entry', async () => {
    renderApp(`/userinfo/${other}`);
    expect(await screen.findByRole('list', { name: 'Ta的歌单' })).toBeTruthy();
    expect(screen.getByTestId('ranking-card').textContent).toContain('听歌排行');
    await waitFor(() => expect(screen.getAllByTestId('profile-playlist')).toHaveLength(5));
    expect(await screen.findByTestId('list-end')).toBeTruthy();
  });
});

describe('one’s own profile', () => {
  it('offers 编辑个人资料 and names the liked songs 我喜欢的音乐', async () => {
    act(() => useAuthStore.setState({ user: { profile: { userId: other, nickname: 'x' }, account: { id: other } } }));
    server.use(
      http.get('*/api/user/subcount', () => HttpResponse.json(recorded('user_subcount'))),
      http.get('*/api/user/audio', () => HttpResponse.json({ code: 200, djRadios: [{ id: 3, name: '深夜电台', picUrl: null }], count: 1 })),
    );
    renderApp(`/userinfo/${other}`);
    expect(await screen.findByRole('link', { name: '编辑个人资料' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: '关注' })).toBeNull();
    await waitFor(() => expect(screen.getAllByTestId('profile-playlist')[0]!.textContent).toContain('我喜欢的音乐'));
    expect(screen.getByTestId('ranking-card').textContent).toContain('我的听歌排行');
    expect(within(await screen.findByRole('list', { name: '我创建的电台' })).getByText('深夜电台')).toBeTruthy();
  });
});

describe('follow list', () => {
  it('shows the recorded follows as cards linking to their profiles, then 没有更多了', async () => {
    renderApp(`/followList/${other}`);
    const cards = await screen.findAllByTestId('user-card');
    expect(cards).toHaveLength(5);
    const first = (recorded('user_follows') as { follow: { userId: number; nickname: string }[] }).follow[0]!;
    expect(within(cards[0]!).getByRole('link', { name: first.nickname }).getAttribute('href')).toBe(`/userinfo/${first.userId}`);
    expect(within(cards[0]!).getByText('VIP')).toBeTruthy();
    expect(within(cards[0]!).getByRole('button', { name: '私信' })).toHaveProperty('disabled', true);
    expect(await screen.findByTestId('list-end')).toBeTruthy();
  });

  it('an empty list says 暂无关注; a failure offers 请求失败，点击重新加载', async () => {
    server.use(http.get('*/api/user/follows', () => HttpResponse.json({ code: 200, follow: [], more: false })));
    const { unmount } = renderApp(`/followList/${other}`);
    expect(await screen.findByText('暂无关注')).toBeTruthy();
    unmount();
    server.use(http.get('*/api/user/follows', () => HttpResponse.json({ code: 500, msg: 'boom' })));
    renderApp(`/followList/${other}`);
    expect(await screen.findByRole('button', { name: '请求失败，点击重新加载' })).toBeTruthy();
  });
});
