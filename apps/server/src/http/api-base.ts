import type { FastifyRequest } from 'fastify';
import { mediaUrls, type MediaUrls } from '../media/urls.ts';

/**
 * Media links are absolute and built from the request itself (`http://<Host header><prefix>`),
 * so a client reaching us as localhost, a LAN address or through a dev proxy gets URLs that
 * resolve for it.
 */
export function urlsFor(request: FastifyRequest, apiPrefix: string): MediaUrls {
  // An HTTP/1.0 request may lack a Host header; fall back to the address it reached.
  const host = request.host || `${request.socket.localAddress ?? 'localhost'}:${request.socket.localPort ?? ''}`;
  return mediaUrls(`${request.protocol}://${host}${apiPrefix}`);
}
