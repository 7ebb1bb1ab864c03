import type { FastifyInstance } from 'fastify';
import { endpoint } from '../http/endpoint.ts';
import type { RouteOptions } from './options.ts';

/** The Subsonic app password of the logged-in user (decision 0022): make (shown once), status, revoke. */
export function subsonicPasswordRoutes(app: FastifyInstance, { services, apiPrefix }: RouteOptions): void {
  const passwords = services.subsonic.passwords;
  endpoint(app, apiPrefix, '/subsonic/password', (_p, { user }) => ({ code: 200 as const, data: passwords.create(user.id) }), {
    auth: true,
    mutates: true,
  });
  endpoint(app, apiPrefix, '/subsonic/password/status', (_p, { user }) => ({ code: 200 as const, data: passwords.status(user.id) }), {
    auth: true,
  });
  endpoint(
    app,
    apiPrefix,
    '/subsonic/password/revoke',
    (_p, { user }) => ({ code: 200 as const, data: { revoked: passwords.revoke(user.id) } }),
    { auth: true, mutates: true },
  );
}
