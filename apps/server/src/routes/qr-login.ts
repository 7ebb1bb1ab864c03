import type { FastifyInstance, FastifyReply } from 'fastify';
import { ApiError } from '../errors.ts';
import { apiBaseFor } from '../http/api-base.ts';
import { endpoint } from '../http/endpoint.ts';
import { parseParams, rawParams } from '../http/params.ts';
import { endpoints } from '@cloudtune/contract';
import type { RouteOptions } from './options.ts';

const EXPIRED = () => new ApiError(800, '二维码不存在或已过期');
const escapeHtml = (text: string): string =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/**
 * The approval page the QR opens: plain server HTML (it works in API-only mode and on a phone
 * browser with nothing loaded), never framed (clickjacking the 确认登录 button), its form posted
 * to itself (cross-site posts are refused like every write).
 */
function page(reply: FastifyReply, title: string, body: string): FastifyReply {
  return reply
    .type('text/html; charset=utf-8')
    .header('cache-control', 'no-store')
    .header('x-frame-options', 'DENY')
    .header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'; form-action 'self'; frame-ancestors 'none'")
    .send(
      `<!doctype html><html lang="zh-CN"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">` +
        `<title>${escapeHtml(title)} - Cloudtune</title><style>body{font-family:system-ui,sans-serif;max-width:28rem;margin:15vh auto;padding:0 1.5rem;text-align:center;color:#333}` +
        `h1{font-size:1.3rem}button{font-size:1rem;padding:.6rem 2.2rem;margin:.4rem;border-radius:2rem;border:1px solid #2fb483;background:#2fb483;color:#fff;cursor:pointer}` +
        `button.secondary{background:#fff;color:#333;border-color:#ccc}a{color:#2fb483}</style></head><body><h1>${escapeHtml(title)}</h1>${body}</body></html>`,
    );
}

/** NetEase's QR login (/login/qr/key, create, check), its approval by a logged-in user, and the page the QR opens. */
export function qrLoginRoutes(app: FastifyInstance, { services, apiPrefix }: RouteOptions): void {
  const qr = services.qrLogin;
  endpoint(app, apiPrefix, '/login/qr/key', async () => ({ code: 200 as const, data: { code: 200 as const, unikey: await qr.newKey() } }), {
    rateLimit: { max: 60, timeWindow: '1 minute' },
  });
  endpoint(app, apiPrefix, '/login/qr/create', async ({ key, qrimg }, { request }) => {
    const qrurl = qr.qrUrl(apiBaseFor(request, apiPrefix), key);
    return { code: 200 as const, data: { qrurl, qrimg: qrimg ? await qr.qrImage(qrurl) : '' } };
  });
  endpoint(app, apiPrefix, '/login/qr/check', async ({ key }, { urls, startSession }) => {
    const answer = await qr.check(key, urls);
    if (answer.code !== 803) return answer;
    return { code: 803 as const, message: answer.message, cookie: startSession(await qr.startSession(answer.userId)) };
  });
  endpoint(
    app,
    apiPrefix,
    '/login/qr/confirm',
    async ({ key }, { user }) => {
      if (!(await qr.approve(key, user.id))) throw EXPIRED();
      return { code: 200 as const, data: { confirmed: true as const } };
    },
    { auth: true, mutates: true },
  );

  app.route<{ Querystring: { key?: string } }>({
    method: ['GET', 'POST'],
    url: '/login/qr/approve',
    // Opening the page tells the poller who scanned: only a direct visit (a scanned QR) may.
    config: { mutates: true },
    handler: async (request, reply) => {
      let key: string;
      try {
        key = parseParams(endpoints['/login/qr/confirm'].params, rawParams(request.query, request.body)).key;
      } catch {
        return page(reply.code(400), '二维码无效', '<p>这个链接不是有效的登录二维码。</p>');
      }
      const expired = () => page(reply, '二维码已过期', '<p>请在新设备上刷新二维码后重新扫描。</p>');
      if (!(await qr.state(key))) return expired();
      const user = request.user;
      if (!user) {
        const home = apiPrefix === '' ? '' : '<p><a href="/">打开 Cloudtune 登录</a></p>';
        return page(reply, '请先登录', `<p>请先在这个浏览器登录 Cloudtune，再重新打开这个二维码链接。</p>${home}`);
      }
      const body = rawParams(undefined, request.body);
      if (request.method === 'POST' && body.action === 'cancel') return page(reply, '已取消', '<p>新设备不会登录。</p>');
      if (request.method === 'POST') {
        if (!(await qr.approve(key, user.id))) return expired();
        return page(reply, '已确认登录', '<p>新设备已登录，可以回到新设备继续使用了。</p>');
      }
      await qr.scanned(key, user.id);
      const name = escapeHtml(await qr.nicknameOf(user.id));
      return page(
        reply,
        '确认登录',
        `<p>${name}，要在新设备上登录 Cloudtune 吗？</p><form method="post"><input type="hidden" name="key" value="${escapeHtml(key)}">` +
          `<button type="submit" name="action" value="approve">确认登录</button><button class="secondary" type="submit" name="action" value="cancel">取消</button></form>`,
      );
    },
  });
}
