import type { FastifyInstance } from 'fastify';
import type { RouteOptions } from './options.ts';

/** GET /openapi.json: the API described from the contract registry (not itself a NetEase path). */
export function openApiRoutes(app: FastifyInstance, { services, apiPrefix }: RouteOptions): void {
  app.get('/openapi.json', async () => services.openapi.document(apiPrefix || '/'));
}
