import { describe, expect, test } from 'vitest';
import type { Shop, ShopInput, ShopList } from '../../../common/shops.ts';
import { seedShopSamples } from '../../db/samples/shops.ts';
import { contentTestKit, expectError, MISSING_ID, type User, sectionCalls } from '../../test/content-kit.ts';

const kit = contentTestKit('shop');
const { call, token, user, approvalFor, decide } = kit;

const DISCIPLINE = 'surfing';

function input(over: Partial<ShopInput> = {}): ShopInput {
  return {
    name: `Wave Riders ${token('shop')}`,
    description: 'Boards, wetsuits and repairs since the seventies.',
    location: 'Honolulu, Hawaii',
    establishedYear: 1978,
    sponsoredAthletes: 12,
    specialties: ['Custom boards', 'Repairs'],
    brands: ['Firewire', 'Channel Islands', 'Rip Curl', 'FCS'],
    email: 'hello@waveriders.example.com',
    phone: '+1 (808) 555-0101',
    website: 'https://waveriders.example.com',
    ...over,
  };
}

const { add: addShop, list } = sectionCalls<Shop, ShopInput, ShopList>(call, 'shops', input, DISCIPLINE);

describe('contributing a shop', () => {
  test('a non-admin shop is pending, queued as a shop, and public once approved', async () => {
    const author = await user();
    const other = await user();
    const shop = await addShop(author, { imageUrl: '/images/samples/surfing-2.webp' });
    expect(shop).toMatchObject({
      status: 'pending',
      mine: true,
      author: { id: author.id, name: author.name },
      location: 'Honolulu, Hawaii',
      establishedYear: 1978,
      sponsoredAthletes: 12,
      specialties: ['Custom boards', 'Repairs'],
      brands: ['Firewire', 'Channel Islands', 'Rip Curl', 'FCS'],
      email: 'hello@waveriders.example.com',
      phone: '+1 (808) 555-0101',
      website: 'https://waveriders.example.com',
      imageUrl: '/images/samples/surfing-2.webp',
      reactions: { likes: 0, comments: 0, liked: false },
      rating: { average: null, count: 0, mine: null },
    });

    const approval = await approvalFor(shop.id);
    expect(approval).toMatchObject({ itemType: 'shop', itemName: shop.name, submittedBy: { id: author.id } });

    const q = `?q=${encodeURIComponent(shop.name)}`;
    expect((await list(null, q)).items).toEqual([]);
    expect((await list(other, q)).items).toEqual([]);
    expect((await list(author, q)).items).toMatchObject([{ id: shop.id, status: 'pending', mine: true }]);
    expect((await list(kit.admin, q)).items).toMatchObject([{ id: shop.id, status: 'pending', mine: false }]);
    expectError(await call('GET', `/api/shops/${shop.id}`, other), 404, 'CONTENT_NOT_FOUND');
    expectError(await call('GET', `/api/shops/${shop.id}`), 404, 'CONTENT_NOT_FOUND');
    expect((await call('GET', `/api/shops/${shop.id}`, author)).json()).toMatchObject({ status: 'pending' });

    await decide(shop.id, 'approved');
    expect((await list(null, q)).items).toMatchObject([{ id: shop.id, status: 'approved', mine: false }]);
    expect((await call('GET', `/api/shops/${shop.id}`)).json()).toMatchObject({ id: shop.id, status: 'approved' });
  });

  test('a rejected shop is hidden from everyone but its author and admins', async () => {
    const author = await user();
    const shop = await addShop(author);
    await decide(shop.id, 'rejected');
    const q = `?q=${encodeURIComponent(shop.name)}`;
    expect((await list(null, q)).items).toEqual([]);
    expect((await list(await user(), q)).items).toEqual([]);
    expectError(await call('GET', `/api/shops/${shop.id}`), 404, 'CONTENT_NOT_FOUND');
    expect((await list(author, q)).items).toMatchObject([{ status: 'rejected' }]);
    expect((await list(kit.admin, q)).items).toMatchObject([{ status: 'rejected' }]);
  });

  test("an admin's shop is approved at once and not queued", async () => {
    const shop = await addShop(kit.admin);
    expect(shop.status).toBe('approved');
    expect(await approvalFor(shop.id)).toBeUndefined();
    expect((await call('GET', `/api/shops/${shop.id}`)).json()).toMatchObject({ status: 'approved' });
  });

  test('a non-admin sending status approved still gets pending', async () => {
    const res = await call('POST', `/api/disciplines/${DISCIPLINE}/shops`, await user(), { ...input(), status: 'approved' });
    expect(res.statusCode).toBe(201);
    expect((res.json() as Shop).status).toBe('pending');
  });

  test('only the required fields: the optional ones are empty', async () => {
    const res = await call('POST', `/api/disciplines/${DISCIPLINE}/shops`, kit.admin, { name: `Bare ${token()}`, description: 'Just a shop.', location: 'Lisbon' });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ establishedYear: null, sponsoredAthletes: 0, specialties: [], brands: [], email: null, phone: null, website: null, imageUrl: null });
    const blanks = await addShop(kit.admin, { email: '', phone: '', website: '', imageUrl: '', establishedYear: null, specialties: ['  ', 'Longboards'] });
    expect(blanks).toMatchObject({ email: null, phone: null, website: null, imageUrl: null, establishedYear: null, specialties: ['Longboards'] });
  });

  test('anonymous contributions answer 401, unknown disciplines and shops 404', async () => {
    expectError(await call('POST', `/api/disciplines/${DISCIPLINE}/shops`, null, input()), 401, 'UNAUTHORIZED');
    expectError(await call('POST', '/api/disciplines/no-such-sport/shops', await user(), input()), 404, 'DISCIPLINE_NOT_FOUND');
    expectError(await call('GET', '/api/disciplines/no-such-sport/shops'), 404, 'DISCIPLINE_NOT_FOUND');
    expectError(await call('GET', `/api/shops/${MISSING_ID}`), 404, 'CONTENT_NOT_FOUND');
    expectError(await call('GET', '/api/shops/not-a-uuid'), 404, 'CONTENT_NOT_FOUND');
  });

  test.each([
    [{ name: '   ' }],
    [{ name: 'x'.repeat(121) }],
    [{ description: '' }],
    [{ location: 'x'.repeat(161) }],
    [{ establishedYear: 1799 }],
    [{ establishedYear: new Date().getFullYear() + 1 }],
    [{ establishedYear: 1990.5 }],
    [{ sponsoredAthletes: -1 }],
    [{ sponsoredAthletes: 2.5 }],
    [{ specialties: Array.from({ length: 11 }, (_, i) => `S${i}`) }],
    [{ brands: Array.from({ length: 31 }, (_, i) => `B${i}`) }],
    [{ phone: '1'.repeat(31) }],
  ])('refuses %j', async (over) => {
    const res = await call('POST', `/api/disciplines/${DISCIPLINE}/shops`, await user(), input(over));
    expect(res.statusCode, res.body).toBe(400);
  });

  test('accepts the limits: 1800, this year, 10 specialties, 30 brands', async () => {
    const shop = await addShop(kit.admin, {
      establishedYear: 1800,
      specialties: Array.from({ length: 10 }, (_, i) => `S${i}`),
      brands: Array.from({ length: 30 }, (_, i) => `B${i}`),
    });
    expect(shop.brands).toHaveLength(30);
    expect((await addShop(kit.admin, { establishedYear: new Date().getFullYear() })).establishedYear).toBe(new Date().getFullYear());
  });

  test.each(['javascript:alert(1)', 'JavaScript:alert(1)', 'data:text/html;base64,AAAA', '//evil.example.com', 'ftp://x.example.com', 'not a url'])(
    'refuses the website and the image URL %s with INVALID_URL',
    async (url) => {
      const author = await user();
      const website = await call('POST', `/api/disciplines/${DISCIPLINE}/shops`, author, input({ website: url }));
      expect(website.statusCode).toBe(400);
      expect(website.json()).toMatchObject({ code: 'INVALID_URL', fields: { website: 'INVALID_URL' } });
      const image = await call('POST', `/api/disciplines/${DISCIPLINE}/shops`, author, input({ imageUrl: url }));
      expect(image.statusCode).toBe(400);
      expect(image.json()).toMatchObject({ code: 'INVALID_URL', fields: { imageUrl: 'INVALID_URL' } });
    },
  );

  test.each(['not-an-email', 'shop@', '@example.com', 'a b@example.com'])('refuses the email %s with INVALID_EMAIL', async (email) => {
    const res = await call('POST', `/api/disciplines/${DISCIPLINE}/shops`, await user(), input({ email }));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'INVALID_EMAIL', fields: { email: 'INVALID_EMAIL' } });
  });

  test.each(['555-CALL-NOW', '+1 808 555 0101 ext', 'call me', '---', '+1\n808'])('refuses the phone %j', async (phone) => {
    const res = await call('POST', `/api/disciplines/${DISCIPLINE}/shops`, await user(), input({ phone }));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ fields: { phone: expect.any(String) } });
  });

  test('accepts phones of digits, spaces and + - ( )', async () => {
    expect((await addShop(kit.admin, { phone: '+44 (0)20 7946-0958' })).phone).toBe('+44 (0)20 7946-0958');
  });

  test("no email of the author is in any answer; the shop's public contact email is", async () => {
    const author = await user();
    const shop = await addShop(author, { email: 'Contact@Board-Shop.example.com' });
    expect(shop.email).toBe('contact@board-shop.example.com');
    const bodies = [
      (await call('GET', `/api/shops/${shop.id}`, author)).body,
      (await call('GET', `/api/disciplines/${DISCIPLINE}/shops?q=${encodeURIComponent(shop.name)}`, author)).body,
      (await call('PATCH', `/api/shops/${shop.id}`, author, { location: 'Haleiwa' })).body,
    ];
    for (const body of bodies) {
      expect(body).not.toContain(author.email);
      expect(body).toContain('contact@board-shop.example.com');
    }
  });
});

