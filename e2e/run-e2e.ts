import { spawn } from 'node:child_process';
import { cpSync, existsSync, readdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { buildWebIfStale } from '../scripts/build-web.ts';
import { E2E_DATA_DIR } from './fixtures.ts';

/** Finds Chromium: CHROMIUM_PATH, then Debian's /usr/bin/chromium, then Playwright's own browser. */
async function findChromium(): Promise<string | undefined> {
  const candidates = [process.env.CHROMIUM_PATH, '/usr/bin/chromium'];
  for (const candidate of candidates) if (candidate && existsSync(candidate)) return candidate;
  try {
    const { chromium } = await import('@playwright/test');
    const own = chromium.executablePath();
    if (own && existsSync(own)) return own;
  } catch {
    // no Playwright browser either
  }
  return undefined;
}

const chromium = await findChromium();
if (!chromium) {
  const line = '!'.repeat(78);
  const message = `${line}\n!! BROWSER TESTS SKIPPED: no Chromium found.\n!! Install one with:  apt-get update && apt-get install -y chromium\n!! (or set CHROMIUM_PATH). CI sets REQUIRE_E2E=1 and fails instead of skipping.\n${line}`;
  if (process.env.REQUIRE_E2E === '1') {
    console.error(message.replace('SKIPPED', 'REQUIRED BUT MISSING'));
    process.exit(1);
  }
  console.warn(message);
  process.exit(0);
}

// The journeys run in shards, each a Playwright process with its own server, database and port, so
// that one shard's pages render while another's browser waits: on two cores one process kept about
// one core busy. A run naming files or flags is one process, as before.
const args = process.argv.slice(2);
const shards = args.length > 0 ? 1 : Math.max(1, Number(process.env.E2E_SHARDS ?? 2));
const basePort = Number(process.env.E2E_PORT ?? 3210);
// Built once before the shards start: two servers building at once would race on dist/.
await buildWebIfStale();

/** Runs a command to its end with the output shown; its exit code. */
function run(command: string, commandArgs: string[], env: NodeJS.ProcessEnv): Promise<number> {
  const child = spawn(command, commandArgs, { env, stdio: 'inherit' });
  return new Promise((resolve) => child.on('close', (code) => resolve(code ?? 1)));
}

// The shards' database is arranged once and copied (arranging it took each shard 15 s of CPU).
const PREPARED_DIR = `${E2E_DATA_DIR}-prepared`;
if (shards > 1) {
  rmSync(PREPARED_DIR, { recursive: true, force: true });
  const code = await run('npx', ['tsx', 'e2e/prepare-data.ts'], { ...process.env, DATA_DIR: PREPARED_DIR, NODE_ENV: 'test', LOG_LEVEL: 'warn' });
  if (code !== 0) process.exit(code);
}

/**
 * Seconds each journey file took (a CI run of both shards on the 2-core EPYC machine, 2026-11-27; a
 * new file counts DEFAULT_SECONDS until it is measured). Files go to the shard with the least so
 * far, longest first (Playwright's own --shard cuts the alphabetical list by test count, which left
 * one shard with both axe audits). Within a shard files run in alphabetical order: profile.spec.ts
 * deletes the fixture rider, and every file that signs it in sorts before it.
 */
const SECONDS: Record<string, number> = {
  'accessibility-rtl.spec.ts': 222,
  'accessibility.spec.ts': 210,
  'offline.spec.ts': 196,
  'teams.spec.ts': 194,
  'early-clicks.spec.ts': 150,
  'no-javascript.spec.ts': 137,
  'admin.spec.ts': 125,
  'places.spec.ts': 108,
  'journey.spec.ts': 96,
  'events.spec.ts': 90,
  'live.spec.ts': 84,
  'shops.spec.ts': 78,
  'profile.spec.ts': 72,
  'articles.spec.ts': 66,
  'secret-spots.spec.ts': 66,
  'place-access.spec.ts': 61,
  'reviews.spec.ts': 48,
  'event-series.spec.ts': 43,
  'place-conditions.spec.ts': 43,
  'calendars.spec.ts': 39,
  'photos.spec.ts': 36,
  'sessions-profile.spec.ts': 36,
  'athletes.spec.ts': 34,
  'server-rendered.spec.ts': 34,
  'event-places.spec.ts': 27,
  'sessions.spec.ts': 19,
  'tricks.spec.ts': 18,
  'push.spec.ts': 13,
  'mail-smtp.spec.ts': 6,
};
const DEFAULT_SECONDS = 40;

function shardFiles(): string[][] {
  const files = readdirSync(path.join(import.meta.dirname)).filter((f) => f.endsWith('.spec.ts'));
  const weight = (f: string) => SECONDS[f] ?? DEFAULT_SECONDS;
  const lanes = Array.from({ length: shards }, () => ({ seconds: 0, files: [] as string[] }));
  for (const file of [...files].sort((a, b) => weight(b) - weight(a))) {
    const lane = lanes.reduce((least, l) => (l.seconds < least.seconds ? l : least));
    lane.seconds += weight(file);
    lane.files.push(file);
  }
  // Playwright reads each as a pattern of the path; after "e2e/" a name matches only its own file.
  return lanes.map((l) => l.files.sort().map((f) => `e2e/${f}`));
}

function runShard(index: number): Promise<number> {
  const env: NodeJS.ProcessEnv = { ...process.env, CHROMIUM_PATH: chromium };
  const shardArgs = shards === 1 ? args : lanes[index - 1]!;
  let dataDir = E2E_DATA_DIR;
  if (shards > 1) {
    dataDir = `${E2E_DATA_DIR}-${index}`;
    Object.assign(env, {
      E2E_DATA_DIR: dataDir,
      E2E_PORT: String(basePort + index - 1),
      E2E_OUTPUT_DIR: `test-results/shard-${index}`,
      E2E_DATA_PREPARED: '1',
    });
  }
  rmSync(dataDir, { recursive: true, force: true });
  if (shards > 1) cpSync(PREPARED_DIR, dataDir, { recursive: true });
  const child = spawn('npx', ['playwright', 'test', ...shardArgs], { env, stdio: shards === 1 ? 'inherit' : ['ignore', 'pipe', 'pipe'] });
  if (shards > 1) {
    // Each line says its shard: the two outputs interleave.
    for (const stream of [child.stdout, child.stderr]) {
      createInterface({ input: stream! }).on('line', (line) => console.log(`[${index}/${shards}] ${line}`));
    }
  }
  return new Promise((resolve) => child.on('close', (code) => resolve(code ?? 1)));
}

const lanes = shards === 1 ? [] : shardFiles();
const codes = await Promise.all(Array.from({ length: shards }, (_, i) => runShard(i + 1)));
process.exit(codes.every((code) => code === 0) ? 0 : 1);
