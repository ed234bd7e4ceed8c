import { hash } from '@node-rs/argon2';
import { sql, type Kysely } from 'kysely';
import type { DB } from '../../server/db/schema.ts';

/**
 * Bench data at several sizes, inserted set-based (insert … select from generate_series) into the real
 * tables. Generated rows are recognisable: ids and e-mails of people start with `gen-`, team names with
 * `Gen `. `generate` is incremental: it counts what a previous call generated and adds the difference, so
 * `generate(x10)` after `generate(seed)` on one database gives the x10 size (people follows can fall a few
 * short when random pairs collide). The scale script may as well use a fresh database per size.
 */

export type Size = { users: number; teams: number; follows: number; contentItems: number; sessions: number; conditionReports: number };

export const SIZES = {
  // The sample seed only: its 7 riders and ~70 content items.
  seed: { users: 0, teams: 0, follows: 0, contentItems: 0, sessions: 0, conditionReports: 0 },
  // Ten times the sample seed's counts.
  x10: { users: 100, teams: 20, follows: 1_000, contentItems: 700, sessions: 2_000, conditionReports: 2_000 },
  large: { users: 100_000, teams: 10_000, follows: 1_000_000, contentItems: 100_000, sessions: 1_000_000, conditionReports: 1_000_000 },
} as const satisfies Record<string, Size>;

// Of `follows`, each person follows about two disciplines; the rest are people following people.
const DISCIPLINE_FOLLOWS_PER_USER = 2;
// Team members besides leaders: half of all people belong to some team.
const MEMBERSHIPS_PER_USER = 0.5;
// Content split over the six sections.
const CONTENT_SHARE = { places: 0.2, events: 0.2, tricks: 0.15, reviews: 0.15, shops: 0.1, articles: 0.2 } as const;

type Db = Kysely<DB>;

async function count(db: Db, query: ReturnType<typeof sql<{ n: number }>>): Promise<number> {
  const { rows } = await query.execute(db);
  return Number(rows[0]?.n ?? 0);
}

export async function generate(db: Db, size: Size, log: (s: string) => void = () => {}): Promise<void> {
  // One connection with triggers (and the foreign keys' triggers) off: the kept counts of migration 0007
  // would update one counter row per inserted row; rebuild_counts() recomputes them all at the end.
  await db.connection().execute(async (conn) => {
    await sql`set session_replication_role = replica`.execute(conn);
    // A million sessions in one statement outlasts the app's 30 s statement timeout (server/db/client.ts).
    await sql`set statement_timeout = 0`.execute(conn);
    try {
      await load(conn, size, log);
    } finally {
      await sql`set session_replication_role = default`.execute(conn);
      await sql`reset statement_timeout`.execute(conn);
    }
    const t = Date.now();
    // Before migration 0007 there are no kept counts to rebuild.
    const { rows } = await sql<{ kept: boolean }>`select to_regproc('rebuild_counts') is not null as kept`.execute(conn);
    if (rows[0]?.kept) await sql`select rebuild_counts()`.execute(conn);
    // The rebuild rewrote every followed person's row: compact profiles as a live database's autovacuum
    // would have kept it, and set the visibility maps (index-only scans) as autovacuum would.
    await sql`vacuum full profiles`.execute(conn);
    await sql`vacuum analyze`.execute(conn);
    log(`  counts rebuilt, vacuumed and analyzed (${((Date.now() - t) / 1000).toFixed(1)} s)`);
  });
}

