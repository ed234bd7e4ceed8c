import path from 'node:path';
import { ESLint } from 'eslint';
import { describe, expect, test } from 'vitest';

/**
 * `npm run lint` passing proves nothing if a rule quietly stopped matching (a renamed folder, a
 * resolver that finds nothing): here the real config (eslint.config.js) lints made-up files placed
 * among the real ones, and must reject each kind of violation of docs/decisions/0004.
 */

const root = import.meta.dirname;
const eslint = new ESLint({ cwd: root });

async function problems(file: string, code: string) {
  const [result] = await eslint.lintText(code, { filePath: path.join(root, file) });
  return result!.messages.map((m) => `${m.ruleId ?? 'eslint'}: ${m.message}`);
}

const BOUNDARY = 'import-x/no-restricted-paths';

describe('eslint.config.js', { timeout: 60_000 }, () => {
  test('web/lib and web/components import no feature', async () => {
    expect(await problems('web/lib/made-up.ts', "export { homeKeys } from '../features/home/index.ts';\n")).toEqual([expect.stringContaining(BOUNDARY)]);
    expect(await problems('web/components/ui/made-up.ts', "import { useLogin } from '../../features/auth/auth.api.ts';\nexport const f = useLogin;\n")).toEqual(
      [expect.stringContaining(BOUNDARY)],
    );
  });

  test('a feature reaches another only through its index.ts', async () => {
    expect(
      await problems('web/features/home/made-up.ts', "import { LikeButton } from '../reactions/like-button.tsx';\nexport const f = LikeButton;\n"),
    ).toEqual([expect.stringContaining('only through its public module, web/features/reactions/index.ts')]);
    expect(await problems('web/features/home/made-up.ts', "import { LikeButton } from '../reactions/index.ts';\nexport const f = LikeButton;\n")).toEqual([]);
    expect(await problems('web/features/home/made-up.ts', "export const load = () => import('../reactions/comments-section.tsx');\n")).toEqual([
      expect.stringContaining(BOUNDARY),
    ]);
    expect(
      await problems('server/features/feed/made-up.ts', "import { getArticle } from '../articles/articles.db.ts';\nexport const f = getArticle;\n"),
    ).toEqual([expect.stringContaining(BOUNDARY)]);
  });

  test('the route table and the tests may reach inside a feature', async () => {
    expect(await problems('web/routes.tsx', "export const load = () => import('./features/reactions/comments-section.tsx');\n")).toEqual([]);
    expect(
      await problems('web/features/home/made-up.test.ts', "import { LikeButton } from '../reactions/like-button.tsx';\nexport const f = LikeButton;\n"),
    ).toEqual([]);
  });

  test('server/lib imports no feature, common/ nothing outside common/', async () => {
    expect(await problems('server/lib/made-up.ts', "import { getArticle } from '../features/articles/index.ts';\nexport const f = getArticle;\n")).toEqual([
      expect.stringContaining(BOUNDARY),
    ]);
    expect(await problems('common/made-up.ts', "import { AppError } from '../server/lib/errors.ts';\nexport const f = AppError;\n")).toEqual([
      expect.stringContaining(BOUNDARY),
    ]);
  });

  test('the server imports the web by type only', async () => {
    expect(await problems('server/lib/made-up.ts', "import { renderPage } from '../../web/entry-server.tsx';\nexport const f = renderPage;\n")).toEqual([
      expect.stringContaining('by type only'),
    ]);
    expect(await problems('server/lib/made-up.ts', "import type { RenderedPage } from '../../web/entry-server.tsx';\nexport type F = RenderedPage;\n")).toEqual(
      [],
    );
  });

  test("the web's links are the one Link (web/components/ui/link.tsx), not React Router's", async () => {
    const page = (from: string) => `import { Link } from '${from}';\nexport const f = () => <Link to="/teams">Teams</Link>;\n`;
    expect(await problems('web/features/home/made-up.tsx', page('react-router'))).toEqual([
      expect.stringContaining('Use Link from web/components/ui/link.tsx.'),
    ]);
    expect(await problems('web/features/home/made-up.tsx', page('../../components/ui/link.tsx'))).toEqual([]);
    // What React Router has besides its Link stays open to the web.
    expect(await problems('web/features/home/made-up.tsx', "import { NavLink } from 'react-router';\nexport const f = NavLink;\n")).toEqual([]);
  });

  test('an import cycle is an error', async () => {
    // web/lib/session.ts imports web/lib/api.ts: api.ts importing session.ts back closes a cycle.
    expect(await problems('web/lib/api.ts', "import { useMe } from './session.ts';\nexport const f = useMe;\n")).toEqual([
      expect.stringContaining('import-x/no-cycle'),
    ]);
  });

  test('a disable comment that disables nothing is an error', async () => {
    expect(await problems('web/lib/made-up.ts', '// eslint-disable-next-line @typescript-eslint/no-explicit-any\nexport const f = 1;\n')).toEqual([
      expect.stringContaining('Unused eslint-disable directive'),
    ]);
  });
});
