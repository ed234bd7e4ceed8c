import { existsSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pageRendererOf } from '../server/lib/web-pages.ts';
import { buildServiceWorker } from './service-worker-build.ts';

const root = path.resolve(import.meta.dirname, '..');
const dist = path.join(root, 'dist/web');
const stamp = path.join(dist, '.build-stamp');
const SOURCES = [
  'web',
  'common',
  'vite.config.ts',
  'scripts/locale-parts-plugin.ts',
  'scripts/precompress-plugin.ts',
  'scripts/web-manifest-plugin.ts',
  'scripts/service-worker-build.ts',
  'package-lock.json',
];

function newestMtime(entry: string): number {
  const full = path.join(root, entry);
  if (!existsSync(full)) return 0;
  const stat = statSync(full);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return Math.max(stat.mtimeMs, ...readdirSync(full).map((child) => newestMtime(path.join(entry, child))));
}

export function webBuildIsStale(): boolean {
  if (!existsSync(stamp) || !existsSync(path.join(dist, 'index.html')) || !existsSync(pageRendererOf(dist))) return true;
  const built = statSync(stamp).mtimeMs;
  return SOURCES.some((s) => newestMtime(s) > built);
}

/**
 * The production build of the web app into `outDir` and, unless `pageRenderer` is false, the
 * server's page renderer (web/entry-server.tsx) into `${outDir}-server`.
 */
export async function buildWeb(
  outDir: string,
  { pageRenderer = true, logLevel = 'warn' }: { pageRenderer?: boolean; logLevel?: 'warn' | 'silent' } = {},
): Promise<void> {
  const { build } = await import('vite');
  const common = { configFile: path.join(root, 'vite.config.ts'), root: path.join(root, 'web'), logLevel };
  // The build is the production one even under a test runner's NODE_ENV=test (React's development
  // build otherwise); whatever runs next sees the caller's value again.
  const nodeEnv = process.env.NODE_ENV;
  process.env.NODE_ENV = 'production';
  try {
    // The manifest names each page's chunks, which the server has the browser fetch with the entry.
    await build({ ...common, build: { outDir, emptyOutDir: true, manifest: true } });
    await buildServiceWorker(outDir, logLevel);
    if (pageRenderer) {
      // An SSR build leaves `process.env.NODE_ENV` to be read when it runs, and a server started
      // without it would render with React's development build (several times slower): fixed here.
      await build({
        ...common,
        define: { 'process.env.NODE_ENV': JSON.stringify('production') },
        build: { ssr: 'entry-server.tsx', outDir: path.dirname(pageRendererOf(outDir)), emptyOutDir: true, copyPublicDir: false },
      });
    }
  } finally {
    if (nodeEnv === undefined) delete process.env.NODE_ENV;
    else process.env.NODE_ENV = nodeEnv;
  }
}

/** Builds the web app when the build is missing or older than its sources. */
export async function buildWebIfStale(force = false): Promise<boolean> {
  if (!force && !webBuildIsStale()) return false;
  console.log('Building the web app…');
  await buildWeb(dist);
  writeFileSync(stamp, new Date().toISOString());
  return true;
}

if (process.argv[1] === import.meta.filename) {
  await buildWebIfStale(process.argv.includes('--force'));
}
