import { sql, type Kysely } from 'kysely';
import type { DB } from './schema.ts';
import { DEFAULT_SETTINGS, SEED_CATEGORIES, SEED_DISCIPLINES } from './seed-data.ts';

/** Marks a database whose catalogue was seeded: what an admin deletes afterwards stays deleted. */
export const CATALOGUE_SEEDED_KEY = 'catalogue_seeded';

/** Idempotent: inserts what is missing and never overwrites what an admin changed. */
export async function seed(db: Kysely<DB>): Promise<void> {
  await db.transaction().execute(async (tx) => {
    const seeded = await tx.selectFrom('site_settings').select('setting_key').where('setting_key', '=', CATALOGUE_SEEDED_KEY).executeTakeFirst();
    if (!seeded) await seedCatalogue(tx);
    await tx
      .insertInto('site_settings')
      .values(Object.entries(DEFAULT_SETTINGS).map(([setting_key, setting_value]) => ({ setting_key, setting_value })))
      .onConflict((oc) => oc.column('setting_key').doNothing())
      .execute();
  });
}

async function seedCatalogue(tx: Kysely<DB>): Promise<void> {
  await tx
    .insertInto('categories')
    .values(SEED_CATEGORIES.map((c, position) => ({ id: c.id, name: c.names.en, names: JSON.stringify(c.names), icon: c.icon, color: c.color, position })))
    .onConflict((oc) => oc.column('id').doNothing())
    .execute();
  await tx
    .insertInto('disciplines')
    .values(SEED_DISCIPLINES.map((d) => ({ id: d.id, name: d.names.en, names: JSON.stringify(d.names), icon: d.icon, color: d.color })))
    .onConflict((oc) => oc.column('id').doNothing())
    .execute();
  // Links only for disciplines this seed created; an admin may have re-linked the others.
  await sql`
    insert into discipline_categories (discipline_id, category_id)
    select v.discipline_id, v.category_id
    from (values ${sql.join(SEED_DISCIPLINES.map((d) => sql`(${d.id}, ${d.category})`))}) as v(discipline_id, category_id)
    where not exists (select 1 from discipline_categories dc where dc.discipline_id = v.discipline_id)
    on conflict do nothing`.execute(tx);
  await tx
    .insertInto('site_settings')
    .values({ setting_key: CATALOGUE_SEEDED_KEY, setting_value: new Date().toISOString() })
    .onConflict((oc) => oc.column('setting_key').doNothing())
    .execute();
}