describe('search and pagination', () => {
  test('q matches a brand or a specialty (case-insensitively), also name, location and description', async () => {
    const brand = token('Brand');
    const specialty = token('Special');
    const byBrand = await addShop(kit.admin, { brands: ['Vans', 'Element', 'Santa Cruz', brand] });
    const bySpecialty = await addShop(kit.admin, { specialties: [`Bowl ${specialty} setups`] });
    const byLocation = await addShop(kit.admin, { location: `Venice ${specialty}` });
    const byDescription = await addShop(kit.admin, { description: `We know ${brand.toUpperCase()} well.` });
    await addShop(kit.admin);

    expect((await list(null, `?q=${brand.toLowerCase()}`)).items.map((s) => s.id)).toEqual([byDescription.id, byBrand.id]);
    expect((await list(null, `?q=${specialty.toUpperCase()}`)).items.map((s) => s.id)).toEqual([byLocation.id, bySpecialty.id]);
    expect((await list(null, `?q=${encodeURIComponent(byBrand.name.toUpperCase())}`)).items.map((s) => s.id)).toEqual([byBrand.id]);
  });

  test('newest first; pages add up; past the end is empty', async () => {
    const tag = token('tag');
    const a = await addShop(kit.admin, { brands: [tag] });
    const b = await addShop(kit.admin, { brands: [tag] });
    const c = await addShop(kit.admin, { brands: [tag] });

    const all = await list(null, `?q=${tag}`);
    expect(all.items.map((s) => s.id)).toEqual([c.id, b.id, a.id]);
    expect(all.total).toBe(3);

    const page1 = await list(null, `?q=${tag}&limit=2&page=1`);
    const page2 = await list(null, `?q=${tag}&limit=2&page=2`);
    const page3 = await list(null, `?q=${tag}&limit=2&page=3`);
    expect(page1).toMatchObject({ total: 3, page: 1, pageSize: 2 });
    expect(page1.items).toHaveLength(2);
    expect([...page1.items, ...page2.items].map((s) => s.id)).toEqual([c.id, b.id, a.id]);
    expect(page3).toMatchObject({ items: [], total: 3, page: 3 });
  });

  test('LIKE wildcards are taken literally and the limit is capped at 50', async () => {
    expect((await list(null, '?q=%25_%25')).total).toBe(0);
    expect((await list(null, '?limit=500')).pageSize).toBe(50);
    expect((await list(null)).pageSize).toBe(12);
  });

  test('shops of another discipline are not listed', async () => {
    const shop = await addShop(kit.admin, {}, 'skateboarding');
    expect((await list(null, `?q=${encodeURIComponent(shop.name)}`)).items).toEqual([]);
    expect((await list(null, `?q=${encodeURIComponent(shop.name)}`, 'skateboarding')).items).toHaveLength(1);
  });
});

