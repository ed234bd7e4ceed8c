import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';

/** Vite's build manifest (`.vite/manifest.json`): each source module's chunk and the chunks it imports. */
type ManifestChunk = { file: string; src?: string; isEntry?: boolean; imports?: string[]; dynamicImports?: string[]; css?: string[] };
export type Manifest = Record<string, ManifestChunk>;

export const manifestPath = (webDist: string) => path.join(webDist, '.vite/manifest.json');

/** The manifest of the web build in `webDist`, or undefined for a build without one. */
export function readManifest(webDist: string): Manifest | undefined {
  const file = manifestPath(webDist);
  return existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as Manifest) : undefined;
}

/** Manifest keys of a chunk and everything it imports statically. */
export function staticClosure(manifest: Manifest, keys: string[]): Set<string> {
  const seen = new Set<string>();
  const visit = (key: string) => {
    if (seen.has(key)) return;
    const chunk = manifest[key];
    if (!chunk) throw new Error(`${key} is not in the build manifest`);
    seen.add(key);
    chunk.imports?.forEach(visit);
  };
  keys.forEach(visit);
  return seen;
}

/**
 * The scripts (`/assets/…js`) a page's own modules (its page chunk, its strings: manifest keys, from
 * the renderer) need beyond those already listed. Named to the browser with the entry's, they are
 * fetched early and in parallel instead of when hydration reaches the page's lazy code, when Vite's
 * preloading added one `<link>` per module in a single long task (240 ms on a phone, issue 17).
 * Keys the build does not know are left out; the answer is kept per set of keys.
 */
export function pageScripts(manifest: Manifest | undefined, listed: readonly string[]): (modules: readonly string[]) => string[] {
  const known = new Set(listed);
  const kept = new Map<string, string[]>();
  return (modules) => {
    if (!manifest || modules.length === 0) return [];
    const id = modules.join(' ');
    let scripts = kept.get(id);
    if (!scripts) {
      const keys = staticClosure(
        manifest,
        modules.filter((key) => manifest[key]),
      );
      scripts = [...new Set([...keys].map((key) => `/${manifest[key]!.file}`))].filter((file) => file.endsWith('.js') && !known.has(file));
      kept.set(id, scripts);
    }
    return scripts;
  };
}
