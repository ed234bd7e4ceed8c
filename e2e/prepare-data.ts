// Arranges the e2e database before the server starts (PGlite allows one process at a time):
// every interface language is enabled (so the journey can switch to Arabic) and verified accounts exist.
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { LANGUAGE_CODES } from '../common/languages.ts';
import { loadConfig } from '../server/config.ts';
import { openDatabase } from '../server/db/client.ts';
import { migrate } from '../server/db/migrate.ts';
import { seed } from '../server/db/seed.ts';
import { createAuth } from '../server/features/auth/auth.ts';
import { E2E_ADMIN, E2E_FRIEND, E2E_RIDER } from './fixtures.ts';

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
for (const user of [E2E_ADMIN, E2E_RIDER, E2E_FRIEND]) {
  const created = await auth.api.signUpEmail({ body: { name: user.name, email: user.email, password: user.password } });
  ids[user.email] = created.user.id;
  await database.db.updateTable('profiles').set({ email_verified: true }).where('email', '=', user.email).execute();
}
// The specs reach these people's public pages by id.
writeFileSync(path.join(config.dataDir, 'fixture-ids.json'), JSON.stringify(ids));
await database.db.updateTable('profiles').set({ role: 'admin' }).where('email', '=', E2E_ADMIN.email).execute();
await database.close();
