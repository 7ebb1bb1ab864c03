/**
 * Types for `s3rver` 3.7 (CommonJS, ships none), as test/s3-server.ts uses it: an S3-protocol
 * server in this process, keeping objects in `directory`. It accepts the access key `S3RVER`
 * (secret `S3RVER`) and does not check version 4 signatures.
 */
declare module 's3rver' {
  import type { AddressInfo } from 'node:net';
  interface S3rverOptions {
    port?: number;
    address?: string;
    silent?: boolean;
    directory?: string;
    resetOnClose?: boolean;
    configureBuckets?: { name: string }[];
  }
  export default class S3rver {
    constructor(options: S3rverOptions);
    run(): Promise<AddressInfo>;
    close(): Promise<void>;
  }
}
