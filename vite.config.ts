import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';
import { defineConfig, type Plugin } from 'vite';
import { localeParts } from './scripts/locale-parts-plugin.ts';
import { precompress } from './scripts/precompress-plugin.ts';
import { webManifests } from './scripts/web-manifest-plugin.ts';

const I18NEXT_LITE = fileURLToPath(new URL('./web/lib/i18next-lite.ts', import.meta.url));

/**
 * The browser's code takes web/lib/i18next-lite.ts for `i18next`: the part of it the app uses,
 * answering as i18next does (its test compares the two on every string), at a tenth of the size:
 * i18next was 15 KB of every page's first load (issue 38). The server's renderer keeps i18next.
 */
function i18nextLite(): Plugin {
  return {
    name: 'stoked-i18next-lite',
    enforce: 'pre',
    resolveId(source, _importer, options) {
      return source === 'i18next' && !options?.ssr ? I18NEXT_LITE : null;
    },
  };
}

export default defineConfig({
  root: 'web',
  publicDir: 'public',
  plugins: [i18nextLite(), localeParts(), react(), tailwindcss(), webManifests(fileURLToPath(new URL('./web/locales', import.meta.url))), precompress()],
  build: {
    outDir: '../dist/web',
    emptyOutDir: true,
    target: 'es2022',
    chunkSizeWarningLimit: 600,
    rolldownOptions: {
      // A feature's public module (its index.ts, docs/decisions/0004-module-boundaries.md) re-exports what
      // other features use: a page taking one thing from it must not carry the rest (an admin form's
      // schemas on a visitor's page). A feature's files do nothing when imported, so one whose exports
      // no page uses is left out of the bundle.
      treeshake: { moduleSideEffects: (id: string) => (/\/web\/features\/[^?]*\.tsx?$/.test(id) ? false : undefined) },
    },
  },
  // The server's page renderer (web/entry-server.tsx) carries what it needs, so it runs from any folder.
  ssr: { noExternal: true },
  server: {
    port: 5173,
    proxy: { '/api': 'http://localhost:3000', '/healthz': 'http://localhost:3000' },
  },
});
