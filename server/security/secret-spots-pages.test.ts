import { brotliDecompressSync } from 'node:zlib';
import type { LightMyRequestResponse } from 'fastify';
import { beforeAll, describe, expect, test } from 'vitest';
import { testWebBuild } from '../../scripts/test-web-build.ts';
import { RELAXED_LIMITS, signUpVerified } from '../test/test-app.ts';
import { useTestApp } from '../test/use-test-app.ts';
import { DISCIPLINE, insertTeam } from './catalogue.ts';

/**
 * Secret spots in the server-rendered pages (issue 20, item 4): the places list, the place page (its
 * title and meta tags included), the discipline hub, home and the author's profile, as rendered for a
 * visitor, a stranger, a crew member, the author and an admin, carry a secret spot's marker only for
 * those who may see it; the page of a hidden spot answers 404.
 */

const html = (res: LightMyRequestResponse) => (res.headers['content-encoding'] === 'br' ? brotliDecompressSync(res.rawPayload).toString() : res.body);

describe('secret spots in rendered pages', () => {
  const t = useTestApp(async () => ({ ...RELAXED_LIMITS, webDist: await testWebBuild() }), { timeout: 300_000 });

  type Person = Awaited<ReturnType<typeof signUpVerified>>;
  const people: Record<'admin' | 'author' | 'crew member' | 'stranger', Person> = {} as never;
  const spots = { crew: { marker: '', id: '' }, private: { marker: '', id: '' } };

  beforeAll(async () => {
    people.admin = await signUpVerified(t, { name: 'Site Admin' });
    await t.app.db.updateTable('profiles').set({ role: 'admin' }).where('id', '=', people.admin.id).execute();
    people.author = await signUpVerified(t, { name: 'Spot Author' });
    people['crew member'] = await signUpVerified(t, { name: 'Crew Mate' });
    people.stranger = await signUpVerified(t, { name: 'Stranger Rider' });
    const teamId = await insertTeam(t.app.db, people.author, [people['crew member']], { isPrivate: true });
    const post = (url: string, who: Person, payload: object) =>
      t.app.inject({ method: 'POST', url, headers: { cookie: who.cookie, origin: t.config.publicUrl }, payload });
    for (const kind of ['crew', 'private'] as const) {
      const marker = `${kind}pagemark${Math.random().toString(36).slice(2, 10)}`;
      const res = await post(`/api/disciplines/${DISCIPLINE}/places`, people.author, {
        name: `Spot ${marker}`,
        location: `Cove ${marker}`,
        latitude: 43.5,
        longitude: -1.5,
        visibility: kind,
        teamId: kind === 'crew' ? teamId : null,
      });
      expect(res.statusCode, res.body).toBe(201);
      spots[kind] = { marker, id: (res.json() as { id: string }).id };
      expect((await post(`/api/content/place/${spots[kind].id}/comments`, people.author, { body: `Comment ${marker}` })).statusCode).toBe(201);
      const report = { kind: 'water', size: 'small', wind: 'none', crowd: 'some' };
      expect((await post(`/api/places/${spots[kind].id}/conditions`, people.author, report)).statusCode).toBe(201);
    }
  }, 120_000);

  const MAY_SEE = { crew: ['crew member', 'author', 'admin'], private: ['author', 'admin'] };
  const viewers = ['visitor', 'stranger', 'crew member', 'author', 'admin'] as const;

  test.each(viewers)("as %s, the author's profile page counts the condition reports at the spots the reader may see (issue 37, hole 6)", async (viewer) => {
    const cookie = viewer === 'visitor' ? undefined : people[viewer].cookie;
    const res = await t.app.inject({ method: 'GET', url: `/profile/${people.author.id}`, headers: { 'accept-encoding': 'br', ...(cookie ? { cookie } : {}) } });
    expect(res.statusCode).toBe(200);
    const shown = /data-testid="condition-reports-count"[^>]*>([^<]*)</.exec(html(res))?.[1];
    const seen = (['crew', 'private'] as const).filter((kind) => MAY_SEE[kind].includes(viewer)).length;
    expect(shown, viewer).toBe(String(seen));
  });

  test.each(viewers.flatMap((viewer) => (['crew', 'private'] as const).map((kind) => [viewer, kind] as const)))('as %s, the %s spot', async (viewer, kind) => {
    const { marker, id } = spots[kind];
    const cookie = viewer === 'visitor' ? undefined : people[viewer].cookie;
    const get = (url: string) => t.app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'br', ...(cookie ? { cookie } : {}) } });
    const allowed = MAY_SEE[kind].includes(viewer);
    const pagePath = `/discipline/${DISCIPLINE}/places/${id}`;
    const page = await get(pagePath);
    expect(page.statusCode, pagePath).toBe(allowed ? 200 : 404);
    const pageHtml = html(page);
    if (allowed) {
      // Its title and description are the spot's own, for those who may see it.
      expect(pageHtml.split('</head>')[0]).toContain(marker);
    } else {
      expect(pageHtml, pagePath).not.toContain(marker);
    }
    const list = html(await get(`/discipline/${DISCIPLINE}/places`));
    if (allowed) expect(list).toContain(marker);
    else expect(list).not.toContain(marker);
    // Those who may not see it find it on no page: the hub, home, the author's profile (a search page
    // echoes its words, so searching is left to the API walk, secret-spots.test.ts).
    if (allowed) return;
    for (const url of [`/discipline/${DISCIPLINE}`, '/', `/profile/${people.author.id}`]) {
      const res = await get(url);
      expect(res.statusCode, url).toBeLessThan(500);
      expect(html(res), `${viewer} ${url}`).not.toContain(marker);
    }
  });
});
