import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { openDatabase } from '../db/client.ts';
import { migrate } from '../db/migrate.ts';
import { seed } from '../db/seed.ts';

/** Where the API tests find the migrated database image (set by the global set-up below). */
export const PGLITE_IMAGE_ENV = 'STOKED_TEST_PGLITE_IMAGE';

/**
 * Vitest global set-up of the API tests: migrates and seeds one in-memory PGlite database, as the
 * app does at start, and saves its image, so that each test's fresh database opens from it instead
 * of creating a cluster and migrating it again (most of a test file's set-up time). Not on PostgreSQL.
 */
export default async function setup() {
  if (process.env.DATABASE_URL) return;
  const dir = mkdtempSync(path.join(tmpdir(), 'stoked-test-image-'));
  const database = await openDatabase({ dataDir: dir, inMemory: true });
  await migrate(database);
  await seed(database.db);
  const image = await database.image!();
  await database.close();
  const file = path.join(dir, 'migrated.tar');
  writeFileSync(file, Buffer.from(await image.arrayBuffer()));
  process.env[PGLITE_IMAGE_ENV] = file;
  return () => rmSync(dir, { recursive: true, force: true });
}
