import { afterAll, beforeAll, expect, test } from 'vitest';
import type { PlaceList } from '../../common/places.ts';
import type { AthleteList } from '../../common/profiles.ts';
import { createTestApp, signUpVerified, type TestApp } from '../test/test-app.ts';
import { seedSamples } from './seed-samples.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ sampleContent: true });
});
afterAll(async () => {
  await t?.close();
});

test('a new database gets sample riders and content for surfing, skateboarding and snowboarding', async () => {
  for (const discipline of ['surfing', 'skateboarding', 'snowboarding']) {
    const places = (await t.app.inject({ url: `/api/disciplines/${discipline}/places` })).json() as PlaceList;
    expect(places.total, discipline).toBe(3);
    expect(places.items.every((p) => p.status === 'approved' && p.imageUrl?.startsWith('/images/samples/'))).toBe(true);
    const athletes = (await t.app.inject({ url: `/api/disciplines/${discipline}/athletes` })).json() as AthleteList;
    expect(athletes.total, discipline).toBeGreaterThanOrEqual(2);
  }
  // Sample riders have no password: nobody can sign in as them.
  const accounts = await t.app.db.selectFrom('accounts').select('user_id').where('user_id', 'like', 'sample-%').execute();
  expect(accounts).toEqual([]);
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
