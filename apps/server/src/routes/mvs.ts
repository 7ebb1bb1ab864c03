import type { FastifyInstance } from 'fastify';
import { endpoint } from '../http/endpoint.ts';
import type { RouteOptions } from './options.ts';

export function mvRoutes(app: FastifyInstance, { services, apiPrefix }: RouteOptions): void {
  endpoint(app, apiPrefix, '/artist/mv', async ({ id }) => await services.mvs.ofArtist(id));
  endpoint(app, apiPrefix, '/mv/sublist', () => services.mvs.sublist(), { auth: true });
}
