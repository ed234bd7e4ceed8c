// Arranges the e2e database before the server starts (PGlite allows one process at a time):
// every interface language is enabled (so the journey can switch to Arabic) and a verified admin exists.
import { LANGUAGE_CODES } from '../common/languages.ts';
import { loadConfig } from '../server/config.ts';
import { openDatabase } from '../server/db/client.ts';
import { migrate } from '../server/db/migrate.ts';
import { seed } from '../server/db/seed.ts';
import { createAuth } from '../server/features/auth/auth.ts';
import { E2E_ADMIN } from './fixtures.ts';

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
await auth.api.signUpEmail({ body: { name: E2E_ADMIN.name, email: E2E_ADMIN.email, password: E2E_ADMIN.password } });
await database.db.updateTable('profiles').set({ role: 'admin', email_verified: true }).where('email', '=', E2E_ADMIN.email).execute();
await database.close();
