/**
 * Public entry of @cloudtune/desktop: the main process's services, plain Node modules that
 * Electron only wires (src/main). The end-to-end tests serve the desktop build through the same
 * scheme rules and Content-Security-Policy as the shell does.
 */
export type * from '@cloudtune/desktop-bridge';
export {
  APP_ENTRY_URL,
  APP_HOST,
  APP_ORIGIN,
  APP_SCHEME,
  MIME_TYPES,
  answerAppRequest,
  isAppUrl,
  resolveAppPath,
} from './services/app-scheme.ts';
export type { AppPath, AppResponse, AppSchemeOptions } from './services/app-scheme.ts';
export { apiOrigin, contentSecurityPolicy } from './services/content-security-policy.ts';
export {
  startLocalServer,
  ServerStartError,
  type LaunchServer,
  type LocalServer,
  type LocalServerOptions,
} from './services/server-process.ts';
export { nodeLauncher, type NodeLauncherOptions } from './services/node-launcher.ts';
export { answerLocalFile, localFilePath } from './services/local-file.ts';
export { scanLocalMusic } from './services/local-folders.ts';
export { parseInvokeArgs } from './services/ipc-contract.ts';
export { saveDownload, removeDownload } from './services/downloads.ts';
