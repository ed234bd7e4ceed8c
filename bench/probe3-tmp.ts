import { sql } from 'kysely';
import { createAccount, startBenchServer } from './lib/server.ts';
import { feedStatement } from '../server/features/feed/feed.db.ts';

const server = await startBenchServer({ httpCacheSeconds: 0, sampleContent: true });
const account = await createAccount(server, 'Bench Rider', 'bench-rider@example.com', 'bench horse battery staple');
const me = await server.app.inject({ method: 'GET', url: '/api/me', headers: { cookie: account.cookie } });
const userId = (me.json() as { user: { id: string } }).user.id;
const db = server.app.db;
const compiled = feedStatement(userId, { limit: 20 }).compile(db);
const { rows } = await db.executeQuery({ ...compiled, sql: 'explain (analyze, buffers) ' + compiled.sql } as never);
console.log((rows as { 'QUERY PLAN': string }[]).map((r) => r['QUERY PLAN']).slice(-4).join('\n'));
for (let i = 0; i < 3; i++) {
  const t = performance.now(); await db.executeQuery(compiled); console.log('feed exec ms', (performance.now() - t).toFixed(2));
}
let t = performance.now();
for (let i = 0; i < 50; i++) feedStatement(userId, { limit: 20 }).compile(db);
console.log('feed compile ms', ((performance.now() - t) / 50).toFixed(3));
for (const url of ['/api/me', '/api/notifications?limit=10', '/api/conversations/unread-count', '/api/feed?limit=20', '/api/stats']) {
  for (let i = 0; i < 20; i++) await server.app.inject({ method: 'GET', url, headers: { cookie: account.cookie } });
  t = performance.now();
  for (let i = 0; i < 100; i++) await server.app.inject({ method: 'GET', url, headers: { cookie: account.cookie } });
  console.log(url, ((performance.now() - t) / 100).toFixed(2), 'ms');
}
process.exit(0);