async function load(db: Db, size: Size, log: (s: string) => void): Promise<void> {
  const started = Date.now();
  const step = async (label: string, run: () => Promise<unknown>) => {
    const t = Date.now();
    await run();
    log(`  ${label} (${((Date.now() - t) / 1000).toFixed(1)} s)`);
  };

  // Popular disciplines first, so the skewed picks below make surfing and co the big ones.
  const disciplines = (await db.selectFrom('disciplines').select('id').orderBy('name').execute()).map((d) => d.id);
  const popular = ['surfing', 'skateboarding', 'snowboarding'].filter((d) => disciplines.includes(d));
  const order = [...popular, ...disciplines.filter((d) => !popular.includes(d))];
  if (order.length === 0) throw new Error('no disciplines: seed the catalogue first (start the server once)');
  const discArray = sql`(${sql.val(order)}::text[])`;
  // A skewed 1-based index into the discipline array: the first ones get most rows.
  const skewedDisc = (r: string) => sql.raw(`(1 + floor(${order.length} * power(${r}, 2))::int)`);

  // People.
  const haveUsers = await count(db, sql<{ n: number }>`select count(*)::int as n from profiles where id like 'gen-u-%'`);
  if (size.users > haveUsers) {
    const from = haveUsers + 1;
    const to = size.users;
    await step(`profiles ${from}..${to}`, () =>
      sql`
        insert into profiles (id, name, email, email_verified, location, role, banned, athlete_level, achievements, bio, created_at, updated_at)
        select 'gen-u-' || n,
          (array['Kai','Lena','Maya','Noah','Ivo','Sora','Tomas','Ana','Yuki','Leo','Nina','Omar','Zoe','Eli','Mira','Ravi'])[1 + n % 16]
            || ' ' || (array['Silva','Kahale','Novak','Berg','Moreau','Tanaka','Rossi','Kowalski','Ivanova','Haddad','Lopez','Schmidt'])[1 + (n / 16) % 12]
            || ' ' || n,
          'gen-u-' || n || '@bench.invalid',
          n % 20 <> 0,
          (array['Lisbon, Portugal','Bali, Indonesia','Hossegor, France','Whistler, Canada','Barcelona, Spain','Tokyo, Japan','Cape Town, South Africa','Oahu, Hawaii'])[1 + n % 8],
          'user',
          n % 100 = 7,
          (array['professional','amateur',null])[1 + n % 3],
          case when n % 5 = 0 then '["Regional champion","Sponsored rider"]'::jsonb else '[]'::jsonb end,
          'Generated rider for benchmarks.',
          now() - (n % 730) * interval '1 day', now()
        from generate_series(${from}::int, ${to}::int) n`.execute(db),
    );
    // A credential account for each (one shared hash: the password is 'bench-password').
    const passwordHash = await hash('bench-password');
    await step('accounts', () =>
      sql`
        insert into accounts (id, account_id, provider_id, user_id, password)
        select 'gen-a-' || n, 'gen-u-' || n, 'credential', 'gen-u-' || n, ${passwordHash}
        from generate_series(${from}::int, ${to}::int) n`.execute(db),
    );
  }
  const users = Math.max(size.users, haveUsers);
  if (users === 0) {
    log(`nothing to generate (${((Date.now() - started) / 1000).toFixed(1)} s)`);
    return;
  }

  // Discipline follows: a person's first follow is skewed towards the popular disciplines, the next ones spread.
  const wantDisciplineFollows = Math.min(size.follows, users * DISCIPLINE_FOLLOWS_PER_USER);
  const haveDisciplineFollows = await count(db, sql<{ n: number }>`select count(*)::int as n from discipline_followers where user_id like 'gen-u-%'`);
  if (wantDisciplineFollows > haveDisciplineFollows) {
    await step(`discipline follows ${haveDisciplineFollows}..${wantDisciplineFollows}`, () =>
      sql`
        insert into discipline_followers (user_id, discipline_id, created_at)
        select 'gen-u-' || (1 + k % ${users}::int),
          ${discArray}[case when k / ${users}::int = 0 then ${skewedDisc('random()')} else 1 + (k * 7 + k / ${users}::int * 13) % ${order.length}::int end],
          now() - (k % 700) * interval '1 day'
        from generate_series(${haveDisciplineFollows}::int, ${wantDisciplineFollows - 1}::int) k
        on conflict do nothing`.execute(db),
    );
  }

  // People following people: followees drawn from a power law, so a few riders have thousands of followers.
  const wantUserFollows = Math.max(0, size.follows - wantDisciplineFollows);
  const haveUserFollows = await count(db, sql<{ n: number }>`select count(*)::int as n from user_follows where follower_id like 'gen-u-%'`);
  if (wantUserFollows > haveUserFollows) {
    await step(`people follows ${haveUserFollows}..${wantUserFollows}`, () =>
      sql`
        insert into user_follows (follower_id, followee_id, created_at)
        select 'gen-u-' || f, 'gen-u-' || e, now() - (k % 700) * interval '1 day'
        from (
          select k, 1 + k % ${users}::int as f, 1 + floor(${users}::int * power(random(), 3))::int as e
          from generate_series(${haveUserFollows}::int, ${wantUserFollows - 1}::int) k
        ) s
        where f <> e
        on conflict do nothing`.execute(db),
    );
  }

  // Teams: mostly approved, some pending or rejected, a fifth private; one or two disciplines each.
  const haveTeams = await count(db, sql<{ n: number }>`select count(*)::int as n from teams where name like 'Gen %'`);
  if (size.teams > haveTeams) {
    const from = haveTeams + 1;
    const to = size.teams;
    await step(`teams ${from}..${to}`, async () => {
      await sql`
        insert into teams (name, description, type, is_private, location, leader_id, status, founded_date, created_at, updated_at)
        select 'Gen ' || (array['Crew','Riders','Collective','Squad','Club','Tribe','Union','Pack'])[1 + n % 8] || ' ' || n,
          'A generated team for benchmarks.',
          (array['Pro','Amateur','Club'])[1 + n % 3],
          n % 5 = 0,
          (array['Lisbon, Portugal','Bali, Indonesia','Hossegor, France','Whistler, Canada','Barcelona, Spain','Tokyo, Japan'])[1 + n % 6],
          'gen-u-' || (1 + (n * 37) % ${users}::int),
          case when n % 50 = 0 then 'rejected' when n % 10 = 0 then 'pending' else 'approved' end,
          date '2010-01-01' + (n % 5000),
          now() - (n % 730) * interval '1 day' - n * interval '1 second', now()
        from generate_series(${from}::int, ${to}::int) n`.execute(db);
      await sql`
        insert into team_members (team_id, user_id, role, joined_at)
        select t.id, t.leader_id, 'leader', t.created_at from teams t
        where t.name like 'Gen %' and not exists (select 1 from team_members m where m.team_id = t.id)`.execute(db);
      await sql`
        insert into team_disciplines (team_id, discipline_id)
        select t.id, ${discArray}[${skewedDisc('random()')}] from teams t
        where t.name like 'Gen %' and not exists (select 1 from team_disciplines td where td.team_id = t.id)
        on conflict do nothing`.execute(db);
      await sql`
        insert into team_disciplines (team_id, discipline_id)
        select t.id, ${discArray}[1 + floor(random() * ${order.length})::int] from teams t
        where t.name like 'Gen %' and random() < 0.3
        on conflict do nothing`.execute(db);
    });
  }
  const teams = Math.max(size.teams, haveTeams);

  // Members besides the leaders, spread over teams with a skew (a few big teams, many small ones).
  if (teams > 0) {
    const wantMembers = Math.floor(users * MEMBERSHIPS_PER_USER);
    const haveMembers = await count(db, sql<{ n: number }>`select count(*)::int as n from team_members where role = 'member' and user_id like 'gen-u-%'`);
    if (wantMembers > haveMembers) {
      await step(`team members ${haveMembers}..${wantMembers}`, () =>
        sql`
          insert into team_members (team_id, user_id, role, joined_at)
          select t.id, 'gen-u-' || (1 + (s.k * 7919) % ${users}::int), 'member', t.created_at + (s.k % 300) * interval '1 day'
          from (select k, 1 + floor(${teams}::int * power(random(), 2))::int as i from generate_series(${haveMembers}::int, ${wantMembers - 1}::int) k) s
          join (select id, created_at, row_number() over (order by id) as i from teams where name like 'Gen %') t on t.i = s.i
          on conflict do nothing`.execute(db),
      );
    }
  }

  // Content in the six sections, skewed towards popular disciplines; 90% approved, 8% pending, 2% rejected.
  const status = sql.raw(`case when n % 50 = 0 then 'rejected' when n % 12 = 0 then 'pending' else 'approved' end`);
  const author = sql`'gen-u-' || (1 + (n * 31) % ${users}::int)`;
  const created = sql.raw(`now() - (n % 730) * interval '1 day' - n * interval '1 second'`);
  const disc = sql`${discArray}[${skewedDisc('random()')}]`;
  const sections: { table: keyof typeof CONTENT_SHARE; insert: (from: number, to: number) => ReturnType<typeof sql> }[] = [
    {
      table: 'places',
      insert: (from, to) => sql`
        insert into places (name, discipline_id, location, latitude, longitude, author_id, status, created_at, updated_at)
        select 'Gen spot ' || (array['Point','Reef','Bowl','Park','Ridge','Bay','Plaza','Canyon'])[1 + n % 8] || ' ' || n, ${disc},
          (array['Lisbon, Portugal','Bali, Indonesia','Hossegor, France','Whistler, Canada','Barcelona, Spain','Tokyo, Japan'])[1 + n % 6],
          -60 + (n * 7919 % 12000) / 100.0, -180 + (n * 104729 % 36000) / 100.0, ${author}, ${status}, ${created}, now()
        from generate_series(${from}::int, ${to}::int) n`,
    },
    {
      table: 'events',
      insert: (from, to) => sql`
        insert into events (name, discipline_id, description, location, start_date, end_date, author_id, status, type, price, max_attendees, created_at, updated_at)
        select 'Gen event ' || n, ${disc}, 'A generated event.', 'Hossegor, France',
          now() + ((n % 730) - 365) * interval '1 day', now() + ((n % 730) - 363) * interval '1 day',
          ${author}, ${status}, (array['Competition','Meetup','Festival','Workshop'])[1 + n % 4], (n % 4) * 10, case when n % 3 = 0 then 50 end,
          ${created}, now()
        from generate_series(${from}::int, ${to}::int) n`,
    },
    {
      table: 'tricks',
      insert: (from, to) => sql`
        insert into tricks (name, discipline_id, description, difficulty, author_id, status, level, steps, tips, created_at, updated_at)
        select 'Gen trick ' || n, ${disc}, 'A generated trick.', 1 + n % 10, ${author}, ${status},
          (array['Beginner','Intermediate','Advanced'])[1 + n % 3], '["Set up","Pop","Land"]'::jsonb, '["Look ahead"]'::jsonb, ${created}, now()
        from generate_series(${from}::int, ${to}::int) n`,
    },
    {
      table: 'reviews',
      insert: (from, to) => sql`
        insert into reviews (product_name, discipline_id, content, rating, author_id, status, brand, category, price, pros, cons, overall_score, created_at, updated_at)
        select 'Gen product ' || n, ${disc}, 'A generated review.', (n % 11) / 2.0, ${author}, ${status}, 'GenBrand',
          (array['Board','Wetsuit','Camera','Accessories'])[1 + n % 4], 100 + n % 500, '["Light"]'::jsonb, '["Pricey"]'::jsonb, (n % 101) / 10.0,
          ${created}, now()
        from generate_series(${from}::int, ${to}::int) n`,
    },
    {
      table: 'shops',
      insert: (from, to) => sql`
        insert into shops (name, discipline_id, description, location, established_year, sponsored_athletes, specialties, brands, author_id, status, created_at, updated_at)
        select 'Gen shop ' || n, ${disc}, 'A generated shop.', 'Lisbon, Portugal', 1950 + n % 70, n % 12,
          '["Boards","Repairs"]'::jsonb, '["GenBrand"]'::jsonb, ${author}, ${status}, ${created}, now()
        from generate_series(${from}::int, ${to}::int) n`,
    },
    {
      table: 'articles',
      insert: (from, to) => sql`
        insert into articles (title, discipline_id, content, author_id, status, created_at, updated_at)
        select 'Gen article ' || n, ${disc}, 'A generated article with some body text for benchmarks.', ${author}, ${status}, ${created}, now()
        from generate_series(${from}::int, ${to}::int) n`,
    },
  ];
  const nameColumn = { places: 'name', events: 'name', tricks: 'name', reviews: 'product_name', shops: 'name', articles: 'title' } as const;
  const itemType = { places: 'place', events: 'event', tricks: 'trick', reviews: 'review', shops: 'shop', articles: 'article' } as const;
  for (const section of sections) {
    const want = Math.round(size.contentItems * CONTENT_SHARE[section.table]);
    const column = sql.ref(nameColumn[section.table]);
    const table = sql.table(section.table);
    const have = await count(db, sql<{ n: number }>`select count(*)::int as n from ${table} where ${column} like 'Gen %'`);
    if (want <= have) continue;
    await step(`${section.table} ${have + 1}..${want}`, async () => {
      await section.insert(have + 1, want).execute(db);
      // Pending items wait in the approvals queue, as the app puts them there.
      await sql`
        insert into pending_approvals (item_type, item_id, item_data, submitted_by, created_at)
        select ${itemType[section.table]}, c.id::text, jsonb_build_object('name', ${column}), c.author_id, c.created_at
        from ${table} c where c.status = 'pending' and ${column} like 'Gen %'
        on conflict do nothing`.execute(db);
    });
  }

  // Reactions on generated approved content: about two likes and a third of a comment per item.
  const haveLikes = await count(db, sql<{ n: number }>`select count(*)::int as n from likes where user_id like 'gen-u-%'`);
  const wantLikes = size.contentItems * 2;
  if (wantLikes > haveLikes) {
    await step(`likes and comments`, async () => {
      for (const [table, type] of Object.entries(itemType)) {
        const t = sql.table(table);
        const column = sql.ref(nameColumn[table as keyof typeof nameColumn]);
        await sql`
          insert into likes (item_type, item_id, user_id, created_at)
          select ${type}, c.id, 'gen-u-' || (1 + floor(random() * ${users}::int)::int), c.created_at + interval '1 hour'
          from ${t} c cross join generate_series(1, 4) g
          where ${column} like 'Gen %' and c.status = 'approved' and random() < 0.5
          on conflict do nothing`.execute(db);
        await sql`
          insert into comments (item_type, item_id, author_id, body, created_at)
          select ${type}, c.id, 'gen-u-' || (1 + floor(random() * ${users}::int)::int), 'Nice one!', c.created_at + interval '2 hours'
          from ${t} c
          where ${column} like 'Gen %' and c.status = 'approved' and random() < 0.33`.execute(db);
      }
    });
  }

  await placeActivity(db, size, users, step);
  log(`generated in ${((Date.now() - started) / 1000).toFixed(1)} s`);
}

