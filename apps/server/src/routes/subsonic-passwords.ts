import type { FastifyInstance } from 'fastify';
import { endpoint } from '../http/endpoint.ts';
import type { RouteOptions } from './options.ts';

/** The Subsonic app password of the logged-in user (decision 0022): make (shown once), status, revoke. */
export function subsonicPasswordRoutes(app: FastifyInstance, { services, apiPrefix }: RouteOptions): void {
  const passwords = services.subsonic.passwords;
  endpoint(app, apiPrefix, '/subsonic/password', async (_p, { user }) => ({ code: 200 as const, data: await passwords.create(user.id) }), {
    auth: true,
    mutates: true,
  });
  endpoint(
    app,
    apiPrefix,
    '/subsonic/password/status',
    async (_p, { user }) => ({ code: 200 as const, data: await passwords.status(user.id) }),
    {
      auth: true,
    },
  );
  endpoint(
    app,
    apiPrefix,
    '/subsonic/password/revoke',
    async (_p, { user }) => ({ code: 200 as const, data: { revoked: await passwords.revoke(user.id) } }),
    { auth: true, mutates: true },
  );
}
