import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import S3rver from 's3rver';
import type { S3StorageConfig } from '../src/media/storage.ts';

/** A real S3-protocol server on loopback (s3rver, in this process), with its objects in a temporary folder. */
export interface TestS3Server {
  endpoint: string;
  /** storage settings for a fresh prefix of the test bucket (each app gets its own) */
  config(prefix?: string): S3StorageConfig;
  /** Stops answering (the port refuses connections); the objects stay for restart. */
  stop(): Promise<void>;
  /** Answers again on the same port, with the objects it had. */
  restart(): Promise<void>;
  close(): Promise<void>;
}

export const TEST_BUCKET = 'cloudtune-test';
/** a second bucket, for a test that deletes it */
export const SPARE_BUCKET = 'cloudtune-spare';
let prefixes = 0;

export async function startS3Server(): Promise<TestS3Server> {
  const directory = mkdtempSync(join(tmpdir(), 'cloudtune-s3-'));
  const serve = (port: number) =>
    new S3rver({ port, address: '127.0.0.1', silent: true, directory, configureBuckets: [{ name: TEST_BUCKET }, { name: SPARE_BUCKET }] });
  let server: S3rver | undefined = serve(0);
  const { port } = await server.run();
  const endpoint = `http://127.0.0.1:${port}`;
  const stop = async () => {
    await server?.close();
    server = undefined;
  };
  return {
    endpoint,
    config: (prefix = `t${process.pid}-${++prefixes}`) => ({
      kind: 's3',
      bucket: TEST_BUCKET,
      prefix,
      endpoint,
      region: 'us-east-1',
      pathStyle: true,
      credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
    }),
    stop,
    async restart() {
      if (server) return;
      server = serve(port);
      await server.run();
    },
    async close() {
      await stop();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}
