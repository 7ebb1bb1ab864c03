import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { launchBrowser } from '../src/browser.ts';
import { startServer, type RunningServer } from '../src/server.ts';

/**
 * Accounts in the client against the real server (issue 10's journeys 1, 4, 6 and 7): register
 * through the SMS outbox, log out, log in by phone, 签到 → 已签到; edit the profile with a cropped
 * avatar; follow another user; an auth page opened logged out keeps its URL and goes on after
 * the login. Every screen and dialog is photographed (SHOTS, default /tmp/shots/web-profile).
 */
let server: RunningServer;
let browser: Browser;
let context: BrowserContext;
let page: Page;

/** Waits for a condition; logins hash with scrypt on a busy machine, so a second is not enough. */
const poll = <T>(fn: () => T | Promise<T>) => expect.poll(fn, { timeout: 15_000, interval: 50 });

const SHOTS = process.env.SHOTS ?? '/tmp/shots/web-profile';
const PHONE = '13912345678';
const PASSWORD = 'e2e-secret';
const NICKNAME = '云端测试员';
const DEMO = { phone: '13800000000', password: 'cloudtune' };

let myUid: number;
let demo: { uid: number; nickname: string };

async function shot(name: string, target: Page = page) {
  mkdirSync(SHOTS, { recursive: true });
  await target.waitForFunction(() =>
    [...document.images].every((img) => img.complete || img.getBoundingClientRect().top > window.innerHeight),
  );
  // Finished fades (the dialogs' fade-in), not the endless ones (spinners, the carousel).
  await target.waitForFunction(() =>
    document.getAnimations().every((a) => a.playState !== 'running' || a.effect?.getTiming().iterations === Infinity),
  );
  await target.screenshot({ path: join(SHOTS, `${name}.png`) });
}

/** The code the server wrote for `phone` to its SMS outbox (`phone code` lines), once it is there. */
async function captchaFor(phone: string, after = 0): Promise<string> {
  const log = join(server.dataDir, 'outbox', 'sms.log');
  return vi.waitFor(
    () => {
      const lines = existsSync(log) ? readFileSync(log, 'utf8').trim().split('\n').slice(after) : [];
      const hit = lines.reverse().find((l) => l.startsWith(`${phone} `));
      if (!hit) throw new Error(`no captcha for ${phone} in ${log}`);
      return hit.split(/\s+/)[1]!;
    },
    { timeout: 15_000, interval: 100 },
  );
}

const path = (p: Page = page) => new URL(p.url()).pathname;
const loginView = (p: Page = page) => p.getByTestId('login-view');
/** A toast saying exactly `text`. */
const toast = (text: string, p: Page = page) => p.getByRole('status').filter({ hasText: new RegExp(`^${text}$`) });

async function openUserMenu() {
  await page.getByTestId('user-chip').click();
  return page.getByRole('menu', { name: '用户菜单' });
}

async function loginByPhone(p: Page, phone: string, password: string) {
  const dialog = loginView(p);
  await dialog.getByRole('tab', { name: '手机号登录' }).click();
  await dialog.getByLabel('手机号').fill(phone);
  await dialog.getByLabel('密码').fill(password);
  await dialog.getByRole('button', { name: '登录', exact: true }).click();
  await dialog.waitFor({ state: 'detached' });
}

beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser();
  context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  page = await context.newPage();
  page.on('pageerror', (e) => console.error('[pageerror]', e.message));
  // The demo account's id and name, as the server tells anyone who logs in with it.
  const res = await fetch(`${server.url}/api/login/cellphone?phone=${DEMO.phone}&password=${DEMO.password}`);
  const body = (await res.json()) as { account: { id: number }; profile: { nickname: string } };
  demo = { uid: body.account.id, nickname: body.profile.nickname };
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe('journey 1: register through the captcha outbox, log out, log in by phone, 签到', () => {
  it('registers a new account with a nickname and is logged in', async () => {
    await page.goto(`${server.url}/music/recommend`);
    await page.getByRole('button', { name: '未登录' }).click();
    await poll(() => loginView().isVisible()).toBe(true);
    await shot('login');
    await loginView().getByRole('tab', { name: '邮箱登录' }).click();
    await shot('login-email');

    await loginView().getByRole('button', { name: '没有账号？注册' }).click();
    await poll(() => loginView().getByRole('heading', { name: '注册' }).isVisible()).toBe(true);
    // Asking for a code before a valid phone says so in the dialog.
    await loginView().getByRole('button', { name: '获取验证码' }).click();
    await poll(() => loginView().getByRole('alert').textContent()).toBe('请输入11位手机号');

    await loginView().getByLabel('手机号').fill(PHONE);
    await loginView().getByRole('button', { name: '获取验证码' }).click();
    const code = await captchaFor(PHONE);
    // The countdown runs: the button shows the seconds left and is disabled.
    await expect
      .poll(() =>
        loginView()
          .getByRole('button', { name: /^\d+s$/ })
          .isDisabled(),
      )
      .toBe(true);
    await loginView().getByLabel('验证码').fill(code);
    await loginView().getByLabel('密码').fill(PASSWORD);
    await loginView().getByLabel('昵称').fill(NICKNAME);
    await shot('register');
    await loginView().getByRole('button', { name: '注册', exact: true }).click();
    await loginView().waitFor({ state: 'detached' });
    await poll(() => page.getByTestId('user-chip').textContent()).toContain(NICKNAME);
    myUid = await page.evaluate(() => JSON.parse(localStorage.getItem('cloudtune-auth')!).state.user.account.id as number);
    expect(myUid).toBeGreaterThan(0);
  });

  it('a wrong password is told in the dialog', async () => {
    // This context is logged in; a fresh one is not.
    const fresh = await browser.newPage({ viewport: { width: 1440, height: 900 } });
    await fresh.goto(`${server.url}/music/recommend`);
    await fresh.getByRole('button', { name: '未登录' }).click();
    const dialog = loginView(fresh);
    await dialog.getByLabel('手机号').fill(PHONE);
    await dialog.getByLabel('密码').fill('not-the-password');
    await dialog.getByRole('button', { name: '登录', exact: true }).click();
    await poll(() => dialog.getByRole('alert').textContent()).toBe('密码错误');
    await dialog.getByLabel('手机号').fill('13700000009');
    await dialog.getByRole('button', { name: '登录', exact: true }).click();
    await poll(() => dialog.getByRole('alert').textContent()).toBe('账号不存在');
    await shot('login-error', fresh);
    await fresh.close();
  });

  it('退出登录 ends the session and goes home', async () => {
    const menu = await openUserMenu();
    await shot('user-menu');
    await menu.getByRole('menuitem', { name: '退出登录' }).click();
    await poll(() => page.getByRole('button', { name: '未登录' }).isVisible()).toBe(true);
    await poll(() => path()).toBe('/music/recommend');
    // The server agrees: the session cookie is no longer a login.
    const status = await page.evaluate(async () => (await (await fetch('/api/login/status')).json()) as { data: { account: unknown } });
    expect(status.data.account).toBeNull();
  });

  it('logs in by phone; the sidebar shows 我喜欢的音乐; 签到 turns into 已签到 and stays after a reload', async () => {
    await page.getByRole('button', { name: '未登录' }).click();
    await loginByPhone(page, PHONE, PASSWORD);
    await poll(() => page.getByTestId('user-chip').textContent()).toContain(NICKNAME);
    await poll(() => page.getByRole('navigation', { name: '主导航' }).getByText('我喜欢的音乐').isVisible()).toBe(true);

    let menu = await openUserMenu();
    await menu.getByRole('menuitem', { name: '签到' }).click();
    await poll(() => toast('签到成功').isVisible()).toBe(true);
    await poll(() => menu.getByRole('menuitem', { name: '已签到' }).isDisabled()).toBe(true);
    await shot('user-menu-signed');
    await page.keyboard.press('Escape');

    await page.reload();
    menu = await openUserMenu();
    await poll(() => menu.getByRole('menuitem', { name: '已签到' }).isDisabled()).toBe(true);
    await page.keyboard.press('Escape');
  });
});

