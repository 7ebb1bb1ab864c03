import type { FastifyInstance } from 'fastify';
import { endpoint } from '../http/endpoint.ts';
import type { RouteOptions } from './options.ts';

export function socialRoutes(app: FastifyInstance, { services, apiPrefix }: RouteOptions): void {
  const { social } = services;
  endpoint(app, apiPrefix, '/follow', (p, { user }) => social.follow(user, p.id, p.t), { auth: true, mutates: true });
  endpoint(app, apiPrefix, '/user/follows', (p, { user, urls }) => social.follows(p.uid, p.offset, p.limit, user, urls));
  endpoint(app, apiPrefix, '/user/followeds', (p, { user, urls }) => social.followeds(p.uid, p.lasttime, p.limit, user, urls));
  endpoint(app, apiPrefix, '/user/event', (p, { urls }) => social.events(p.uid, p.lasttime, p.limit, urls));
  endpoint(app, apiPrefix, '/share/resource', (p, { user, urls }) => social.share(user, p.type, p.id, p.msg, urls), {
    auth: true,
    mutates: true,
  });
  endpoint(app, apiPrefix, '/user/audio', (p) => social.audio(p.uid));
}
