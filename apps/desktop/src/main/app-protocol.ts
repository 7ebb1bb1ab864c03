import { protocol } from 'electron';
import { APP_SCHEME, answerAppRequest, type AppSchemeOptions } from '../services/app-scheme.ts';

/** Before `ready`: app:// is standard (relative URLs, an origin), secure, and may be fetched and streamed. */
export function registerAppScheme(): void {
  protocol.registerSchemesAsPrivileged([
    { scheme: APP_SCHEME, privileges: { standard: true, secure: true, supportFetchAPI: true, stream: true, codeCache: true } },
  ]);
}

/** After `ready`: app://cloudtune/… answered from the desktop build by services/app-scheme.ts. */
export function serveAppScheme(options: AppSchemeOptions): void {
  protocol.handle(APP_SCHEME, async (request) => {
    const answer = await answerAppRequest({ url: request.url, method: request.method }, options);
    return new Response(answer.body && new Uint8Array(answer.body), { status: answer.status, headers: answer.headers });
  });
}
