import { sql, type Kysely } from 'kysely';
import type { DB } from './schema.ts';
import { DEFAULT_SETTINGS, SEED_CATEGORIES, SEED_DISCIPLINES } from './seed-data.ts';

/** Idempotent: inserts what is missing and never overwrites what an admin changed. */
export async function seed(db: Kysely<DB>): Promise<void> {
  await db.transaction().execute(async (tx) => {
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
      .values(Object.entries(DEFAULT_SETTINGS).map(([setting_key, setting_value]) => ({ setting_key, setting_value })))
      .onConflict((oc) => oc.column('setting_key').doNothing())
      .execute();
  });
}