describe('journey 6: another user’s profile — follow them, they are in the follow list', () => {
  it('their profile shows its head; 关注 → 已关注', async () => {
    await page.goto(`${server.url}/userinfo/${demo.uid}`);
    const head = page.getByTestId('profile-header');
    await poll(() => head.getByRole('heading', { name: demo.nickname }).isVisible()).toBe(true);
    // The user pages hide the main navigation.
    expect(await page.getByRole('navigation', { name: '主导航' }).count()).toBe(0);
    await poll(() => page.getByTestId('profile-playlist').count()).toBeGreaterThan(0);
    expect(await page.getByTestId('ranking-card').textContent()).toContain('听歌排行');
    expect(await head.getByRole('button', { name: '发私信' }).isDisabled()).toBe(true);
    await shot('profile-other');

    const fans = Number(await head.getByTestId('fans-count').textContent());
    await head.getByRole('button', { name: '关注', exact: true }).click();
    await poll(() => head.getByRole('button', { name: '已关注' }).isVisible()).toBe(true);
    await poll(async () => Number(await head.getByTestId('fans-count').textContent())).toBe(fans + 1);
    // Still followed after a reload: the server kept it.
    await page.reload();
    await poll(() => head.getByRole('button', { name: '已关注' }).isVisible()).toBe(true);

    await page.getByTestId('ranking-card').click();
    await poll(() => page.getByTestId('play-ranking').isVisible()).toBe(true);
    await page.getByRole('tab', { name: '所有时间' }).click();
    await poll(() => page.getByTestId('ranking-row').count()).toBeGreaterThan(0);
    await shot('profile-ranking');
  });

  it('they appear in my follow list; I appear among their fans', async () => {
    await page.goto(`${server.url}/userinfo/${myUid}`);
    const head = page.getByTestId('profile-header');
    await poll(() => head.getByRole('link', { name: '编辑个人资料' }).isVisible()).toBe(true);
    await poll(() => page.getByTestId('profile-playlist').first().textContent()).toContain('我喜欢的音乐');
    await head.getByRole('link', { name: /关注/ }).click();
    await poll(() => path()).toBe(`/followList/${myUid}`);
    const card = page.getByTestId('user-card').filter({ hasText: demo.nickname });
    await poll(() => card.count()).toBe(1);
    await poll(() => page.getByTestId('list-end').isVisible()).toBe(true);
    await shot('follows');

    await card.getByRole('link').click();
    await poll(() => path()).toBe(`/userinfo/${demo.uid}`);
    await page.getByTestId('profile-header').getByRole('link', { name: /粉丝/ }).click();
    await poll(() => path()).toBe(`/fansView/${demo.uid}`);
    await poll(() => page.getByTestId('user-card').filter({ hasText: NICKNAME }).count()).toBe(1);
    await shot('fans');

    await page.goto(`${server.url}/eventView/${demo.uid}`);
    await poll(() => page.getByTestId('event-card').count()).toBeGreaterThan(0);
    await shot('events');
    await page.goto(`${server.url}/eventView/${myUid}`);
    await poll(() => page.getByText('暂无动态').isVisible()).toBe(true);
  });
});

