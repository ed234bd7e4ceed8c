import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { expect, test } from 'vitest';
import { RELAXED_LIMITS, uniqueEmail } from '../test/test-app.ts';
import { useTestApp } from '../test/use-test-app.ts';

/**
 * Issue 37, hole 4: how long sign-up takes must not tell whether an address has an account. The
 * medians of interleaved sign-ups of new, unconfirmed and confirmed addresses stay within 10 % of each
 * other. Each address is signed up once (a fresh one every round), as an attacker probing an address
 * would, so that no per-address cap is reached.
 *
 * Timing on a shared machine is noisy: the kinds take turns in rounds of one each, in a rotating
 * order, and each time counts relative to its round (a busy moment slows the whole round); a warm-up
 * goes first, medians ignore outliers, and a measurement out of bounds is made once more, with twice
 * the rounds, before the test fails. A real gap fails both: the code before this test measured 42–54 %
 * (the penetration test saw 22–49 %), and a fifth more work on one path measured 16–18 %.
 */
const t = useTestApp(RELAXED_LIMITS);

const ROUNDS = 60;
const WARM_UP = 6;
const MAX_GAP = 0.1;

type Kind = 'new' | 'unconfirmed' | 'confirmed';
const KINDS: Kind[] = ['new', 'unconfirmed', 'confirmed'];

/** An account of this address as a sign-up (unconfirmed) or a confirmed person left it, written directly: quick to make by the dozen. */
async function accountOf(kind: Exclude<Kind, 'new'>, email: string): Promise<void> {
  const id = randomUUID();
  await t.app.db
    .insertInto('profiles')
    .values({ id, name: 'Existing Rider', email, email_verified: kind === 'confirmed' })
    .execute();
  await sql`insert into accounts (id, account_id, provider_id, user_id, password) values (${randomUUID()}, ${id}, 'credential', ${id}, 'not a hash')`.execute(
    t.app.db,
  );
}

async function addressOf(kind: Kind): Promise<string> {
  const email = uniqueEmail(`timing-${kind}`);
  if (kind !== 'new') await accountOf(kind, email);
  return email;
}

let client = 0;
async function timedSignUp(email: string): Promise<number> {
  client += 1;
  const remoteAddress = `198.51.${100 + Math.floor(client / 250)}.${client % 250}`;
  const start = performance.now();
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/auth/sign-up/email',
    remoteAddress,
    payload: { name: 'Timing Rider', email, password: 'correct horse battery' },
  });
  const ms = performance.now() - start;
  expect(res.statusCode, res.body).toBe(200);
  return ms;
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
};
const geometricMean = (values: number[]) => Math.exp(values.reduce((sum, v) => sum + Math.log(v), 0) / values.length);
const gapOf = (values: number[]) => Math.max(...values) / Math.min(...values) - 1;

/**
 * Sign-ups of the three kinds in `rounds` rounds, and the largest gap between the medians of two
 * kinds (relative to the smaller). Each time counts relative to its round (divided by the round's
 * geometric mean): a busy moment of the machine slows a round's three sign-ups alike and is no gap.
 */
async function measure(rounds: number) {
  const times: Record<Kind, number[]> = { new: [], unconfirmed: [], confirmed: [] };
  for (let round = 0; round < rounds; round++) {
    // The addresses are made before the round, so that only sign-ups are timed back to back; each
    // kind takes each place in the round equally often.
    const order = KINDS.map((_, i) => KINDS[(i + round) % KINDS.length]!);
    const addresses = await Promise.all(order.map(addressOf));
    for (const [i, kind] of order.entries()) times[kind].push(await timedSignUp(addresses[i]!));
  }
  const roundMeans = times.new.map((_, r) => geometricMean(KINDS.map((k) => times[k][r]!)));
  const relative = KINDS.map((k) => median(times[k].map((ms, r) => ms / roundMeans[r]!)));
  const medians = Object.fromEntries(KINDS.map((k) => [k, Math.round(median(times[k]) * 10) / 10]));
  return { gap: gapOf(relative), medians };
}

test('sign-ups of a new, an unconfirmed and a confirmed address take the same time (medians within 10 %)', { timeout: 240_000 }, async () => {
  await measure(WARM_UP);
  let result = await measure(ROUNDS);
  // Once more, with twice the rounds, when a noisy machine put the first measurement out.
  if (result.gap > MAX_GAP) result = await measure(2 * ROUNDS);
  expect(result.gap, `gap ${(100 * result.gap).toFixed(1)} %, medians in ms: ${JSON.stringify(result.medians)}`).toBeLessThanOrEqual(MAX_GAP);
});