/**
 * Sessions and condition reports (issue 20) at approved public places over the last year. Authors
 * are skewed like followees (gen-u-1 logs thousands of sessions: the profile whose stats are timed);
 * a fifth of sessions are followers-only or private, so the visibility rule has work to do.
 */
async function placeActivity(db: Db, size: Size, users: number, step: (label: string, run: () => Promise<unknown>) => Promise<void>) {
  const places = sql`(select id, discipline_id, row_number() over (order by id) as i from places where status = 'approved' and visibility = 'public')`;
  const placeCount = await count(db, sql<{ n: number }>`select count(*)::int as n from places where status = 'approved' and visibility = 'public'`);
  if (placeCount === 0) return;
  const author = sql`'gen-u-' || (1 + floor(${users}::int * power(random(), 2))::int)`;
  const haveSessions = await count(db, sql<{ n: number }>`select count(*)::int as n from ride_sessions where author_id like 'gen-u-%'`);
  if (size.sessions > haveSessions) {
    await step(`sessions ${haveSessions + 1}..${size.sessions}`, () =>
      sql`
        insert into ride_sessions (author_id, place_id, discipline_id, started_at, duration_minutes, note, visibility, created_at)
        select ${author}, pl.id, pl.discipline_id, s.t, 30 + (s.n % 8) * 15, case when s.n % 4 = 0 then 'Generated session.' end,
          (array['public','public','public','public','followers','public','public','public','public','private'])[1 + s.n % 10], s.t
        from (select n, now() - (n % 365) * interval '1 day' - (n % 1440) * interval '1 minute' as t, 1 + (n::bigint * 7919 % ${placeCount}::int)::int as i
              from generate_series(${haveSessions + 1}::int, ${size.sessions}::int) n) s
        join ${places} pl on pl.i = s.i`.execute(db),
    );
  }
  const haveReports = await count(db, sql<{ n: number }>`select count(*)::int as n from condition_reports where author_id like 'gen-u-%'`);
  if (size.conditionReports > haveReports) {
    await step(`condition reports ${haveReports + 1}..${size.conditionReports}`, () =>
      sql`
        insert into condition_reports (place_id, author_id, kind, "values", note, created_at, expires_at)
        select pl.id, ${author}, 'water', jsonb_build_object('size', (array['flat','small','medium','big'])[1 + s.n % 4], 'wind', 'light', 'crowd', 'some'),
          case when s.n % 3 = 0 then 'Generated report.' end, s.t, s.t + interval '6 hours'
        from (select n, now() - (n % 365) * interval '1 day' - (n % 1440) * interval '1 minute' as t, 1 + (n::bigint * 104729 % ${placeCount}::int)::int as i
              from generate_series(${haveReports + 1}::int, ${size.conditionReports}::int) n) s
        join ${places} pl on pl.i = s.i`.execute(db),
    );
  }
}

// Stand-alone: npx tsx bench/lib/generate.ts --size large --database-url postgres://…
if (import.meta.url === `file://${process.argv[1]}`) {
  const { parseArgs } = await import('node:util');
  const { openDatabase } = await import('../../server/db/client.ts');
  const { migrate } = await import('../../server/db/migrate.ts');
  const { seed } = await import('../../server/db/seed.ts');
  const { seedSamples } = await import('../../server/db/seed-samples.ts');
  const { values } = parseArgs({ options: { size: { type: 'string', default: 'seed' }, 'database-url': { type: 'string' } } });
  const size = SIZES[values.size as keyof typeof SIZES];
  const databaseUrl = values['database-url'] ?? process.env.DATABASE_URL;
  if (!size || !databaseUrl) {
    console.error(`usage: generate.ts --size ${Object.keys(SIZES).join('|')} --database-url postgres://…`);
    process.exit(2);
  }
  const database = await openDatabase({ databaseUrl, dataDir: '' });
  try {
    await migrate(database);
    await seed(database.db);
    await seedSamples(database.db);
    await generate(database.db, size, (s) => console.log(s));
  } finally {
    await database.close();
  }
}
