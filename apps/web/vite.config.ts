import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

/**
 * One code base, two builds (ARCHITECTURE.md): the default mode is the browser build
 * (history URLs, served from `/`); `--mode desktop` is the Electron build, loaded from a
 * file, so its assets are relative. The platform itself is read from `import.meta.env.MODE`
 * (see src/lib/platform.ts).
 */
export default defineConfig(({ mode }) => {
  const desktop = mode === 'desktop';
  return {
    plugins: [react()],
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
