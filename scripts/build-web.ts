import { existsSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const dist = path.join(root, 'dist/web');
const stamp = path.join(dist, '.build-stamp');
const SOURCES = ['web', 'common', 'vite.config.ts', 'scripts/locale-parts-plugin.ts', 'scripts/precompress-plugin.ts', 'package-lock.json'];

function newestMtime(entry: string): number {
  const full = path.join(root, entry);
  if (!existsSync(full)) return 0;
  const stat = statSync(full);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return Math.max(stat.mtimeMs, ...readdirSync(full).map((child) => newestMtime(path.join(entry, child))));
}

export function webBuildIsStale(): boolean {
  if (!existsSync(stamp) || !existsSync(path.join(dist, 'index.html'))) return true;
  const built = statSync(stamp).mtimeMs;
  return SOURCES.some((s) => newestMtime(s) > built);
}

/** Builds the web app when the build is missing or older than its sources. */
export async function buildWebIfStale(force = false): Promise<boolean> {
  if (!force && !webBuildIsStale()) return false;
  const { build } = await import('vite');
  console.log('Building the web app…');
  // Vite sets NODE_ENV=production for its build; the server that starts next must see the user's value.
  const nodeEnv = process.env.NODE_ENV;
  await build({ configFile: path.join(root, 'vite.config.ts'), root: path.join(root, 'web'), logLevel: 'warn' });
  if (nodeEnv === undefined) delete process.env.NODE_ENV;
  else process.env.NODE_ENV = nodeEnv;
  writeFileSync(stamp, new Date().toISOString());
  return true;
}

if (process.argv[1] === import.meta.filename) {
  await buildWebIfStale(process.argv.includes('--force'));
}
