import type { FastifyInstance } from 'fastify';
import { endpoint } from '../http/endpoint.ts';
import type { RouteOptions } from './options.ts';

export function fmRoutes(app: FastifyInstance, { services, apiPrefix }: RouteOptions): void {
  endpoint(app, apiPrefix, '/personal_fm', async (_p, { urls, user }) => await services.fm.next(user?.id ?? null, urls));
  endpoint(app, apiPrefix, '/fm_trash', async ({ id }, { user }) => await services.fm.trash(user.id, id), { auth: true, mutates: true });
}
