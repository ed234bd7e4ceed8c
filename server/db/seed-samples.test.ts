import { sql } from 'kysely';
import { expect, test } from 'vitest';
import type { Page } from '../../common/content.ts';
import type { PlaceList } from '../../common/places.ts';
import type { AthleteList } from '../../common/profiles.ts';
import { createTestApp, signUpVerified } from '../test/test-app.ts';
import { seedSamples } from './seed-samples.ts';
import { useTestApp } from '../test/use-test-app.ts';

const t = useTestApp({ sampleContent: true });

// Spec §9 sample sizes, per discipline.
const SIZES = { places: 3, events: 4, tricks: 4, reviews: 4, shops: 4, articles: 3 } as const;

test('a new database gets sample riders and content for surfing, skateboarding and snowboarding', async () => {
  for (const discipline of ['surfing', 'skateboarding', 'snowboarding']) {
    for (const [section, size] of Object.entries(SIZES)) {
      // Past and upcoming events are listed apart.
      const lists = section === 'events' ? ['?when=upcoming', '?when=past'] : [''];
      let total = 0;
      for (const query of lists) {
        const res = await t.app.inject({ url: `/api/disciplines/${discipline}/${section}${query}` });
        expect(res.statusCode, `${discipline} ${section}`).toBe(200);
        const page = res.json() as Page<{ status: string; imageUrl?: string | null }>;
        expect(
          page.items.every((item) => item.status === 'approved'),
          `${discipline} ${section}`,
        ).toBe(true);
        expect(
          page.items.every((item) => !item.imageUrl || item.imageUrl.startsWith('/images/samples/')),
          `${discipline} ${section} pictures`,
        ).toBe(true);
        total += page.total;
      }
      expect(total, `${discipline} ${section}`).toBe(size);
    }
    const athletes = (await t.app.inject({ url: `/api/disciplines/${discipline}/athletes` })).json() as AthleteList;
    expect(athletes.total, discipline).toBeGreaterThanOrEqual(2);
  }
  // Sample riders have no password: nobody can sign in as them.
  const accounts = await sql`select user_id from accounts where user_id like 'sample-%'`.execute(t.app.db);
  expect(accounts.rows).toEqual([]);
});

test('the planner knows the sample content as soon as it is seeded', async () => {
  // reltuples is -1 for a table never analyzed.
  const { rows } = await sql<{
    relname: string;
    reltuples: number;
  }>`select relname, reltuples from pg_class where relname in ('events', 'places', 'profiles')`.execute(t.app.db);
  expect(rows).toHaveLength(3);
  for (const row of rows) expect(row.reltuples, row.relname).toBeGreaterThan(0);
});

test('it never runs again, nor on a database that has accounts', async () => {
  expect(await seedSamples(t.app.db)).toBe(false);
  const other = await createTestApp({ sampleContent: false });
  try {
    await signUpVerified(other);
    expect(await seedSamples(other.app.db)).toBe(false);
    const places = (await other.app.inject({ url: '/api/disciplines/surfing/places' })).json() as PlaceList;
    expect(places.total).toBe(0);
  } finally {
    await other.close();
  }
});
