import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { launchBrowser } from '../src/browser.ts';
import { startServer, type RunningServer } from '../src/server.ts';

/**
 * 扫码登录 across two browser contexts (two devices): the new device shows the QR of a key in the
 * login view; the other, where the demo account is logged in, opens the QR's URL (the server's
 * approval page) and approves; the new device is then logged in as the demo account with a
 * session of its own. Screens go to SHOTS (default /tmp/shots/helper-subsonic).
 */
let server: RunningServer;
let browser: Browser;
const SHOTS = process.env.SHOTS ?? '/tmp/shots/helper-subsonic';
const DEMO = { phone: '13800000000', password: 'cloudtune' };

async function shot(page: Page, name: string) {
  mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: join(SHOTS, `${name}.png`) });
}

beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

it('signs in by QR from a second browser context', async () => {
  const fresh = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await fresh.newPage();
  page.on('pageerror', (e) => console.error('[pageerror]', e.message));
  await page.goto(`${server.url}/music/recommend`);
  await page.getByRole('button', { name: '未登录' }).click();
  const dialog = page.getByTestId('login-view');
  await dialog.getByRole('tab', { name: '扫码登录' }).click();
  const qr = dialog.getByRole('img', { name: '登录二维码' });
  await qr.waitFor();
  await expect.poll(() => qr.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 100)).toBe(true);
  await expect.poll(() => dialog.getByRole('status').textContent()).toContain('请用已登录 Cloudtune 的设备扫码');
  const qrurl = (await dialog.getByTestId('qr-url').getAttribute('href'))!;
  expect(qrurl).toMatch(new RegExp(`^${server.url}/api/login/qr/approve\\?key=[0-9a-f-]{36}$`));
  await shot(page, 'qr-login-waiting');

  // The other device: the demo account is logged in there (its session cookie in that context).
  const phone = await browser.newContext({ viewport: { width: 390, height: 760 } });
  const login = await phone.request.get(`${server.url}/api/login/cellphone?phone=${DEMO.phone}&password=${DEMO.password}`);
  const { profile } = (await login.json()) as { profile: { nickname: string } };
  const approver = await phone.newPage();
  await approver.goto(qrurl);
  await approver.getByRole('heading', { name: '确认登录' }).waitFor();
  await expect.poll(() => approver.locator('body').textContent()).toContain(`${profile.nickname}，要在新设备上登录 Cloudtune 吗？`);
  await shot(approver, 'qr-login-approve-page');
  // Opening the page tells the waiting device it was scanned.
  await expect.poll(() => dialog.getByRole('status').textContent()).toBe('已扫码，请在该设备上确认登录');
  await shot(page, 'qr-login-scanned');

  await approver.getByRole('button', { name: '确认登录' }).click();
  await approver.getByRole('heading', { name: '已确认登录' }).waitFor();
  await shot(approver, 'qr-login-approved');

  await dialog.waitFor({ state: 'detached' });
  await expect.poll(() => page.getByTestId('user-chip').textContent()).toContain(profile.nickname);
  await shot(page, 'qr-login-done');
  // A session of its own: still logged in after a reload, and the approving device too.
  await page.reload();
  await expect.poll(() => page.getByTestId('user-chip').textContent()).toContain(profile.nickname);
  const status = await (await phone.request.get(`${server.url}/api/login/status`)).json();
  expect(status.data.profile.nickname).toBe(profile.nickname);
  await fresh.close();
  await phone.close();
});

it('设置 → Subsonic makes an app password (shown once) that Subsonic requests accept, and revokes it', async () => {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  await context.request.get(`${server.url}/api/login/cellphone?phone=${DEMO.phone}&password=${DEMO.password}`);
  const page = await context.newPage();
  await page.goto(`${server.url}/setting/subsonic`);
  const section = page.getByTestId('subsonic-settings');
  await section.getByRole('button', { name: '重新生成' }).click();
  const shown = page.getByTestId('subsonic-password');
  await shown.waitFor();
  const password = /([a-z2-9]{5}(?:-[a-z2-9]{5}){3})/.exec((await shown.textContent())!)![1]!;
  await shot(page, 'subsonic-settings');
  const ping = async () =>
    (await (await fetch(`${server.url}/rest/ping.view?u=${DEMO.phone}&p=${password}&f=json&v=1.16.1&c=e2e`)).json())['subsonic-response'];
  expect(await ping()).toMatchObject({ status: 'ok' });
  await section.getByRole('button', { name: '撤销' }).click();
  await section.getByText('尚未生成应用密码').waitFor();
  expect(await ping()).toMatchObject({ status: 'failed', error: { code: 40 } });
  await context.close();
});
