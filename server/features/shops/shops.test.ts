import { describe, expect, test } from 'vitest';
import type { Shop, ShopInput, ShopList } from '../../../common/shops.ts';
import { seedShopSamples } from '../../db/samples/shops.ts';
import { contentTestKit } from '../../test/content-kit.ts';
import { sectionSuite } from '../../test/section-suite.ts';

const kit = contentTestKit('shop');
const { call, token, user } = kit;

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

const { add: addShop, list } = sectionSuite<Shop, ShopInput, ShopList>({
  kit,
  section: 'shops',
  discipline: DISCIPLINE,
  otherDiscipline: 'skateboarding',
  input,
  nameField: 'name',
  created: {
    over: { imageUrl: '/images/samples/surfing-2.webp' },
  },
  searchable: (tag) => [{ name: `Alpha ${tag}` }, { location: `Bay ${tag.toUpperCase()}` }, { description: `We know ${tag} well.` }],
  order: 'newest',
  invalid: [
    { name: '   ' },
    { name: 'x'.repeat(121) },
    { description: '' },
    { location: 'x'.repeat(161) },
    { establishedYear: 1799 },
    { establishedYear: new Date().getFullYear() + 1 },
    { establishedYear: 1990.5 },
    { sponsoredAthletes: -1 },
    { sponsoredAthletes: 2.5 },
    { specialties: Array.from({ length: 11 }, (_, i) => `S${i}`) },
    { brands: Array.from({ length: 31 }, (_, i) => `B${i}`) },
    { phone: '1'.repeat(31) },
  ],
  urlFields: ['website', 'imageUrl'],
  edit: { patch: { brands: ['Only One'], email: '' }, expected: { brands: ['Only One'], email: null }, kept: ['specialties', 'location', 'website'] },
  badEdits: [
    { patch: { website: 'javascript:alert(1)' }, code: 'INVALID_URL' },
    { patch: { email: 'shop@' }, code: 'INVALID_EMAIL' },
  ],
  adminEdit: { location: 'Maui', establishedYear: null },
  ratingField: 'rating',
});

describe('shops: their own fields', () => {
  test('only the required fields: the optional ones are empty', async () => {
    const res = await call('POST', `/api/disciplines/${DISCIPLINE}/shops`, kit.admin, {
      name: `Bare ${token()}`,
      description: 'Just a shop.',
      location: 'Lisbon',
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({
      establishedYear: null,
      sponsoredAthletes: 0,
      specialties: [],
      brands: [],
      email: null,
      phone: null,
      website: null,
      imageUrl: null,
    });
    const blanks = await addShop(kit.admin, { email: '', phone: '', website: '', imageUrl: '', establishedYear: null, specialties: ['  ', 'Longboards'] });
    expect(blanks).toMatchObject({ email: null, phone: null, website: null, imageUrl: null, establishedYear: null, specialties: ['Longboards'] });
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

  test("the shop's public contact email is in its answers, in lower case", async () => {
    const author = await user();
    const shop = await addShop(author, { email: 'Contact@Board-Shop.example.com' });
    expect(shop.email).toBe('contact@board-shop.example.com');
    const bodies = [
      (await call('GET', `/api/shops/${shop.id}`, author)).body,
      (await call('GET', `/api/disciplines/${DISCIPLINE}/shops?q=${encodeURIComponent(shop.name)}`, author)).body,
      (await call('PATCH', `/api/shops/${shop.id}`, author, { location: 'Haleiwa' })).body,
    ];
    for (const body of bodies) expect(body).toContain('contact@board-shop.example.com');
  });

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
});

describe('sample shops', () => {
  test('four valid, approved shops per discipline, some with more than three brands', async () => {
    const authors = [await user(), await user(), await user()];
    // A second admin: the first one is near the hourly creation limit by now.
    const checker = await user();
    await kit.t.app.db.updateTable('profiles').set({ role: 'admin' }).where('id', '=', checker.id).execute();
    await kit.t.app.db.transaction().execute((tx) =>
      seedShopSamples(
        tx,
        authors.map((a) => a.id),
      ),
    );
    for (const discipline of ['surfing', 'skateboarding', 'snowboarding']) {
      const rows = await kit.t.app.db
        .selectFrom('shops')
        .selectAll()
        .where('discipline_id', '=', discipline)
        .where(
          'author_id',
          'in',
          authors.map((a) => a.id),
        )
        .execute();
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
        const res = await call('POST', `/api/disciplines/${discipline}/shops`, checker, {
          name,
          description,
          location,
          establishedYear,
          sponsoredAthletes,
          specialties,
          brands,
          email,
          phone,
          website,
          imageUrl,
        });
        expect(res.statusCode, res.body).toBe(201);
        await call('DELETE', `/api/shops/${(res.json() as Shop).id}`, checker);
      }
    }
  });
});
