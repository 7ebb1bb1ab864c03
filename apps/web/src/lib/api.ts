import type { EndpointPath, MethodOf, ParamsInputOf, ResponseOf, UploadFieldOf, UploadPath } from '@cloudtune/contract';
import { paramEntries, request, type ApiData, type RequestOptions } from './http.ts';
import { upload, type UploadOptions } from './upload.ts';

/**
 * The one door to the music server: `api(path, params, options)`, typed by the contract. The
 * path names the endpoint; the params are what it takes (`ParamsInputOf`); the answer is what it
 * sends (`ResponseOf`) without its `code`. No caller names a type of its own: a field the
 * contract does not declare, a param it does not take or a method it does not accept fails the
 * typecheck. The transport's rules (cookies, timestamp, timeouts, the 301 flow, HttpError, the
 * desktop base URL) are http.ts's.
 */

/** Object keys that are an index signature's (`[k: string]: unknown`), not a declared field. */
type IndexKey<K> = string extends K ? true : number extends K ? true : symbol extends K ? true : false;
type DeclaredKeys<T> = keyof { [K in keyof T as IndexKey<K> extends true ? never : K]: 0 };

/**
 * Only the fields the contract declares, at every depth. Its response schemas are loose (a real
 * NetEase body's other fields pass through at run time) and so carry an index signature, which
 * would let any misspelt field read as `unknown`; here the index signature goes, so such a read
 * fails. A record (an object of index signature alone) is kept as it is.
 */
export type Declared<T> = T extends readonly unknown[]
  ? { [I in keyof T]: Declared<T[I]> }
  : T extends object
    ? [DeclaredKeys<T>] extends [never]
      ? T
      : { [K in keyof T as IndexKey<K> extends true ? never : K]: Declared<T[K]> }
    : T;

/** What `api(path)` resolves to: the endpoint's answer as the contract declares it, without `code`. */
export type ApiResult<P extends EndpointPath> = Declared<ApiData<ResponseOf<P>>>;

/** The method is the contract's: a POST endpoint is called with `method: 'POST'`, the others with GET. */
type MethodOption<P extends EndpointPath> =
  MethodOf<P> extends 'POST'
    ? {
        method: 'POST';
        /** the params go in a form body, not the URL (a password stays out of logs and history) */
        paramsInBody?: boolean;
      }
    : { method?: 'GET' };

/** A file for an endpoint that takes one, in the form field the contract names. */
interface FileOption<P extends UploadPath> {
  file: { field: UploadFieldOf<P>; blob: Blob; name: string };
}

export type ApiOptions<P extends EndpointPath> = MethodOption<P> &
  (P extends UploadPath ? Partial<FileOption<P>> : unknown) & {
    /** the call needs a logged-in user: a 301 reply starts the login flow */
    auth?: boolean;
    signal?: AbortSignal;
    timeout?: number;
  };

/** The params may be left out where the endpoint requires none; the options where GET is the method. */
type ApiArgs<P extends EndpointPath> = [
  ...params: object extends ParamsInputOf<P> ? [params?: ParamsInputOf<P>] : [params: ParamsInputOf<P>],
  ...options: MethodOf<P> extends 'POST' ? [options: ApiOptions<P>] : [options?: ApiOptions<P>],
];

/** Whatever the options say, as the transport takes them (the typed surface above has checked them). */
interface LooseOptions {
  method?: 'GET' | 'POST';
  paramsInBody?: boolean;
  file?: { field: string; blob: Blob; name: string };
  auth?: boolean;
  signal?: AbortSignal;
  timeout?: number;
}

export async function api<P extends EndpointPath>(path: P, ...args: ApiArgs<P>): Promise<ApiResult<P>> {
  const params = args[0] as RequestOptions['params'];
  const { method, paramsInBody, file, auth, signal, timeout } = (args[1] ?? {}) as LooseOptions;
  const options: RequestOptions = { method, auth, signal, timeout, params };
  if (file) {
    const form = new FormData();
    form.append(file.field, file.blob, file.name);
    options.body = form;
  } else if (paramsInBody) {
    options.body = new URLSearchParams(paramEntries(params));
    options.params = undefined;
  }
  return (await request(path, options)) as ApiResult<P>;
}

/**
 * A file sent to an endpoint that takes one, with upload progress (XMLHttpRequest: fetch cannot
 * report what it has sent). The form field is the contract's.
 */
export async function apiUpload<P extends UploadPath>(
  path: P,
  params: ParamsInputOf<P>,
  file: FileOption<P>['file'],
  options: Omit<UploadOptions, 'params'> = {},
): Promise<ApiResult<P>> {
  const form = new FormData();
  form.append(file.field, file.blob, file.name);
  return (await upload(path, form, { ...options, params: params as RequestOptions['params'] })) as ApiResult<P>;
}
