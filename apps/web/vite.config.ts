import { fileURLToPath } from 'node:url';
import { build } from 'rolldown';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { audioEffects } from './build-tools/audio-effects-plugin.ts';
import { serviceWorker } from './build-tools/service-worker-plugin.ts';

/**
 * The first screen's stylesheets go into index.html itself (browser build): one round trip
 * less before the first paint. The files are kept, since route chunks that share them load them. The desktop build keeps
 * files, so its Content-Security-Policy can forbid inline styles.
 */
function inlineEntryCss(): Plugin {
  return {
    name: 'cloudtune:inline-entry-css',
    apply: 'build',
    enforce: 'post',
    generateBundle(_options, bundle) {
      const page = bundle['index.html'];
      if (!page || page.type !== 'asset') return;
      let html = String(page.source);
      for (const [fileName, asset] of Object.entries(bundle)) {
        if (asset.type !== 'asset' || !fileName.endsWith('.css')) continue;
        const link = new RegExp(`<link rel="stylesheet"[^>]*href="[^"]*${fileName.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}"[^>]*>`);
        if (!link.test(html)) continue;
        html = html.replace(link, () => `<style>${String(asset.source)}</style>`);
        // The file stays: code-split chunks that share this CSS still load it by name.
      }
      page.source = html;
    },
  };
}

/**
 * The first screen arrives drawn by the server (src/ssr): the browser paints it, banner image
 * first, while the scripts that make it interactive load. Asked for at low priority, the scripts
 * no longer hold up the banner image (the screen's largest element) on the same connections.
 */
function scriptsAfterTheFirstScreen(): Plugin {
  return {
    name: 'cloudtune:scripts-after-the-first-screen',
    apply: 'build',
    enforce: 'post',
    transformIndexHtml: (html) =>
      html.replace(/<(script type="module"|link rel="modulepreload")(?![^>]*fetchpriority)/g, '<$1 fetchpriority="low"'),
  };
}

/**
 * The saved appearance (dark theme, theme colour) applied by a script in the head, before the
 * server-drawn first screen paints: src/app/early-appearance.ts, bundled on its own and inlined.
 */
function earlyAppearance(): Plugin {
  return {
    name: 'cloudtune:early-appearance',
    apply: 'build',
    async transformIndexHtml(html) {
      const bundle = await build({
        input: fileURLToPath(new URL('src/app/early-appearance.ts', import.meta.url)),
        write: false,
        output: { format: 'iife', minify: true },
      });
      const code = bundle.output[0].code.trim();
      return html.replace('</title>', () => `</title>\n    <script>${code}</script>`);
    },
  };
}

/**
 * One code base, two builds: the default mode is the browser build
 * (history URLs, served from `/`); `--mode desktop` is the Electron build, loaded from a
 * file, so its assets are relative. The platform itself is read from `import.meta.env.MODE`
 * (see src/lib/platform.ts).
 */
export default defineConfig(({ mode, isSsrBuild }) => {
  const desktop = mode === 'desktop';
  if (isSsrBuild) {
    // The server's render of the first screen (src/ssr/first-screen.tsx): one self-contained
    // module the music server loads from dist/ssr, with nothing to resolve from node_modules.
    return {
      plugins: [react()],
      ssr: { noExternal: true, target: 'node' },
      build: { outDir: 'dist/ssr', emptyOutDir: true, target: 'node20', ssr: 'src/ssr/first-screen.tsx', copyPublicDir: false },
    };
  }
  return {
    plugins: [
      react(),
      audioEffects(),
      ...(desktop
        ? []
        : [
            inlineEntryCss(),
            scriptsAfterTheFirstScreen(),
            earlyAppearance(),
            serviceWorker({ apiPrefix: (process.env.VITE_API_BASE || '/api').replace(/\/+$/, '') }),
          ]),
    ],
    base: desktop ? './' : '/',
    build: {
      outDir: desktop ? 'dist/desktop' : 'dist/browser',
      emptyOutDir: true,
      target: 'es2022',
    },
    server: {
      port: 5173,
      // The music server mounts its API under /api when it serves the web app; in dev the
      // page and the API live on different ports, so vite forwards the API calls.
      proxy: { '/api': { target: process.env.CLOUDTUNE_API ?? 'http://localhost:4000', changeOrigin: true } },
    },
  };
});
