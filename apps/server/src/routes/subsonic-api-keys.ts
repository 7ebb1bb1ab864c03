import type { FastifyInstance } from 'fastify';
import { badRequest, notFound } from '../errors.ts';
import { endpoint } from '../http/endpoint.ts';
import { MAX_API_KEYS } from '../services/subsonic/api-keys.ts';
import type { RouteOptions } from './options.ts';

/** The logged-in user's OpenSubsonic API keys (设置 → Subsonic): list, make (shown once), revoke. */
export function subsonicApiKeyRoutes(app: FastifyInstance, { services, apiPrefix }: RouteOptions): void {
  const { apiKeys } = services.subsonic;
  endpoint(app, apiPrefix, '/subsonic/keys', async (_p, { user }) => ({ code: 200 as const, data: await apiKeys.list(user.id) }), {
    auth: true,
  });
  endpoint(
    app,
    apiPrefix,
    '/subsonic/keys/create',
    async ({ name }, { user }) => {
      const made = await apiKeys.create(user.id, name);
      if (!made) throw badRequest(`最多保留 ${MAX_API_KEYS} 个 API 密钥，请先撤销不用的`);
      return { code: 200 as const, data: made };
    },
    { auth: true, mutates: true },
  );
  endpoint(
    app,
    apiPrefix,
    '/subsonic/keys/revoke',
    async ({ id }, { user }) => {
      if (!(await apiKeys.revoke(user.id, id))) throw notFound('api key', id);
      return { code: 200 as const, data: { revoked: true } };
    },
    { auth: true, mutates: true },
  );
}
