import { createHash } from 'node:crypto';
import type { Plugin } from 'vite';
import { serviceWorkerSource } from './service-worker.ts';
import { appIcons, WEB_APP_MANIFEST } from './web-app-manifest.ts';

/** Files the shell needs offline: everything but the reverbs (cached on first use) and source maps. */
const isShellFile = (fileName: string) => !fileName.endsWith('.wav') && !fileName.endsWith('.map') && fileName !== 'sw.js';

/**
 * Browser build only: emits sw.js (build-tools/service-worker.ts) with the build's files to
 * precache, manifest.webmanifest and its icons, and links the manifest from index.html. The
 * desktop build has no service worker: its files are on disk already.
 */
export function serviceWorker({ apiPrefix = '/api' }: { apiPrefix?: string } = {}): Plugin {
  return {
    name: 'cloudtune:service-worker',
    apply: 'build',
    enforce: 'post',
    transformIndexHtml: () => [
      { tag: 'link', attrs: { rel: 'manifest', href: '/manifest.webmanifest' }, injectTo: 'head' },
      // iOS takes its home-screen icon from here (a bitmap; it ignores SVG and the manifest's icons).
      { tag: 'link', attrs: { rel: 'apple-touch-icon', sizes: '180x180', href: '/icons/icon-180.png' }, injectTo: 'head' },
    ],
    generateBundle(_options, bundle) {
      this.emitFile({ type: 'asset', fileName: 'manifest.webmanifest', source: JSON.stringify(WEB_APP_MANIFEST, null, 2) });
      const icons = appIcons();
      for (const icon of icons) this.emitFile({ type: 'asset', fileName: icon.fileName, source: icon.source });
      const files = [...new Set([...Object.keys(bundle), 'manifest.webmanifest', ...icons.map((i) => i.fileName)])]
        .filter(isShellFile)
        .sort();
      const precache = files.map((f) => `/${f}`);
      const version = createHash('sha256').update(files.join('\n')).digest('hex').slice(0, 12);
      this.emitFile({ type: 'asset', fileName: 'sw.js', source: serviceWorkerSource(precache, version, apiPrefix) });
    },
  };
}
