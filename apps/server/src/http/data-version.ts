import type { FastifyInstance, FastifyRequest } from 'fastify';

declare module 'fastify' {
  interface FastifyRequest {
    /**
     * The database's version as this request saw it (read on first call, once per request):
     * what the request reads from per-process memory — its session, cached answers — was read
     * at this version, so a request costs the shared database at most one statement when
     * nothing changed (docs/decisions/0044).
     */
    dataVersion(): Promise<string>;
  }
}

const versions = new WeakMap<FastifyRequest, Promise<string>>();

/** Gives every request `dataVersion()`, answered by `read` (repos/meta.ts version()) as sharedReads shares it. */
export function installDataVersion(app: FastifyInstance, read: () => Promise<string>): void {
  const shared = sharedReads(read);
  app.decorateRequest('dataVersion', function (this: FastifyRequest): Promise<string> {
    let version = versions.get(this);
    if (!version) versions.set(this, (version = shared()));
    return version;
  });
}

/**
 * One read for the callers that come in one turn of the event loop (the requests read off the
 * sockets together): it is sent at the end of that turn (setImmediate), after every caller that
 * shares it called, so each request sees every write acknowledged before it came — as with a read
 * of its own, and never a read sent before it came, which may predate such a write. Reads of
 * successive turns may be under way together. Under load one statement answers many requests.
 */
export function sharedReads<T>(read: () => Promise<T>): () => Promise<T> {
  let next: Promise<T> | undefined;
  return () =>
    (next ??= new Promise<T>((resolve) =>
      setImmediate(() => {
        next = undefined;
        resolve(read());
      }),
    ));
}