describe('journey 4: edit the profile — signature, birthday, a cropped avatar', () => {
  it('saves the new values and avatar; they are there after a reload', async () => {
    // A real photo-like image: ffmpeg's test pattern, 900×600 JPEG.
    const image = join(server.dataDir, 'avatar-source.jpg');
    const made = spawnSync('ffmpeg', ['-v', 'error', '-y', '-f', 'lavfi', '-i', 'testsrc2=size=900x600', '-frames:v', '1', image]);
    expect(made.status, made.stderr?.toString()).toBe(0);

    await page.goto(`${server.url}/userSetting`);
    await poll(() => page.getByRole('heading', { name: '编辑个人信息' }).isVisible()).toBe(true);
    const save = page.getByRole('button', { name: '保存', exact: true });
    expect(await save.isDisabled()).toBe(true);
    await shot('user-setting');

    await page.getByLabel('介绍', { exact: true }).fill('e2e 写下的新签名');
    expect(await save.isDisabled()).toBe(false);
    await page.getByLabel('年', { exact: true }).selectOption('1999');
    expect(await page.getByLabel('月', { exact: true }).inputValue()).toBe('1');
    expect(await page.getByLabel('日', { exact: true }).inputValue()).toBe('1');
    await page.getByLabel('月', { exact: true }).selectOption('2');
    expect(await page.getByLabel('日', { exact: true }).locator('option').count()).toBe(28);
    await page.getByLabel('月', { exact: true }).selectOption('6');
    await page.getByLabel('日', { exact: true }).selectOption('15');

    await page.getByTestId('avatar-input').setInputFiles(image);
    const dialog = page.getByTestId('avatar-dialog');
    await poll(() => dialog.getByRole('img', { name: '大尺寸封面' }).isVisible()).toBe(true);
    await poll(() => dialog.getByRole('img', { name: '小尺寸封面' }).isVisible()).toBe(true);
    // Shrink the box with the wheel, then drag it far past the image's right edge: it stays inside.
    const area = dialog.getByTestId('crop-area');
    const box = (await area.boundingBox())!;
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    await page.mouse.wheel(0, -100);
    await page.mouse.wheel(0, -100);
    const selection = dialog.locator('.ReactCrop__crop-selection');
    const before = (await selection.boundingBox())!;
    const img = (await dialog.getByRole('img', { name: '待裁剪的图片' }).boundingBox())!;
    expect(before.width).toBeLessThan(img.height - 1);
    await page.mouse.move(before.x + before.width / 2, before.y + before.height / 2);
    await page.mouse.down();
    await page.mouse.move(before.x + before.width / 2 + 400, before.y + before.height / 2 - 300, { steps: 8 });
    await page.mouse.up();
    const after = (await selection.boundingBox())!;
    expect(after.x + after.width).toBeLessThanOrEqual(img.x + img.width + 1);
    expect(after.y).toBeGreaterThanOrEqual(img.y - 1);
    await shot('avatar-crop');

    const upload = page.waitForResponse((r) => r.url().includes('/api/avatar/upload'));
    await dialog.getByRole('button', { name: '保存并关闭' }).click();
    const answer = (await (await upload).json()) as { code: number; data: { url: string } };
    expect(answer.code).toBe(200);
    await poll(() => toast('头像修改成功').isVisible()).toBe(true);
    await dialog.waitFor({ state: 'detached' });
    const avatar = await fetch(answer.data.url);
    expect(avatar.status).toBe(200);
    expect(avatar.headers.get('content-type')).toContain('image/jpeg');

    // The edits made before the upload are kept; 保存 sends them.
    expect(await page.getByLabel('介绍', { exact: true }).inputValue()).toBe('e2e 写下的新签名');
    await save.click();
    await poll(() => toast('修改成功').isVisible()).toBe(true);
    await poll(() => save.isDisabled()).toBe(true);
    await shot('user-setting-saved');

    await page.goto(`${server.url}/userinfo/${myUid}`);
    await page.reload();
    await poll(() => page.getByTestId('signature').textContent()).toBe('e2e 写下的新签名');
    const src = await page
      .getByTestId('profile-header')
      .getByRole('img', { name: `${NICKNAME}的头像` })
      .getAttribute('src');
    expect(src).toContain(new URL(answer.data.url).pathname);
    await shot('profile-own');
    await page.setViewportSize({ width: 800, height: 900 });
    await shot('profile-own-800');
    await page.setViewportSize({ width: 1440, height: 900 });

    await page.goto(`${server.url}/userSetting`);
    await poll(() => page.getByLabel('年', { exact: true }).inputValue()).toBe('1999');
    expect(await page.getByLabel('月', { exact: true }).inputValue()).toBe('6');
    expect(await page.getByLabel('日', { exact: true }).inputValue()).toBe('15');
    expect(await page.getByLabel('介绍', { exact: true }).inputValue()).toBe('e2e 写下的新签名');
    expect(await page.getByTestId('user-chip').locator('img').getAttribute('src')).toContain(new URL(answer.data.url).pathname);
  });

  it('an image over 5 MB is refused in the dialog', async () => {
    const big = join(server.dataDir, 'big.bmp');
    const made = spawnSync('ffmpeg', ['-v', 'error', '-y', '-f', 'lavfi', '-i', 'testsrc2=size=1500x1200', '-frames:v', '1', big]);
    expect(made.status).toBe(0);
    await page.getByTestId('avatar-input').setInputFiles(big);
    const dialog = page.getByTestId('avatar-dialog');
    await poll(() => dialog.getByRole('alert').textContent()).toBe('请选择不超过5M的图片');
    await dialog.getByRole('button', { name: '关闭', exact: true }).click();
    await dialog.waitFor({ state: 'detached' });
  });
});

