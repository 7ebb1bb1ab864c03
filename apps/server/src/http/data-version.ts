import type { FastifyInstance, FastifyRequest } from 'fastify';

declare module 'fastify' {
  interface FastifyRequest {
    /**
     * The database's version as this request saw it (read on first call, once per request):
     * what the request reads from per-process memory — its session, cached answers — was read
     * at this version, so a request costs the shared database one statement when nothing
     * changed (docs/decisions/0044).
     */
    dataVersion(): Promise<string>;
  }
}

const versions = new WeakMap<FastifyRequest, Promise<string>>();

/** Gives every request `dataVersion()`, answered by `read` (repos/meta.ts version()). */
export function installDataVersion(app: FastifyInstance, read: () => Promise<string>): void {
  app.decorateRequest('dataVersion', function (this: FastifyRequest): Promise<string> {
    let version = versions.get(this);
    if (!version) versions.set(this, (version = read()));
    return version;
  });
}
