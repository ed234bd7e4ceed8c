// `npm run create-admin`: the command-line twin of /setup-admin. Makes the first admin from
// ADMIN_EMAIL / ADMIN_PASSWORD (or a generated password printed here once) while there is none.
// On the embedded database, stop the server first: PGlite's data folder has one user at a time.
import { buildApp } from '../server/app.ts';
import { ConfigError, loadConfig } from '../server/config.ts';
import { ensureAdmin } from '../server/features/admin/setup-admin.db.ts';
import { ERROR_MESSAGES } from '../common/error-codes.ts';

let config;
try {
  config = loadConfig();
} catch (error) {
  if (error instanceof ConfigError) {
    console.error(error.message);
    process.exit(1);
  }
  throw error;
}

// Opens the database and migrates it exactly as the server does.
const app = await buildApp(config, { logger: { level: 'warn' } });
let exitCode = 0;
try {
  const print = (message: string) => console.log(message);
  const outcome = await ensureAdmin({ db: app.db, auth: app.auth, admin: config.admin, log: { warn: print, info: print } });
  if (outcome.status === 'exists') console.log('An admin account already exists: nothing was changed.');
  if (outcome.status === 'email-taken') {
    exitCode = 1;
    console.error(`${ERROR_MESSAGES.ADMIN_EMAIL_TAKEN} Set ADMIN_EMAIL to another address, or have an admin change that account's role.`);
  }
} catch (error) {
  exitCode = 1;
  console.error(error);
} finally {
  await app.close();
}
process.exit(exitCode);
