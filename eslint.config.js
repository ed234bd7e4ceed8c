// @ts-check
// The import boundaries of docs/decisions/0004-module-boundaries.md, and the few rules whose
// `eslint-disable` comments the code carries. eslint.config.test.ts proves the boundaries still bite.
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createNodeResolver, importX } from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

const root = path.dirname(fileURLToPath(import.meta.url));
const entries = (/** @type {string} */ dir) => readdirSync(path.join(root, dir), { withFileTypes: true });
const featuresOf = (/** @type {string} */ side) =>
  entries(`${side}/features`)
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name);

/**
 * The web files above the features: the route table, the app's frame and entries, and the pieces
 * of the frame that belong to features. They may import any file of any feature (routes.tsx loads
 * each page with `import()`); nothing below them may import them.
 */
export const WEB_ABOVE_FEATURES = [
  'web/routes.tsx',
  'web/signed-in-needs.ts',
  'web/signed-in-links.tsx',
  'web/app.tsx',
  'web/main.tsx',
  'web/entry-server.tsx',
];
/** The server's: buildApp registers every feature; the Fastify declarations name their types. */
export const SERVER_ABOVE_FEATURES = ['server/app.ts', 'server/main.ts', 'server/fastify.d.ts'];

/** The other top-level web files (i18n, the SSR state) sit below the features, like web/lib. */
const webBelowFeatures = entries('web')
  .filter((entry) => entry.isFile() && /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name))
  .map((entry) => `web/${entry.name}`)
  .filter((file) => !WEB_ABOVE_FEATURES.includes(file));

/** Each feature's files but its public module index.ts are its own (any test may reach inside). */
function featureZones(/** @type {string} */ side) {
  const features = featuresOf(side);
  return features.map((feature) => ({
    target: features.filter((other) => other !== feature).map((other) => `./${side}/features/${other}`),
    from: `./${side}/features/${feature}`,
    except: ['./index.ts'],
    message: `Another feature reaches ${side}/features/${feature} only through its public module, ${side}/features/${feature}/index.ts.`,
  }));
}

const commonZone = {
  target: './common',
  from: ['./server', './web', './e2e', './bench', './scripts'],
  message: 'common/ is shared by the server and the web: it imports only common/.',
};

const webZone = { target: './web', from: './server', message: 'The web app runs in the browser: it imports nothing of the server.' };

const layerZones = [
  commonZone,
  { target: ['./server/lib', './server/db'], from: './server/features', message: 'server/lib and server/db sit below the features.' },
  {
    target: ['./web/components', './web/lib', ...webBelowFeatures.map((f) => `./${f}`)],
    from: './web/features',
    message: 'web/components and web/lib sit below the features.',
  },
  {
    target: ['./web/components', './web/lib', './web/features', ...webBelowFeatures.map((f) => `./${f}`)],
    from: WEB_ABOVE_FEATURES.map((f) => `./${f}`),
    message: 'The route table and the app frame sit above everything else.',
  },
  webZone,
];

const testFiles = ['**/*.test.{ts,tsx}', 'server/test/**', 'server/security/**', 'server/reliability/**', 'web/test/**', 'e2e/**', 'bench/**', 'scripts/**'];

export default tseslint.config(
  { ignores: ['node_modules/**', 'dist/**', 'data/**', 'web/public/**', 'test-results/**', 'playwright-report/**', '.tmp/**', '.tsbuild/**'] },
  {
    files: ['**/*.{ts,tsx}'],
    languageOptions: { parser: tseslint.parser },
    linterOptions: { reportUnusedDisableDirectives: 'error' },
    plugins: { '@typescript-eslint': tseslint.plugin, 'import-x': importX },
    settings: {
      // Our imports name the file itself (`allowImportingTsExtensions`), so Node's resolution finds it.
      'import-x/resolver-next': [createNodeResolver({ extensions: ['.ts', '.tsx', '.js', '.json'] })],
      // Which files no-cycle parses to follow their imports (by default only JavaScript: no cycle found).
      'import-x/extensions': ['.ts', '.tsx', '.js'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      // Each file parsed once per run (by default a parsed file is kept 30 s, then parsed again).
      'import-x/cache': { lifetime: Infinity },
    },
    rules: {
      // Type-only imports are erased, and so are left out: they cannot form a cycle at run time.
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      'import-x/no-restricted-paths': ['error', { basePath: root, zones: [...layerZones, ...featureZones('web'), ...featureZones('server')] }],
      '@typescript-eslint/no-explicit-any': 'error',
      'require-yield': 'error',
    },
  },
  {
    files: ['server/**/*.ts'],
    rules: {
      // The server reads the web's types (the page renderer's); it loads the built renderer by its path
      // at run time (server/lib/web-pages.ts), never the web's sources.
      '@typescript-eslint/no-restricted-imports': [
        'error',
        { patterns: [{ regex: '^(\\.\\./)+web/', allowTypeImports: true, message: 'The server imports the web by type only.' }] },
      ],
    },
  },
  {
    files: ['web/**/*.{ts,tsx}'],
    ignores: ['web/components/ui/link.tsx', ...testFiles],
    rules: {
      // One Link: the server renders its markup without React Router's work (web/components/ui/link.tsx).
      '@typescript-eslint/no-restricted-imports': [
        'error',
        { paths: [{ name: 'react-router', importNames: ['Link'], message: 'Use Link from web/components/ui/link.tsx.' }] },
      ],
    },
  },
  {
    files: ['web/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
    },
  },
  {
    // Tests may reach inside any feature and below it; not into a cycle, nor common/ out of common/.
    files: testFiles,
    rules: {
      'import-x/no-restricted-paths': ['error', { basePath: root, zones: [commonZone, webZone] }],
    },
  },
);
