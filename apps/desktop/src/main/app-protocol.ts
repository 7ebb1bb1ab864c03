import { protocol } from 'electron';
import { APP_SCHEME, answerAppRequest, type AppSchemeOptions } from '../services/app-scheme.ts';
import { answerLocalFile, localFilePath } from '../services/local-file.ts';

/** Before `ready`: app:// is standard (relative URLs, an origin), secure, and may be fetched and streamed. */
export function registerAppScheme(): void {
  protocol.registerSchemesAsPrivileged([
    { scheme: APP_SCHEME, privileges: { standard: true, secure: true, supportFetchAPI: true, stream: true, codeCache: true } },
  ]);
}

/** After `ready`: app://cloudtune/… answered from the desktop build by services/app-scheme.ts. */
export function serveAppScheme(options: AppSchemeOptions & { localFileRoots: () => readonly string[] }): void {
  protocol.handle(APP_SCHEME, async (request) => {
    // app://cloudtune/local-file?path=…: downloads and 本地音乐 from disk (services/local-file.ts)
    const answer =
      localFilePath(request.url) !== null
        ? await answerLocalFile(
            { url: request.url, method: request.method, range: request.headers?.get('range') ?? undefined },
            options.localFileRoots,
          )
        : await answerAppRequest({ url: request.url, method: request.method }, options);
    return new Response(answer.body && new Uint8Array(answer.body), { status: answer.status, headers: answer.headers });
  });
}
