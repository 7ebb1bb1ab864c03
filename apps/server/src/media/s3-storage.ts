import { createReadStream } from 'node:fs';
import { mkdir, readFile, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { Transform, type Readable } from 'node:stream';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadBucketCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
} from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import {
  checkKey,
  StorageMissing,
  StorageUnavailable,
  type ByteSpan,
  type PutOptions,
  type ResponseOverrides,
  type S3StorageConfig,
  type Storage,
  type StoredEntry,
  type StoredObject,
} from './storage.ts';
import { temporaryPath } from './store.ts';

/** Bodies up to this size go in one PUT; larger ones in parts of this size, four at a time. */
const PART_BYTES = 8 * 1024 * 1024;
const PARTS_AT_ONCE = 4;

/** A stream of `take` bytes from `skip` bytes into what passes through; it ends early if the source does. */
function slice(skip: number, take: number): Transform {
  let position = 0;
  let left = take;
  return new Transform({
    transform(chunk: Buffer, _encoding, done) {
      const from = Math.max(0, skip - position);
      position += chunk.length;
      if (left <= 0 || from >= chunk.length) return done();
      const part = chunk.subarray(from, from + left);
      left -= part.length;
      this.push(part);
      if (left === 0) this.push(null);
      done();
    },
  });
}

