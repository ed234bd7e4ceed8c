import { sql, type Kysely } from 'kysely';
import { seedArticleSamples } from './samples/articles.ts';
import { seedAthleteSamples } from './samples/athletes.ts';
import { seedEventSamples } from './samples/events.ts';
import { seedPlaceSamples } from './samples/places.ts';
import { seedReviewSamples } from './samples/reviews.ts';
import { seedShopSamples } from './samples/shops.ts';
import { seedTrickSamples } from './samples/tricks.ts';
import type { DB } from './schema.ts';

const SAMPLES_LOCK = 7_301_1978;

/**
 * A living set of sample riders and content for surfing, skateboarding and snowboarding, so that a
 * newcomer's first start shows real sections. Runs only on an empty database (no account yet).
 */
export async function seedSamples(db: Kysely<DB>): Promise<boolean> {
  const seeded = await db.transaction().execute(async (tx) => {
    // Several servers starting at once on one empty database: one seeds, the others then find accounts.
    await sql`select pg_advisory_xact_lock(${SAMPLES_LOCK})`.execute(tx);
    const anyone = await tx.selectFrom('profiles').select('id').limit(1).executeTakeFirst();
    if (anyone) return false;
    const authors = await seedAthleteSamples(tx);
    for (const seedSection of [seedPlaceSamples, seedEventSamples, seedTrickSamples, seedReviewSamples, seedShopSamples, seedArticleSamples]) {
      await seedSection(tx, authors);
    }
    return true;
  });
  // The planner's statistics at once, not when autovacuum next comes by (up to a minute): until then
  // it plans every page's reads for empty tables: the events list at 64 connections gave about 190
  // pages/s in its first seconds on a new site, 270 with the statistics (2-core machine, PostgreSQL).
  if (seeded) await sql`analyze`.execute(db);
  return seeded;
}
