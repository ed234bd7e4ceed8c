import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Plugin } from 'vite';
import { LANGUAGE_CODES, LANGUAGE_PARAM, languageDir, webManifestPath } from '../common/languages.ts';

// The colours of index.html's theme-color and of the page's background.
const THEME_COLOR = '#0f172a';
const BACKGROUND_COLOR = '#ffffff';

/**
 * Writes one web app manifest per interface language (issue 21, item 1): the app's name and
 * description from that language's catalogue, its direction, standalone display and the icons in
 * web/public/icons (192 and 512 px, and a maskable one with the logo inside the safe zone).
 */
export function webManifests(localesDir: string): Plugin {
  return {
    name: 'stoked-web-manifests',
    apply: 'build',
    applyToEnvironment: (environment) => environment.config.consumer === 'client',
    generateBundle() {
      for (const language of LANGUAGE_CODES) {
        const app = (JSON.parse(readFileSync(path.join(localesDir, `${language}.json`), 'utf8')) as { app: { name: string; description: string } }).app;
        const manifest = {
          name: app.name,
          short_name: app.name,
          description: app.description,
          lang: language,
          dir: languageDir(language),
          start_url: `/?${LANGUAGE_PARAM}=${language}`,
          scope: '/',
          display: 'standalone',
          theme_color: THEME_COLOR,
          background_color: BACKGROUND_COLOR,
          icons: [
            { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
            { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
            { src: '/icons/icon-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
          ],
        };
        this.emitFile({ type: 'asset', fileName: webManifestPath(language).slice(1), source: `${JSON.stringify(manifest, null, 2)}\n` });
      }
    },
  };
}