describe('readers rate and react', () => {
  test("the shop carries its readers' average rating and count, and the viewer's own score", async () => {
    const shop = await addShop(kit.admin);
    const [r1, r2, r3] = [await user(), await user(), await user()];
    for (const [who, score] of [
      [r1, 5],
      [r2, 4],
      [r3, 4],
    ] as const) {
      const res = await call('PUT', `/api/content/shop/${shop.id}/rating`, who, { score });
      expect(res.statusCode, res.body).toBeLessThan(300);
    }
    expect((await call('GET', `/api/shops/${shop.id}`, r1)).json()).toMatchObject({ rating: { average: 4.3, count: 3, mine: 5 } });
    const listed = await list(null, `?q=${encodeURIComponent(shop.name)}`);
    expect(listed.items[0]).toMatchObject({ rating: { average: 4.3, count: 3, mine: null } });

    expect((await call('PUT', `/api/content/shop/${shop.id}/like`, r2)).statusCode).toBeLessThan(300);
    expect((await call('POST', `/api/content/shop/${shop.id}/comments`, r2, { body: 'Great repairs' })).statusCode).toBe(201);
    expect((await call('GET', `/api/shops/${shop.id}`, r2)).json()).toMatchObject({ reactions: { likes: 1, comments: 1, liked: true }, rating: { mine: 4 } });
  });
});

