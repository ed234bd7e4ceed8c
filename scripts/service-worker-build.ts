import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { SERVICE_WORKER_PATH } from '../common/offline.ts';

const root = path.resolve(import.meta.dirname, '..');

/**
 * The app's shell, which the service worker keeps at install: the bare page (index.html, for a page
 * never visited offline), the script that starts the app, the logo and icon, and every module and
 * style sheet the built index.html loads at once. Other chunks are kept when first used. Files with a content hash in
 * their name need no revision; the others are given their content's.
 */
export function shellOf(webDist: string): { url: string; revision: string | null }[] {
  const index = readFileSync(path.join(webDist, 'index.html'), 'utf8');
  const revision = (file: string) =>
    createHash('sha256')
      .update(readFileSync(path.join(webDist, file)))
      .digest('hex')
      .slice(0, 16);
  const loaded = [...index.matchAll(/(?:src|href)="(\/assets\/[^"]+\.(?:js|css))"/g)].map((m) => m[1]!);
  return [
    { url: '/index.html', revision: revision('index.html') },
    { url: '/paint-first.js', revision: revision('paint-first.js') },
    // The header's logo and the tab's icon (a site's own logo, uploaded by an admin, is a picture kept when seen).
    { url: '/logo.png', revision: revision('logo.png') },
    { url: '/favicon.png', revision: revision('favicon.png') },
    ...[...new Set(loaded)].map((url) => ({ url, revision: null })),
  ];
}

/** Every module and style sheet of the build: what a save for offline keeps (KEEP_ALL_CODE), not each visitor. */
export function codeOf(webDist: string): string[] {
  return readdirSync(path.join(webDist, 'assets'))
    .filter((file) => /\.(?:js|css)$/.test(file))
    .sort()
    .map((file) => `/assets/${file}`);
}

/** Builds web/sw/service-worker.ts into `${webDist}/sw.js` with the shell of the build in `webDist`. */
export async function buildServiceWorker(webDist: string, logLevel: 'warn' | 'silent'): Promise<void> {
  const { build } = await import('vite');
  await build({
    configFile: false,
    logLevel,
    define: {
      'self.__WB_MANIFEST': JSON.stringify(shellOf(webDist)),
      'self.__STOKED_CODE': JSON.stringify(codeOf(webDist)),
      'process.env.NODE_ENV': JSON.stringify('production'),
    },
    build: {
      outDir: webDist,
      emptyOutDir: false,
      copyPublicDir: false,
      target: 'es2022',
      lib: { entry: path.join(root, 'web/sw/service-worker.ts'), formats: ['iife'], name: 'stokedServiceWorker', fileName: () => SERVICE_WORKER_PATH.slice(1) },
    },
  });
}
