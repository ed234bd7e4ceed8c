// Arranges the e2e database before the server starts (PGlite allows one process at a time):
// every interface language is enabled (so the journey can switch to Arabic), the first admin is bootstrapped
// and verified accounts exist.
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { LANGUAGE_CODES } from '../common/languages.ts';
import { loadConfig } from '../server/config.ts';
import { openDatabase } from '../server/db/client.ts';
import { migrate } from '../server/db/migrate.ts';
import { seed } from '../server/db/seed.ts';
import { ensureAdmin } from '../server/features/admin/setup-admin.db.ts';
import { createAuth } from '../server/features/auth/auth.ts';
import { E2E_ADMIN, E2E_FRIEND, E2E_RIDER } from './fixtures.ts';

// e2e/run-e2e.ts arranges one database before its shards start and gives each shard a copy of it.
if (process.env.E2E_DATA_PREPARED === '1') process.exit(0);

const config = loadConfig();
const database = await openDatabase({ dataDir: config.dataDir, databaseUrl: config.databaseUrl });
await migrate(database);
await seed(database.db);
await database.db
  .updateTable('site_settings')
  .set({ setting_value: JSON.stringify(LANGUAGE_CODES) })
  .where('setting_key', '=', 'enabled_languages')
  .execute();

const silent = { trace() {}, debug() {}, info() {}, warn() {}, error() {}, fatal() {}, child: () => silent, level: 'silent', silent() {} };
const auth = createAuth({ config, db: database.db, mailer: { send: async () => {} }, allowedOrigins: [config.publicUrl], log: silent as never });
const ids: Record<string, string> = {};
// The admin comes from the bootstrap that `npm run create-admin` and /setup-admin share.
const bootstrap = await ensureAdmin({ db: database.db, auth, admin: { email: E2E_ADMIN.email, password: E2E_ADMIN.password }, log: silent });
if (bootstrap.status !== 'created') throw new Error('the e2e database already had an admin');
const admin = await database.db
  .updateTable('profiles')
  .set({ name: E2E_ADMIN.name })
  .where('email', '=', E2E_ADMIN.email)
  .returning('id')
  .executeTakeFirstOrThrow();
ids[E2E_ADMIN.email] = admin.id;
for (const user of [E2E_RIDER, E2E_FRIEND]) {
  const created = await auth.api.signUpEmail({ body: { name: user.name, email: user.email, password: user.password } });
  ids[user.email] = created.user.id;
  await database.db.updateTable('profiles').set({ email_verified: true }).where('email', '=', user.email).execute();
}
// The specs reach these people's public pages by id.
writeFileSync(path.join(config.dataDir, 'fixture-ids.json'), JSON.stringify(ids));
await database.close();