const statusOf = (err: unknown): number | undefined => (err as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode;
/** How long a bucket seen to exist is not asked about again when an object is missing. */
const BUCKET_SEEN_MS = 10_000;

const unquote = (etag: string | undefined): string => (etag ?? '').replace(/^"|"$/g, '');

/**
 * S3-compatible object storage (AWS S3, MinIO, Ceph, R2…): an object per key under the
 * configured prefix. A PUT or a completed multipart upload makes an object visible whole, so no
 * reader ever sees part of one; a multipart upload that fails is aborted (its parts deleted).
 * Checksums are computed and validated only where the protocol requires them, so servers that
 * do not know the newer checksum headers work too.
 */
export class S3Storage implements Storage {
  readonly kind = 's3' as const;
  readonly location: string;
  readonly client: S3Client;
  readonly #bucket: string;
  readonly #prefix: string;
  readonly #staging: string;

  /** `staging`: the local folder where files are made before they are uploaded. */
  constructor(config: S3StorageConfig, staging: string) {
    this.#bucket = config.bucket;
    this.#prefix = config.prefix ? `${config.prefix}/` : '';
    this.#staging = staging;
    this.location = `s3://${config.bucket}/${config.prefix}`;
    this.client = new S3Client({
      region: config.region,
      ...(config.endpoint ? { endpoint: config.endpoint } : {}),
      forcePathStyle: config.pathStyle,
      ...(config.credentials ? { credentials: config.credentials } : {}),
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
      // Media requests come in bursts (a player's ranges, a screen of covers): connections are kept.
      // A store that does not answer fails the request (503) rather than holding it forever.
      requestHandler: {
        httpAgent: { keepAlive: true, maxSockets: 128 },
        httpsAgent: { keepAlive: true, maxSockets: 128 },
        connectionTimeout: 5_000,
        requestTimeout: 30_000,
      },
    });
  }

  /** What the store's failure is to the server: a missing object stays one; anything else is StorageUnavailable. */
  #failed(err: unknown, doing: string): Error {
    if (err instanceof StorageMissing || err instanceof StorageUnavailable) return err;
    const { name, message } = err as Error;
    return new StorageUnavailable(`${this.location}: ${doing}: ${name}: ${message}`, { cause: err });
  }

  #bucketSeenAt = 0;

  /**
   * An object answered 404: is the bucket itself gone? (A HEAD of an object cannot tell.) Asked at
   * most every BUCKET_SEEN_MS, so a run of misses costs one request more.
   */
  async #checkBucket(): Promise<void> {
    if (Date.now() - this.#bucketSeenAt < BUCKET_SEEN_MS) return;
    try {
      await this.client.send(new HeadBucketCommand({ Bucket: this.#bucket }));
    } catch (err) {
      throw this.#failed(err, statusOf(err) === 404 ? 'the bucket does not exist' : 'checking the bucket');
    }
    this.#bucketSeenAt = Date.now();
  }

  #key(key: string): string {
    return this.#prefix + checkKey(key);
  }

  localPath(): undefined {
    return undefined;
  }

  async scratchFile(key: string): Promise<string> {
    await mkdir(this.#staging, { recursive: true });
    return temporaryPath(join(this.#staging, checkKey(key).replaceAll('/', '_')));
  }

  async put(key: string, body: Buffer | Readable, options: PutOptions = {}): Promise<StoredObject> {
    const Key = this.#key(key);
    const ContentType = options.contentType;
    if (Buffer.isBuffer(body) && body.length <= PART_BYTES) {
      const out = await this.client
        .send(new PutObjectCommand({ Bucket: this.#bucket, Key, Body: body, ContentType }))
        .catch((err: unknown) => Promise.reject(this.#failed(err, `storing ${key}`)));
      return { size: body.length, mtimeMs: Date.now(), etag: unquote(out.ETag) };
    }
    const upload = new Upload({
      client: this.client,
      params: { Bucket: this.#bucket, Key, Body: body, ContentType },
      partSize: PART_BYTES,
      queueSize: PARTS_AT_ONCE,
      leavePartsOnError: false,
    });
    // A body that fails (a download cut off) fails the upload, which is aborted: no object. Its
    // error is the one told, not the abort's.
    let bodyError: unknown;
    if (!Buffer.isBuffer(body)) body.once('error', (err) => (bodyError ??= err));
    const out = await upload.done().catch((err: unknown) => Promise.reject(bodyError ?? this.#failed(err, `storing ${key}`)));
    const stored = await this.stat(key);
    if (!stored) throw new Error(`${key} was uploaded but is not there (${unquote(out.ETag)})`);
    return stored;
  }

  async putFile(key: string, path: string, options: PutOptions = {}): Promise<StoredObject> {
    const { size } = await stat(path);
    const stored =
      size <= PART_BYTES
        ? await this.put(key, await readFile(path), options)
        : await this.put(key, createReadStream(path, { highWaterMark: 1024 * 1024 }), options);
    await rm(path, { force: true });
    return stored;
  }

  async get(key: string, range?: ByteSpan): Promise<Readable> {
    let out;
    try {
      out = await this.client.send(
        new GetObjectCommand({
          Bucket: this.#bucket,
          Key: this.#key(key),
          ...(range ? { Range: `bytes=${range.start}-${range.end}` } : {}),
        }),
      );
    } catch (err) {
      if (statusOf(err) !== 404 || (err as Error).name === 'NoSuchBucket') throw this.#failed(err, `reading ${key}`);
      await this.#checkBucket();
      throw new StorageMissing(key);
    }
    const body = out.Body as Readable;
    if (!range) return body;
    // Exactly the bytes asked for, whatever the server sent: some servers answer a range they
    // cannot read (`bytes=0-0`) with more, or with the whole object.
    const served = /^bytes (\d+)-/.exec(out.ContentRange ?? '');
    const from = served ? Number(served[1]) : 0;
    const wanted = range.end - range.start + 1;
    if (from === range.start && out.ContentLength === wanted) return body;
    return body.pipe(slice(range.start - from, wanted)).once('close', () => body.destroy());
  }

  async stat(key: string): Promise<StoredObject | undefined> {
    try {
      const out = await this.client.send(new HeadObjectCommand({ Bucket: this.#bucket, Key: this.#key(key) }));
      return { size: out.ContentLength ?? 0, mtimeMs: out.LastModified?.getTime() ?? 0, etag: unquote(out.ETag) };
    } catch (err) {
      if (statusOf(err) !== 404) throw this.#failed(err, `looking for ${key}`);
    }
    await this.#checkBucket();
    return undefined;
  }

  async exists(key: string): Promise<boolean> {
    return (await this.stat(key)) !== undefined;
  }

  async delete(key: string): Promise<void> {
    await this.client
      .send(new DeleteObjectCommand({ Bucket: this.#bucket, Key: this.#key(key) }))
      .catch((err: unknown) => Promise.reject(this.#failed(err, `deleting ${key}`)));
  }

  async *list(prefix: string): AsyncIterable<StoredEntry> {
    let ContinuationToken: string | undefined;
    do {
      const page = await this.client
        .send(new ListObjectsV2Command({ Bucket: this.#bucket, Prefix: this.#prefix + prefix, ContinuationToken }))
        .catch((err: unknown) => Promise.reject(this.#failed(err, `listing ${prefix}`)));
      for (const object of page.Contents ?? []) {
        const key = object.Key?.slice(this.#prefix.length);
        if (!key) continue;
        yield { key, size: object.Size ?? 0, mtimeMs: object.LastModified?.getTime() ?? 0, etag: unquote(object.ETag) };
      }
      ContinuationToken = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (ContinuationToken);
  }

  presign(key: string, ttlS: number, response: ResponseOverrides = {}): Promise<string> {
    const command = new GetObjectCommand({
      Bucket: this.#bucket,
      Key: this.#key(key),
      ResponseContentType: response.contentType,
      ResponseContentDisposition: response.contentDisposition,
      ResponseCacheControl: response.cacheControl,
    });
    return getSignedUrl(this.client, command, { expiresIn: ttlS });
  }

  async check(): Promise<void> {
    try {
      await this.client.send(new HeadBucketCommand({ Bucket: this.#bucket }));
    } catch (err) {
      const status = statusOf(err);
      const why =
        status === 404
          ? 'the bucket does not exist'
          : status === 403
            ? 'access is denied (check AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY)'
            : `it did not answer (${(err as Error).name}: ${(err as Error).message})`;
      throw new Error(`CLOUDTUNE_STORAGE_URL ${this.location}: ${why}`);
    }
  }

  close(): void {
    this.client.destroy();
  }
}
