// Arranges the e2e database before the server starts (PGlite allows one process at a time):
// an admin has enabled every interface language, so the journey can switch to Arabic.
import { LANGUAGE_CODES } from '../common/languages.ts';
import { openDatabase } from '../server/db/client.ts';
import { migrate } from '../server/db/migrate.ts';
import { seed } from '../server/db/seed.ts';

const dataDir = process.env.DATA_DIR;
if (!dataDir) throw new Error('DATA_DIR must be set');
const database = await openDatabase({ dataDir, databaseUrl: process.env.DATABASE_URL });
await migrate(database);
await seed(database.db);
await database.db
  .updateTable('site_settings')
  .set({ setting_value: JSON.stringify(LANGUAGE_CODES) })
  .where('setting_key', '=', 'enabled_languages')
  .execute();
await database.close();
