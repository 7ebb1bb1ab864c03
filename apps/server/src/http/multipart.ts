import fastifyMultipart, { type MultipartFile } from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ApiError, badRequest } from '../errors.ts';

/** Uploads (the avatar's `imgFile`, the cloud drive's `songFile`): one file and a few small fields per request. */
const FORM_LIMITS = { files: 1, fields: 10, fieldSize: 1024, parts: 12, headerPairs: 100 };

/**
 * Room for the rest of a form around its file: boundaries, part headers and the few small fields
 * above (10 × 1 KiB at most). A body announced longer than its file's limit plus this cannot hold
 * a file within the limit (or is no form a client makes): it is refused before it is read.
 */
export const FORM_OVERHEAD_BYTES = 64 * 1024;
export const FORM_TOO_LARGE_MSG = '上传的表单内容过多';
const formTooLarge = (): ApiError => new ApiError(413, FORM_TOO_LARGE_MSG);

export async function acceptMultipart(app: FastifyInstance): Promise<void> {
  await app.register(fastifyMultipart, { limits: FORM_LIMITS });
}

/** How one route takes its file. */
export interface UploadRule {
  /** bytes the file may have: one more and it is refused with `tooLarge` */
  maxBytes: number;
  /** the refusal of a file past maxBytes (413 for a size limit, 507 for a full cloud drive) */
  tooLarge: () => ApiError;
  /** a body that is no multipart/form-data or ends early (400) */
  malformed: () => ApiError;
}

/** The body's own failures are the client's, never a 500: a form over its limits → 413, anything else about it → 400. */
function formError(err: unknown, rule: UploadRule): ApiError {
  if (err instanceof ApiError) return err;
  const { code, statusCode } = err as { code?: string; statusCode?: number };
  if (code === 'FST_REQ_FILE_TOO_LARGE') return rule.tooLarge();
  if (statusCode === 413) return formTooLarge();
  return rule.malformed();
}

/**
 * The request's first file part, with busboy counting its bytes against `rule.maxBytes`. A body
 * whose Content-Length already says it cannot fit is refused at once, unread (Node drains the
 * rest, so the client still reads the answer); so is a form with too many fields or parts, or a
 * field cut at its 1 KiB.
 */
export async function filePart(request: FastifyRequest, rule: UploadRule): Promise<MultipartFile | undefined> {
  const declared = Number(request.headers['content-length']);
  if (declared > rule.maxBytes + FORM_OVERHEAD_BYTES) throw rule.tooLarge();
  const files = request.files({ limits: { ...FORM_LIMITS, fileSize: rule.maxBytes } });
  try {
    const part: MultipartFile | undefined = (await files.next()).value;
    if (!part) return undefined;
    // When the form passes a limit (too many fields or parts) or breaks before the file is read,
    // @fastify/multipart destroys the file's stream with neither an end nor an error: the reason
    // is what the form yields next.
    if (part.file.destroyed && !part.file.readableEnded) {
      await files.next();
      throw rule.malformed();
    }
    // busboy cuts a field past fieldSize short and says so only here: a cut value is never taken for the real one.
    const fields = Object.values(part.fields).flatMap((field) => field ?? []);
    if (fields.some((field) => field.type === 'field' && field.valueTruncated)) {
      part.file.resume();
      throw formTooLarge();
    }
    return part;
  } catch (err) {
    throw formError(err, rule);
  }
}

/**
 * A file part read whole into memory, or `rule.tooLarge()` as soon as it passes its limit.
 * busboy stops a part at its limit and marks it `truncated`, yet the stream still ends normally,
 * cut short: when the limit falls exactly on a chunk's end, nothing more is read and no error
 * follows (@fastify/multipart's `toBuffer()` then resolves with the first maxBytes bytes). So
 * `truncated` is what decides, checked at the end as well as on the `limit` event.
 */
export function readWholeFile(part: MultipartFile, rule: UploadRule): Promise<Buffer> {
  const { file } = part;
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    const refuse = () => {
      chunks.length = 0;
      reject(rule.tooLarge());
    };
    if (file.truncated) return refuse();
    file.on('limit', refuse);
    file.on('data', (chunk: Buffer) => chunks.push(chunk));
    file.on('end', () => (file.truncated ? refuse() : resolve(Buffer.concat(chunks))));
    file.on('error', (err) => reject(formError(err, rule)));
    // Destroyed before its end (the client went away): the promise settles all the same.
    file.on('close', () => file.readableEnded || reject(rule.malformed()));
  });
}

/** `field is required (multipart/form-data)`, the answer when the form has no such file part. */
export const fileRequired = (field: string): ApiError => badRequest(`${field} is required (multipart/form-data)`);