describe('journey 7: logged out, an auth page keeps its URL behind the login view; logging in goes on', () => {
  it('/cloud cold: login view, URL unchanged; log in → the cloud drive', async () => {
    const fresh = await browser.newPage({ viewport: { width: 1440, height: 900 } });
    fresh.on('pageerror', (e) => console.error('[pageerror]', e.message));
    await fresh.goto(`${server.url}/cloud`);
    await poll(() => loginView(fresh).isVisible()).toBe(true);
    expect(path(fresh)).toBe('/cloud');
    await poll(() => fresh.getByTestId('auth-gate').isVisible()).toBe(true);
    await shot('auth-gate-login', fresh);
    // Closing the login view leaves the 登录 prompt in the page; its button opens the view again.
    await loginView(fresh).getByRole('button', { name: '关闭' }).click();
    await loginView(fresh).waitFor({ state: 'detached' });
    expect(path(fresh)).toBe('/cloud');
    await shot('auth-gate', fresh);
    await fresh.getByTestId('auth-gate').getByRole('button', { name: '立即登录' }).click();
    await loginByPhone(fresh, DEMO.phone, DEMO.password);
    await poll(() => fresh.getByTestId('auth-gate').count()).toBe(0);
    expect(path(fresh)).toBe('/cloud');
    await poll(() => fresh.getByRole('heading', { name: '音乐云盘' }).isVisible()).toBe(true);
    await fresh.close();
  });

  it('in the app: a link into an auth page is cancelled and the login view opens; logging in goes there', async () => {
    const fresh = await browser.newPage({ viewport: { width: 1440, height: 900 } });
    await fresh.goto(`${server.url}/music/recommend`);
    await fresh.getByRole('navigation', { name: '主导航' }).getByRole('link', { name: '我的音乐云盘' }).click();
    await poll(() => loginView(fresh).isVisible()).toBe(true);
    expect(path(fresh)).toBe('/music/recommend');
    await loginByPhone(fresh, DEMO.phone, DEMO.password);
    await poll(() => path(fresh)).toBe('/cloud');
    await poll(() => fresh.getByRole('heading', { name: '音乐云盘' }).isVisible()).toBe(true);
    await fresh.close();
  });
});

describe('忘记密码: a code sent for a reset sets a new password, and every login of the account ends', () => {
  it('phone → 获取验证码 → the code from the outbox and a new password → 重置密码 → log in with the new one', async () => {
    // The demo account: no code was sent to its phone yet (a phone gets one a minute).
    const before = await fetch(`${server.url}/api/login/cellphone?phone=${DEMO.phone}&password=${DEMO.password}`);
    const cookie = before.headers
      .getSetCookie()
      .find((c) => c.startsWith('MUSIC_U='))!
      .split(';')[0]!;
    const loggedIn = async () =>
      ((await (await fetch(`${server.url}/api/login/status`, { headers: { cookie } })).json()) as { data: { account: unknown } }).data
        .account;
    expect(await loggedIn()).not.toBeNull();

    const fresh = await browser.newPage({ viewport: { width: 1440, height: 900 } });
    await fresh.goto(`${server.url}/music/recommend`);
    await fresh.getByRole('button', { name: '未登录' }).click();
    const dialog = loginView(fresh);
    await dialog.getByRole('button', { name: '忘记密码？' }).click();
    await poll(() => dialog.getByRole('heading', { name: '重置密码' }).isVisible()).toBe(true);
    await dialog.getByLabel('手机号').fill(DEMO.phone);
    const log = join(server.dataDir, 'outbox', 'sms.log');
    const sent = existsSync(log) ? readFileSync(log, 'utf8').trim().split('\n').length : 0;
    await dialog.getByRole('button', { name: '获取验证码' }).click();
    const code = await captchaFor(DEMO.phone, sent);
    expect(code).toMatch(/^\d{6}$/);
    await dialog.getByLabel('验证码').fill(code);
    await dialog.getByLabel('新密码').fill('a-new-demo-password');
    await shot('reset-password', fresh);
    await dialog.getByRole('button', { name: '重置密码' }).click();
    await poll(() => dialog.getByRole('status').textContent()).toBe('密码已重置，请用新密码登录');
    await shot('reset-password-done', fresh);
    expect(await loggedIn()).toBeNull();

    await dialog.getByLabel('密码').fill(DEMO.password);
    await dialog.getByRole('button', { name: '登录', exact: true }).click();
    await poll(() => dialog.getByRole('alert').textContent()).toBe('密码错误');
    await loginByPhone(fresh, DEMO.phone, 'a-new-demo-password');
    await poll(() => fresh.getByTestId('user-chip').textContent()).toContain(demo.nickname);
    await fresh.close();
  });
});