describe('editing and deleting', () => {
  test('the author edits their shop; the status stays and the queue shows the new name', async () => {
    const author = await user();
    const shop = await addShop(author);
    const name = `Renamed ${token()}`;
    const res = await call('PATCH', `/api/shops/${shop.id}`, author, { name, brands: ['Only One'], email: '' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ name, brands: ['Only One'], email: null, specialties: shop.specialties, location: shop.location, status: 'pending' });
    expect((await approvalFor(shop.id))?.itemName).toBe(name);

    const bad = await call('PATCH', `/api/shops/${shop.id}`, author, { website: 'javascript:alert(1)' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ code: 'INVALID_URL' });
    expect((await call('GET', `/api/shops/${shop.id}`, author)).json()).toMatchObject({ website: shop.website });
  });

  test('another user gets 403 and the row is unchanged; anonymous 401', async () => {
    const shop = await addShop(kit.admin);
    const other = await user();
    expectError(await call('PATCH', `/api/shops/${shop.id}`, other, { name: 'Hijacked' }), 403, 'FORBIDDEN');
    expectError(await call('DELETE', `/api/shops/${shop.id}`, other), 403, 'FORBIDDEN');
    expectError(await call('PATCH', `/api/shops/${shop.id}`, null, { name: 'Hijacked' }), 401, 'UNAUTHORIZED');
    expectError(await call('DELETE', `/api/shops/${shop.id}`, null), 401, 'UNAUTHORIZED');
    expect((await call('GET', `/api/shops/${shop.id}`)).json()).toMatchObject({ name: shop.name });
  });

  test("another user cannot touch someone's pending shop (it is hidden: 404)", async () => {
    const shop = await addShop(await user());
    expectError(await call('PATCH', `/api/shops/${shop.id}`, await user(), { name: 'Hijacked' }), 404, 'CONTENT_NOT_FOUND');
    expectError(await call('DELETE', `/api/shops/${shop.id}`, await user()), 404, 'CONTENT_NOT_FOUND');
  });

  test('the author deletes their shop and its approval goes with it', async () => {
    const author = await user();
    const shop = await addShop(author);
    expect((await call('DELETE', `/api/shops/${shop.id}`, author)).statusCode).toBe(204);
    expectError(await call('GET', `/api/shops/${shop.id}`, author), 404, 'CONTENT_NOT_FOUND');
    expect(await approvalFor(shop.id)).toBeUndefined();
  });

  test('an admin edits and deletes any shop', async () => {
    const shop = await addShop(await user());
    const res = await call('PATCH', `/api/shops/${shop.id}`, kit.admin, { location: 'Maui', establishedYear: null });
    expect(res.json()).toMatchObject({ location: 'Maui', establishedYear: null, status: 'pending' });
    expect((await call('DELETE', `/api/shops/${shop.id}`, kit.admin)).statusCode).toBe(204);
    expectError(await call('GET', `/api/shops/${shop.id}`, kit.admin), 404, 'CONTENT_NOT_FOUND');
  });
});

