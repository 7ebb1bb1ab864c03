import { apiBase, REQUEST_TIMEOUT_MS } from './config.ts';
import { HttpError, paramEntries, type ApiPayload, type RequestOptions } from './http.ts';

/**
 * The transport of a multipart POST with upload progress (`apiUpload()` in api.ts types it by
 * the contract; features call that). fetch() cannot report how much of a request body
 * has been sent, so uploads (the cloud drive's progress bar) go through
 * XMLHttpRequest; otherwise it follows the http client's rules: cookies sent, a `timestamp`
 * param, a body `code` other than 200 raised as HttpError, `code: 200` stripped.
 */
export interface UploadOptions {
  params?: RequestOptions['params'];
  /** 0–100, as the browser reports bytes sent */
  onProgress?: (percent: number) => void;
  signal?: AbortSignal;
  /** ms without the upload finishing; big files get more than a plain request's 30 s */
  timeout?: number;
}

/** Whole percent of `loaded` out of `total`, never above 100 (an unknown total counts as 0). */
export const uploadPercent = (loaded: number, total: number): number => (total > 0 ? Math.min(100, Math.floor((loaded / total) * 100)) : 0);

export async function upload(path: string, form: FormData, options: UploadOptions = {}): Promise<ApiPayload> {
  const base = await apiBase();
  const url = new URL(base + path, globalThis.location?.href ?? 'http://localhost/');
  for (const [key, value] of paramEntries(options.params)) url.searchParams.set(key, value);
  url.searchParams.set('timestamp', String(Date.now()));
  const shownUrl = base + path;

  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', url.toString());
    xhr.withCredentials = true;
    xhr.timeout = options.timeout ?? REQUEST_TIMEOUT_MS * 10;
    xhr.upload.onprogress = (e) => options.onProgress?.(uploadPercent(e.loaded, e.lengthComputable ? e.total : 0));
    xhr.onload = () => {
      let body: Record<string, unknown> | undefined;
      try {
        body = JSON.parse(xhr.responseText) as Record<string, unknown>;
      } catch {
        body = undefined;
      }
      const code = typeof body?.code === 'number' ? body.code : xhr.status >= 200 && xhr.status < 300 ? 200 : xhr.status;
      if (code !== 200 || !body) {
        const msg = typeof body?.msg === 'string' ? body.msg : typeof body?.message === 'string' ? body.message : undefined;
        reject(new HttpError(code === 200 ? xhr.status : code, msg, shownUrl));
        return;
      }
      const { code: _code, ...data } = body;
      resolve(data);
    };
    xhr.onerror = () => reject(new HttpError(0, '网络错误', shownUrl));
    xhr.ontimeout = () => reject(new HttpError(408, '上传超时', shownUrl));
    xhr.onabort = () => reject(new DOMException('上传已取消', 'AbortError'));
    options.signal?.addEventListener('abort', () => xhr.abort(), { once: true });
    xhr.send(form);
  });
}
