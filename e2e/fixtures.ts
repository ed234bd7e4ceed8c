import { readFileSync } from 'node:fs';
import path from 'node:path';

/** Verified accounts that e2e/prepare-data.ts creates before the server starts. */
export const E2E_ADMIN = { name: 'Ada Admin', email: 'admin@e2e.stoked.test', password: 'admin e2e password' };
export const E2E_RIDER = { name: 'Pat Profile', email: 'pat@e2e.stoked.test', password: 'pat first password' };
export const E2E_FRIEND = { name: 'Fran Friend', email: 'fran@e2e.stoked.test', password: 'fran e2e password' };

export const E2E_DATA_DIR = path.resolve(process.env.E2E_DATA_DIR ?? '.tmp/e2e-data');

/**
 * The browser tests' server sends its mail over SMTP to a real SMTP server started beside it
 * (e2e/start-server.ts), which appends each message it accepts to this file in the data folder.
 */
export const SMTP_RECEIVED_FILE = 'smtp-received.jsonl';
export const E2E_SMTP_FILE = path.join(E2E_DATA_DIR, SMTP_RECEIVED_FILE);

/** The id prepare-data gave a fixture account. */
export function fixtureId(user: { email: string }): string {
  const ids = JSON.parse(readFileSync(path.join(E2E_DATA_DIR, 'fixture-ids.json'), 'utf8')) as Record<string, string>;
  return ids[user.email]!;
}
