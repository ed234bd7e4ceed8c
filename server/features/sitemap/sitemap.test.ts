import { describe, expect, test } from 'vitest';
import type { Place, PlaceInput, PlaceList } from '../../../common/places.ts';
import { insertTeam } from '../../security/catalogue.ts';
import { contentTestKit, sectionCalls } from '../../test/content-kit.ts';
import { SITEMAP_PART_SIZE } from './sitemap.db.ts';

const kit = contentTestKit('place');
const { call, token, user } = kit;
const input = (over: Partial<PlaceInput> = {}): PlaceInput => ({ name: `Spot ${token()}`, location: 'Somewhere', latitude: 10, longitude: 10, ...over });
const { add } = sectionCalls<Place, PlaceInput, PlaceList>(call, 'places', input, 'surfing');

const text = async (url: string) => {
  const res = await call('GET', url, null);
  return { status: res.statusCode, type: String(res.headers['content-type']), body: res.body };
};
const locs = (xml: string) => [...xml.matchAll(/<loc>([^<]*)<\/loc>/g)].map((m) => m[1]!);

describe('robots.txt and the sitemap', () => {
  test('robots.txt keeps crawlers off the API and the admin and names the sitemap', async () => {
    const robots = await text('/robots.txt');
    expect(robots.status).toBe(200);
    expect(robots.body).toContain('Disallow: /api/');
    expect(robots.body).toContain(`Sitemap: ${kit.t.config.publicUrl}/sitemap.xml`);
  });

  test('the index lists the pages and one part per kind of item that has any; the parts list what the public may open, with language alternates', async () => {
    const origin = kit.t.config.publicUrl;
    const open = await add(kit.admin);
    const author = await user();
    const teamId = await insertTeam(kit.t.app.db, author);
    const privateTeam = await insertTeam(kit.t.app.db, author, [], { isPrivate: true });
    // A crew spot needs a private team (issue 37).
    const crewSpot = await add(author, { visibility: 'crew', teamId: privateTeam } as Partial<PlaceInput>);
    const privateSpot = await add(author, { visibility: 'private' } as Partial<PlaceInput>);
    const pending = await add(author);

    const index = await text('/sitemap.xml');
    expect(index.status).toBe(200);
    expect(index.type).toMatch(/^application\/xml/);
    expect(locs(index.body)).toEqual(
      expect.arrayContaining([`${origin}/sitemaps/pages.xml`, `${origin}/sitemaps/place-1.xml`, `${origin}/sitemaps/team-1.xml`]),
    );
    expect(locs(index.body)).not.toContain(`${origin}/sitemaps/place-2.xml`);

    const pages = locs((await text('/sitemaps/pages.xml')).body);
    expect(pages).toEqual(
      expect.arrayContaining([`${origin}/`, `${origin}/discipline/surfing`, `${origin}/discipline/surfing/tricktionary`, `${origin}/category/water`]),
    );

    const places = await text('/sitemaps/place-1.xml');
    expect(locs(places.body)).toContain(`${origin}/discipline/surfing/places/${open.id}`);
    for (const hidden of [crewSpot, privateSpot, pending]) expect(places.body).not.toContain(hidden.id);
    // Five languages are enabled by default: each address names its alternates and the default.
    expect(places.body).toContain(`<xhtml:link rel="alternate" hreflang="fr" href="${origin}/discipline/surfing/places/${open.id}?lang=fr"/>`);
    expect(places.body).toContain(`<xhtml:link rel="alternate" hreflang="x-default" href="${origin}/discipline/surfing/places/${open.id}"/>`);

    const teams = (await text('/sitemaps/team-1.xml')).body;
    expect(teams).toContain(`${origin}/team/${teamId}`);
    expect(teams).not.toContain(privateTeam);
  });

  test('a part beyond the last, or of no kind, is not found', async () => {
    expect((await text(`/sitemaps/place-${Math.ceil(1e6 / SITEMAP_PART_SIZE)}.xml`)).status).toBe(404);
    for (const bad of ['/sitemaps/profile-1.xml', '/sitemaps/place-0.xml', '/sitemaps/..%2Fetc.xml'])
      expect((await text(bad)).status, bad).toBeGreaterThanOrEqual(400);
  });
});
