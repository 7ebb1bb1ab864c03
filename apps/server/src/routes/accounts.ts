import type { FastifyInstance } from 'fastify';
import { sessionToken, uidOrCaller } from '../http/auth.ts';
import { endpoint, type EndpointContext, type EndpointOptions } from '../http/endpoint.ts';
import type { StartedSession } from '../services/accounts/index.ts';
import type { RouteOptions } from './options.ts';

/** Per-address request budgets (on top of the per-phone and per-account rules in services/accounts/). */
const SMS_RATE: EndpointOptions['rateLimit'] = { max: 10, timeWindow: '1 hour' };
const LOGIN_RATE: EndpointOptions['rateLimit'] = { max: 30, timeWindow: '1 minute' };
const LOOKUP_RATE: EndpointOptions['rateLimit'] = { max: 60, timeWindow: '1 minute' };

/** A login body with NetEase's `cookie` string, the MUSIC_U cookie set beside it. */
const loggedIn = <B extends object>({ session, body }: { session: StartedSession; body: B }, ctx: EndpointContext) => ({
  ...body,
  cookie: ctx.startSession(session),
});

export function accountRoutes(app: FastifyInstance, { services, apiPrefix }: RouteOptions): void {
  const { auth, captchas, profiles } = services;

  endpoint(app, apiPrefix, '/captcha/sent', (p) => captchas.send({ countryCode: p.ctcode, phone: p.phone }, p.purpose), {
    mutates: true,
    rateLimit: SMS_RATE,
  });
  endpoint(
    app,
    apiPrefix,
    '/captcha/verify',
    async (p, ctx) => await captchas.verify({ countryCode: p.ctcode, phone: p.phone }, p.captcha, p.purpose, ctx),
    { rateLimit: LOOKUP_RATE },
  );
  for (const path of ['/cellphone/existence/check', '/cellphone/existence'] as const) {
    endpoint(app, apiPrefix, path, async (p, { urls }) => await auth.existence({ countryCode: p.countrycode, phone: p.phone }, urls), {
      rateLimit: LOOKUP_RATE,
    });
  }
  endpoint(
    app,
    apiPrefix,
    '/register/cellphone',
    async (p, ctx) => loggedIn(await auth.register({ ...p, countryCode: p.countrycode }, ctx, ctx.urls), ctx),
    { mutates: true, rateLimit: SMS_RATE },
  );
  endpoint(app, apiPrefix, '/password/reset', (p, ctx) => auth.resetPassword({ ...p, countryCode: p.countrycode }, ctx), {
    mutates: true,
    rateLimit: SMS_RATE,
  });

  endpoint(
    app,
    apiPrefix,
    '/login/cellphone',
    async (p, ctx) => loggedIn(await auth.loginByPhone({ ...p, countryCode: p.countrycode }, ctx, ctx.urls), ctx),
    { mutates: true, rateLimit: LOGIN_RATE },
  );
  endpoint(app, apiPrefix, '/login', async (p, ctx) => loggedIn(await auth.loginByEmail(p, ctx, ctx.urls), ctx), {
    mutates: true,
    rateLimit: LOGIN_RATE,
  });
  endpoint(app, apiPrefix, '/login/status', async (_p, { user, urls }) => await auth.status(user, urls));
  endpoint(
    app,
    apiPrefix,
    '/login/refresh',
    // The same token, set again with its new expiry: the client may keep sending the one it holds.
    async (_p, ctx) => ({
      code: 200,
      bizCode: '200',
      cookie: ctx.startSession({ token: sessionToken(ctx.request)!, ...(await auth.refresh(ctx.user)) }),
    }),
    {
      auth: true,
      mutates: true,
    },
  );
  endpoint(
    app,
    apiPrefix,
    '/logout',
    async (_p, ctx) => {
      ctx.endSession();
      return await auth.logout(ctx.user);
    },
    { mutates: true },
  );

  endpoint(app, apiPrefix, '/daily_signin', async (p, { user }) => await profiles.signin(user, p.type), { auth: true, mutates: true });
  endpoint(app, apiPrefix, '/user/detail', async (p, { user, urls }) => await profiles.detail(p.uid, user, urls));
  endpoint(app, apiPrefix, '/user/account', async (_p, { user, urls }) => await profiles.account(user, urls), { auth: true });
  endpoint(app, apiPrefix, '/user/subcount', async (_p, { user }) => await profiles.subcount(user), { auth: true });
  endpoint(app, apiPrefix, '/user/update', async (p, { user }) => await profiles.update(user, p), { auth: true, mutates: true });
  endpoint(
    app,
    apiPrefix,
    '/user/record',
    async (p, { user, urls }) => await profiles.record(uidOrCaller(p.uid, user), p.type, user, urls),
    {
      auth: true,
    },
  );
}
