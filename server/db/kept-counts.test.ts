import { sql } from 'kysely';
import { expect, test } from 'vitest';
import { useTestApp } from '../test/use-test-app.ts';

// Migrations 0007 and 0008 keep counts and copies (public_counts, discipline_members, profiles.followers_count,
// discipline_athletes, discipline_athlete_texts) by triggers; after every kind of write they must equal what rebuild_counts() recomputes from the rows.
const t = useTestApp({ sampleContent: true });

const kept = async () => {
  const { rows: counts } = await sql<{ key: string; n: number }>`select key, n from public_counts where n <> 0 order by key`.execute(t.app.db);
  const { rows: members } = await sql<{ discipline_id: string; user_id: string; follows: boolean; teams: number }>`
    select discipline_id, user_id, follows, teams from discipline_members order by 1, 2`.execute(t.app.db);
  const { rows: followers } = await sql<{ id: string; followers_count: number }>`select id, followers_count from profiles order by id`.execute(t.app.db);
  const { rows: athletes } = await sql`select * from discipline_athletes order by discipline_id, user_id`.execute(t.app.db);
  const { rows: texts } = await sql`select * from discipline_athlete_texts where n <> 0 order by discipline_id, text`.execute(t.app.db);
  return { counts, members, followers, athletes, texts };
};

test('kept counts follow follows, bans, teams, memberships, approvals and deletions exactly', async () => {
  const db = t.app.db;
  const run = (statement: ReturnType<typeof sql>) => statement.execute(db);
  await run(sql`
    insert into profiles (id, name, email, email_verified, banned)
    select 'kc-' || n, 'Kept ' || n, 'kc-' || n || '@example.test', n % 5 <> 0, n % 7 = 0 from generate_series(1, 30) n`);
  await run(
    sql`update profiles set location = (array['Bali', null, 'KAUAI'])[1 + n % 3], athlete_level = 'amateur' from generate_series(1, 30) n where id = 'kc-' || n`,
  );
  await run(
    sql`insert into discipline_followers (user_id, discipline_id) select 'kc-' || n, (array['surfing','rally','bmx'])[1 + n % 3] from generate_series(1, 30) n`,
  );
  await run(sql`insert into discipline_followers (user_id, discipline_id) select 'kc-' || n, 'surfing' from generate_series(1, 30) n where n % 3 <> 0`);
  await run(sql`insert into user_follows (follower_id, followee_id) select 'kc-' || n, 'kc-' || (1 + n % 4) from generate_series(5, 30) n`);
  await run(sql`
    insert into teams (name, leader_id, status) select 'KC team ' || n, 'kc-' || n, (array['approved','pending','approved'])[1 + n % 3]
    from generate_series(1, 6) n`);
  await run(sql`insert into team_members (team_id, user_id, role) select id, leader_id, 'leader' from teams where name like 'KC team %'`);
  await run(sql`
    insert into team_members (team_id, user_id) select t.id, 'kc-' || n from teams t, generate_series(10, 20) n
    where t.name like 'KC team %' and (n + length(t.name)) % 3 = 0 on conflict do nothing`);
  await run(sql`insert into team_disciplines (team_id, discipline_id) select id, 'surfing' from teams where name like 'KC team %'`);
  await run(sql`insert into team_disciplines (team_id, discipline_id) select id, 'bmx' from teams where name in ('KC team 2', 'KC team 3')`);
  const before = await kept();
  expect(before.counts.find((c) => c.key === 'members:surfing')?.n).toBeGreaterThan(0);
  expect(before.athletes.length).toBeGreaterThan(0);
  expect(before.texts.length).toBeGreaterThan(0);

  // Changes of every kind.
  await run(sql`update profiles set banned = true where id in ('kc-1', 'kc-2', 'kc-11')`);
  await run(sql`update profiles set email_verified = true where id = 'kc-5'`);
  await run(sql`update profiles set banned = false where id = 'kc-7'`);
  await run(sql`update profiles set name = 'Renamed Kept', location = 'Peniche' where id in ('kc-3', 'kc-6')`);
  await run(sql`update profiles set location = null, athlete_level = 'professional' where id = 'kc-9'`);
  await run(sql`update profiles set email_verified = false where id = 'kc-10'`);
  await run(sql`delete from discipline_followers where user_id in ('kc-4', 'kc-8') and discipline_id = 'surfing'`);
  await run(sql`delete from user_follows where followee_id = 'kc-2'`);
  await run(sql`update teams set status = 'pending' where name = 'KC team 3'`);
  await run(sql`update teams set status = 'approved' where name = 'KC team 1'`);
  await run(sql`delete from team_disciplines where discipline_id = 'surfing' and team_id = (select id from teams where name = 'KC team 2')`);
  await run(sql`delete from team_members where role = 'member' and user_id in ('kc-12', 'kc-15')`);
  await run(sql`delete from teams where name = 'KC team 6'`);
  await run(sql`update places set status = 'pending' where id = (select id from places where status = 'approved' limit 1)`);
  await run(sql`delete from tricks where id = (select id from tricks where status = 'approved' limit 1)`);
  await run(sql`delete from teams where leader_id = 'kc-4'`);
  await run(sql`delete from profiles where id in ('kc-4', 'kc-13')`);
  const after = await kept();
  expect(after).not.toEqual(before);

  await run(sql`select rebuild_counts()`);
  expect(await kept()).toEqual(after);
});
