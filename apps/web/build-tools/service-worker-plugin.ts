import { createHash } from 'node:crypto';
import type { Plugin } from 'vite';
import { serviceWorkerSource } from './service-worker.ts';

/** The web app manifest (a PWA the browser can install; the theme colour). */
const MANIFEST = {
  name: 'Cloudtune 云音乐',
  short_name: 'Cloudtune',
  lang: 'zh-CN',
  start_url: '/',
  scope: '/',
  display: 'standalone',
  background_color: '#ffffff',
  theme_color: '#3dc095',
  icons: [{ src: '/icon.svg', sizes: 'any', type: 'image/svg+xml', purpose: 'any' }],
};

const ICON =
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><circle cx="16" cy="16" r="16" fill="#3dc095"/><path d="M13 9v10.3a3.5 3.5 0 1 0 2 3.2V13h6V9z" fill="white"/></svg>';

/** Files the shell needs offline: everything but the reverbs (cached on first use) and source maps. */
const isShellFile = (fileName: string) => !fileName.endsWith('.wav') && !fileName.endsWith('.map') && fileName !== 'sw.js';

/**
 * Browser build only: emits sw.js (build-tools/service-worker.ts) with the build's files to
 * precache, manifest.webmanifest and its icon, and links the manifest from index.html. The
 * desktop build has no service worker: its files are on disk already.
 */
export function serviceWorker({ apiPrefix = '/api' }: { apiPrefix?: string } = {}): Plugin {
  return {
    name: 'cloudtune:service-worker',
    apply: 'build',
    enforce: 'post',
    transformIndexHtml: () => [
      { tag: 'link', attrs: { rel: 'manifest', href: '/manifest.webmanifest' }, injectTo: 'head' },
      { tag: 'link', attrs: { rel: 'apple-touch-icon', href: '/icon.svg' }, injectTo: 'head' },
    ],
    generateBundle(_options, bundle) {
      this.emitFile({ type: 'asset', fileName: 'manifest.webmanifest', source: JSON.stringify(MANIFEST, null, 2) });
      this.emitFile({ type: 'asset', fileName: 'icon.svg', source: ICON });
      const files = [...Object.keys(bundle), 'manifest.webmanifest', 'icon.svg'].filter(isShellFile).sort();
      const precache = files.map((f) => `/${f}`);
      const version = createHash('sha256').update(files.join('\n')).digest('hex').slice(0, 12);
      this.emitFile({ type: 'asset', fileName: 'sw.js', source: serviceWorkerSource(precache, version, apiPrefix) });
    },
  };
}