describe('API description', () => {
  test('the OpenAPI document lists the shops routes', async () => {
    const res = await call('GET', '/api/docs');
    expect(res.statusCode).toBe(200);
    expect(Object.keys((res.json() as { paths: Record<string, unknown> }).paths)).toEqual(expect.arrayContaining(['/api/disciplines/{id}/shops', '/api/shops/{id}']));
  });
});

describe('sample shops', () => {
  test('four valid, approved shops per discipline, some with more than three brands', async () => {
    const authors = [await user(), await user(), await user()];
    // A second admin: the first one is near the hourly creation limit by now.
    const checker = await user();
    await kit.t.app.db.updateTable('profiles').set({ role: 'admin' }).where('id', '=', checker.id).execute();
    await kit.t.app.db.transaction().execute((tx) => seedShopSamples(tx, authors.map((a) => a.id)));
    for (const discipline of ['surfing', 'skateboarding', 'snowboarding']) {
      const rows = await kit.t.app.db.selectFrom('shops').selectAll().where('discipline_id', '=', discipline).where('author_id', 'in', authors.map((a) => a.id)).execute();
      expect(rows).toHaveLength(4);
      expect(rows.some((r) => r.brands.length > 3)).toBe(true);
      for (const row of rows) {
        const shop = (await call('GET', `/api/shops/${row.id}`)).json() as Shop;
        expect(shop.status).toBe('approved');
        expect(shop.imageUrl).toMatch(new RegExp(`^/images/samples/${discipline}-[1-6]\\.webp$`));
        expect(shop.specialties.length).toBeGreaterThanOrEqual(2);
        expect(shop.specialties.length).toBeLessThanOrEqual(4);
        expect(shop.brands.length).toBeGreaterThanOrEqual(2);
        expect(shop.brands.length).toBeLessThanOrEqual(6);
        // Every sample passes the same checks as a contribution.
        const { name, description, location, establishedYear, sponsoredAthletes, specialties, brands, email, phone, website, imageUrl } = shop;
        const res = await call('POST', `/api/disciplines/${discipline}/shops`, checker, { name, description, location, establishedYear, sponsoredAthletes, specialties, brands, email, phone, website, imageUrl });
        expect(res.statusCode, res.body).toBe(201);
        await call('DELETE', `/api/shops/${(res.json() as Shop).id}`, checker);
      }
    }
  });
});
