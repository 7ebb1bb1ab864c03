import type { FastifyInstance } from 'fastify';
import { endpoint } from '../http/endpoint.ts';
import type { RouteOptions } from './options.ts';

export function socialRoutes(app: FastifyInstance, { services, apiPrefix }: RouteOptions): void {
  const { social } = services;
  endpoint(app, apiPrefix, '/follow', async (p, { user }) => await social.follow(user, p.id, p.t), { auth: true, mutates: true });
  endpoint(app, apiPrefix, '/user/follows', async (p, { user, urls }) => await social.follows(p.uid, p.offset, p.limit, user, urls));
  endpoint(app, apiPrefix, '/user/followeds', async (p, { user, urls }) => await social.followeds(p.uid, p.lasttime, p.limit, user, urls));
  endpoint(app, apiPrefix, '/user/event', async (p, { urls }) => await social.events(p.uid, p.lasttime, p.limit, urls));
  endpoint(app, apiPrefix, '/share/resource', async (p, { user, urls }) => await social.share(user, p.type, p.id, p.msg, urls), {
    auth: true,
    mutates: true,
  });
  endpoint(app, apiPrefix, '/user/audio', async (p) => await social.audio(p.uid));
}
