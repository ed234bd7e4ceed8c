import { readFileSync } from 'node:fs';
import type { Plugin } from 'vite';
import { cataloguePart } from '../web/i18n-parts.ts';

const PART_ID = /\/locales\/[a-z]{2}\.json\?part=(core|rest)$/;
// Most first visits are in the default language: its core strings load with the scripts.
const PRELOADED = /\/locales\/en\.json\?part=core$/;

/** Serves `locales/xx.json?part=core|rest` as a module whose default export is that half of the catalogue. */
export function localeParts(): Plugin {
  return {
    name: 'stoked-locale-parts',
    enforce: 'pre',
    load(id) {
      const match = PART_ID.exec(id);
      if (!match) return null;
      const file = id.slice(0, id.indexOf('?'));
      this.addWatchFile(file);
      const catalogue = JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>;
      const part = JSON.stringify(cataloguePart(catalogue, match[1] as 'core' | 'rest'));
      // JSON.parse of a string literal is faster to start than the same object literal.
      return { code: `export default JSON.parse(${JSON.stringify(part)});`, moduleType: 'js' };
    },
    transformIndexHtml: {
      order: 'post',
      handler(_html, ctx) {
        const chunk = Object.values(ctx.bundle ?? {}).find((c) => c.type === 'chunk' && c.facadeModuleId && PRELOADED.test(c.facadeModuleId));
        if (!chunk) return [];
        return [{ tag: 'link', attrs: { rel: 'modulepreload', crossorigin: true, href: `/${chunk.fileName}` }, injectTo: 'head' }];
      },
    },
  };
}
