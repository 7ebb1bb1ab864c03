import type { FastifyInstance } from 'fastify';
import { buildApp } from './app.ts';
import type { Config } from './config.ts';
import { readTlsFiles } from './http/tls.ts';

export interface RunningServer {
  app: FastifyInstance;
  /** e.g. http://localhost:4000/ (https:// with a certificate) */
  url: string;
}

/** The line printed once listening; the e2e harness and README wait for it. */
export const servingLine = (url: string): string => `Cloudtune is serving at ${url}`;

export async function startServer(config: Config, print: (line: string) => void = console.log): Promise<RunningServer> {
  // Read before anything is opened: a missing or bad certificate stops the start with one line.
  const tls = readTlsFiles(config.tlsCert, config.tlsKey);
  const app = await buildApp({
    dataDir: config.dataDir,
    apiPrefix: config.apiOnly ? '' : '/api',
    webDist: config.webDist,
    logger: config.logLevel,
    audioCacheBytes: config.audioCacheBytes,
    imageCacheBytes: config.imageCacheBytes,
    publicUrl: config.publicUrl,
    allowedHosts: config.allowedHosts,
    allowedOrigins: config.allowedOrigins,
    smsWebhook: config.smsWebhook,
    cloudQuotaBytes: config.cloudQuotaBytes,
    tls,
    trustedProxies: config.trustedProxies,
  });
  try {
    // A deep accept queue rides out connection bursts (the kernel caps it at net.core.somaxconn).
    await app.listen({ port: config.port, host: config.host, backlog: 4096 });
  } catch (err) {
    await app.close();
    throw err;
  }
  const address = app.server.address();
  // PORT=0 picks a free port; report the real one.
  const port = typeof address === 'object' && address ? address.port : config.port;
  const url = `${tls ? 'https' : 'http'}://localhost:${port}/`;
  print(servingLine(url));
  return { app, url };
}
