import type { LightMyRequestResponse } from 'fastify';
import { beforeAll, describe, expect, test } from 'vitest';
import { testWebBuild } from '../scripts/test-web-build.ts';
import { RELAXED_LIMITS, signUpVerified } from './test/test-app.ts';
import { useTestApp } from './test/use-test-app.ts';

/**
 * Signed-in pages come rendered by the server too, with the person's data (web/routes.tsx declares
 * it), and are never kept: the next person asking the same address, signed in or not, gets their own.
 * The shared page cache is on here (60 s), so a kept page would show. Pages are rendered on a thread
 * of their own here (server/lib/render-threads.ts), as in production; elsewhere on the main thread.
 */

const rootOf = (page: string) => /<div id="root">([\s\S]*)<\/div><script type="application\/json" id="ssr-state">/.exec(page)?.[1] ?? '';
const keysOf = (page: string) =>
  (
    JSON.parse(/<script type="application\/json" id="ssr-state">([^<]*)<\/script>/.exec(page)![1]!) as { queries: { queries: { queryKey: unknown[] }[] } }
  ).queries.queries.map((q) => JSON.stringify(q.queryKey));

type User = Awaited<ReturnType<typeof signUpVerified>>;

describe('signed-in pages', () => {
  // On a render thread, as in production: the person's session reaches the page's API calls through the main thread.
  const t = useTestApp(async () => ({ ...RELAXED_LIMITS, webDist: await testWebBuild(), httpCacheSeconds: 60 }), { timeout: 240_000 });
  let alma: User;
  let bruno: User;
  beforeAll(async () => {
    alma = await signUpVerified(t, { name: 'Alma Onlyhers' });
    bruno = await signUpVerified(t, { name: 'Bruno Otherone' });
  });

  const get = (url: string, who?: User) => t.app.inject({ method: 'GET', url, headers: who ? { cookie: who.cookie } : {} });
  const expectPrivate = (res: LightMyRequestResponse) => {
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('private, no-cache');
  };

  test("the own profile is rendered with the person's data, privately; the next person gets their own, a visitor is sent to log in", async () => {
    const own = await get('/profile', alma);
    expectPrivate(own);
    const root = rootOf(own.body);
    expect(root).toContain('Alma Onlyhers');
    expect(root).toContain('action="/actions/log-out"');
    expect(keysOf(own.body)).toEqual(
      expect.arrayContaining([
        '["auth","me"]',
        '["profile","own"]',
        `["profiles","${alma.id}","activity"]`,
        '["notifications","latest"]',
        '["conversations","unread"]',
      ]),
    );
    // Its tabs are links to their addresses (they open without the scripts), the settings' among them.
    expect(root).toMatch(/<a [^>]*role="tab"[^>]*href="\/profile\?tab=settings"|<a [^>]*href="\/profile\?tab=settings"[^>]*role="tab"/);
    expect(rootOf((await get('/profile?tab=settings', alma)).body)).toContain('aria-selected="true"');
    // The Sessions part, its figures and the log's page of the address.
    expect(root).toContain('data-testid="profile-sessions"');
    expect(keysOf((await get('/profile?sessions=2', alma)).body)).toEqual(
      expect.arrayContaining([`["profiles","${alma.id}","session-stats"]`, `["profiles","${alma.id}","sessions",2]`]),
    );

    const other = await get('/profile', bruno);
    expectPrivate(other);
    expect(other.body).toContain('Bruno Otherone');
    expect(other.body).not.toContain('Alma Onlyhers');

    const visitor = await get('/profile');
    expect(visitor.statusCode).toBe(302);
    expect(visitor.headers.location).toBe('/login?next=%2Fprofile&notice=profile');
    expect(visitor.body).not.toContain('Alma Onlyhers');
    // The login page it leads to says why, in the spec's words, and comes back to the profile.
    const login = rootOf((await get(String(visitor.headers.location))).body);
    expect(login).toContain('Please log in to view your profile.');
    expect(login).toContain('name="next" value="/profile"');
    // Only the notices the site knows are shown: an address cannot put a text of its choice there.
    expect(rootOf((await get('/login?notice=admin.accessDenied')).body)).not.toContain('Access Denied');
  });

  test('the home page with the feed for a member is theirs; a visitor right after gets the public page', async () => {
    const member = await get('/', alma);
    expectPrivate(member);
    expect(keysOf(member.body)).toEqual(expect.arrayContaining(['["feed"]', '["notifications","latest"]']));
    expect(member.body).toContain('action="/actions/log-out"');

    const visitor = await get('/');
    expect(visitor.statusCode).toBe(200);
    expect(visitor.headers['cache-control']).toBe('public, max-age=0, must-revalidate');
    expect(visitor.body).not.toContain('action="/actions/log-out"');
    expect(keysOf(visitor.body)).not.toContain('["feed"]');
    // And the visitor's kept page is not what the member gets next.
    expect((await get('/', bruno)).body).toContain('action="/actions/log-out"');
  });

  test('notifications and messages are rendered for the person; the admin panel only for an admin', async () => {
    const notifications = await get('/notifications', alma);
    expectPrivate(notifications);
    expect(keysOf(notifications.body)).toContain('["notifications","list"]');
    const messages = await get('/messages', alma);
    expectPrivate(messages);
    expect(keysOf(messages.body)).toContain('["conversations","list"]');

    // A member and a visitor alike read the spec's words, with a 403 (nothing of the panel is read).
    for (const who of [bruno, undefined]) {
      const refused = await get('/admin', who);
      expect(refused.statusCode).toBe(403);
      const root = rootOf(refused.body);
      expect(root).toContain('Access Denied');
      expect(root).toContain('You don&#x27;t have permission to access the admin panel.');
      expect(keysOf(refused.body)).not.toContain('["admin","overview"]');
    }
    await t.database.db.updateTable('profiles').set({ role: 'admin' }).where('id', '=', alma.id).execute();
    const admin = await get('/admin', alma);
    expectPrivate(admin);
    expect(keysOf(admin.body)).toContain('["admin","overview"]');
    const moderation = await get('/admin?tab=moderation&subtab=condition-reports', alma);
    expect(keysOf(moderation.body)).toContain('["admin","moderation","condition-reports"]');
    expect(rootOf(moderation.body)).toContain('Condition reports');
    expect((await get('/admin', bruno)).statusCode).toBe(403);
  });

  test("Manage Team's tabs are addresses, each rendered with what it shows", async () => {
    const post = (url: string, who: User, payload?: object) =>
      t.app.inject({ method: 'POST', url, headers: { cookie: who.cookie, origin: t.config.publicUrl }, ...(payload ? { payload } : {}) });
    const created = await post('/api/teams', bruno, { name: 'Tabbed Crew', description: 'A crew with tabs.', disciplineIds: ['surfing'], isPrivate: true });
    expect(created.statusCode, created.body).toBeLessThan(300);
    const team = JSON.parse(created.body) as { id: string };
    // Approved, as a member's new team is once an admin has looked at it: then others may ask to join.
    await t.database.db.updateTable('teams').set({ status: 'approved' }).where('id', '=', team.id).execute();
    // A member of their own (alma becomes an admin in the test above, and an admin manages every team).
    const cleo = await signUpVerified(t, { name: 'Cleo Asker' });
    expect((await post(`/api/teams/${team.id}/join`, cleo)).statusCode).toBe(200);
    const tabOf = (root: string, name: string) =>
      new RegExp(`<a [^>]*href="/team/${team.id}${name ? `\\?manage=${name}` : ''}#manage"[^>]*>`).exec(root)?.[0] ?? '';

    // The leader's page links each tab to its address (they open without the scripts); Members is the first.
    const first = rootOf((await get(`/team/${team.id}`, bruno)).body);
    expect(tabOf(first, '')).toContain('role="tab"');
    expect(tabOf(first, '')).toContain('aria-selected="true"');
    expect(tabOf(first, 'requests')).toContain('aria-selected="false"');

    // The join requests' tab shows the request, not a spinner.
    const requests = await get(`/team/${team.id}?manage=requests`, bruno);
    expectPrivate(requests);
    const requestsRoot = rootOf(requests.body);
    expect(tabOf(requestsRoot, 'requests')).toContain('aria-selected="true"');
    expect(requestsRoot).toContain('data-testid="join-requests"');
    expect(requestsRoot).toContain('aria-label="Accept Cleo Asker"');

    // The details' form, with the disciplines it offers and the team's own ticked.
    const details = await get(`/team/${team.id}?manage=details`, bruno);
    expect(keysOf(details.body)).toContain('["disciplines"]');
    const detailsRoot = rootOf(details.body);
    expect(tabOf(detailsRoot, 'details')).toContain('aria-selected="true"');
    expect(detailsRoot).toMatch(/value="Tabbed Crew"/);
    expect(detailsRoot).toMatch(/<input [^>]*name="isPrivate" checked=""/);
    expect(detailsRoot).toMatch(/<input type="checkbox" [^>]*checked=""\/><span aria-hidden="true">[^<]*<\/span><span [^>]*title="Surfing">/);
    expect(detailsRoot).not.toMatch(/<input type="checkbox" [^>]*checked=""\/><span aria-hidden="true">[^<]*<\/span><span [^>]*title="Snowkiting">/);

    expect(rootOf((await get(`/team/${team.id}?manage=danger`, bruno)).body)).toContain('Delete this team');
    // Someone who does not manage the team gets no Manage Team, whatever the address asks.
    expect(rootOf((await get(`/team/${team.id}?manage=requests`, cleo)).body)).not.toContain('id="manage"');
  });

  test('the login page is rendered with its plain form, the address typed before kept', async () => {
    const res = await get('/login?next=%2Fmessages&email=alma%40example.com');
    expect(res.statusCode).toBe(200);
    const root = rootOf(res.body);
    const form = /<form [^>]*action="\/actions\/log-in"[^>]*>/.exec(root)?.[0];
    expect(form).toContain('method="post"');
    expect(root).toContain('name="next" value="/messages"');
    expect(root).toMatch(/name="email"[^>]*value="alma@example.com"|value="alma@example.com"[^>]*name="email"/);
    expect(root).toContain('name="password"');
  });
});
