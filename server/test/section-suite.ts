import { describe, expect, test } from 'vitest';
import { CREATIONS_PER_HOUR } from '../lib/content-routes.ts';
import { type contentTestKit, expectError, MISSING_ID, sectionCalls, type User } from './content-kit.ts';

type Fields = Record<string, unknown>;
type Kit = ReturnType<typeof contentTestKit>;
/** What the suite reads of any section's item. */
type Item = { id: string; status: string } & Fields;

/** Addresses refused wherever a section takes one (a picture, a website, a video). */
const HOSTILE_URLS = [
  'javascript:alert(1)',
  'JavaScript:alert(1)',
  'data:image/png;base64,AAAA',
  'data:text/html,<script>alert(1)</script>',
  'vbscript:msgbox(1)',
  '//evil.example.com/x.png',
  '/\\evil.example.com/x.png',
  'ftp://x.example.com/a.png',
  'not a url',
];

/** A test's name for a refused input: short, as some are tens of thousands of characters. */
const labelOf = (over: object) => {
  const json = JSON.stringify(over);
  return json.length > 80 ? `${json.slice(0, 77)}…` : json;
};

/**
 * A content section as its shared suite tests it. The section's routes come from one factory (0008),
 * so what it promises is the same for all six and is written once here; a section's own file keeps
 * only what is its own (its fields' limits, filters, samples, extra routes).
 */
export interface SectionSpec<I extends Item, Input extends object> {
  kit: Kit;
  /** Its plural, naming its addresses: `places`. */
  section: string;
  /** The discipline its tests contribute to, and another one whose items must stay apart. */
  discipline: string;
  otherDiscipline: string;
  /** A valid contribution with a unique name, changed by `over`. */
  input: (over?: Partial<Input>) => Input;
  /** The field naming an item: what a search by name finds and the approval queue shows. */
  nameField: keyof I & keyof Input & string;
  /**
   * A non-admin's first contribution (`over`), and what its answer and its approved page show besides
   * the fields as sent, no reactions and no ratings yet, or instead of them.
   */
  created: { over: Partial<Input>; expected?: Fields };
  /** Contributions a search for `tag` must find, each through another field (one in capitals), in the order listed. */
  searchable: (tag: string) => [Partial<Input>, Partial<Input>, Partial<Input>];
  /** How the list orders what it finds: newest first, or (events) as `searchable` gives them. */
  order: 'newest' | 'as-given';
  /** Contributions refused with a 400. */
  invalid: Partial<Input>[];
  /** The fields holding addresses, each refusing HOSTILE_URLS with INVALID_URL. */
  urlFields: string[];
  /** The author's edit besides a new name, what it shows (the patch itself unless told), and fields it must leave as they were. */
  edit: { patch: Fields; expected?: Fields; kept: string[] };
  /** Edits refused with a 400 (and `code` when given) that change nothing. */
  badEdits: { patch: Fields; code?: string }[];
  /** An admin's edit of someone's item. */
  adminEdit: Fields;
  /** Where the item carries its readers' 1-5 ratings, if it has them (a review's own `rating` is its author's). */
  ratingField?: 'rating' | 'readerRating';
}

/**
 * Registers the tests every content section shares (contributing, approval and visibility, search and
 * pages, reactions, editing and deleting, permissions, the hourly limit, the API document) and answers
 * the section's `add` and `list` calls for its own tests. Call it after `contentTestKit`.
 */
export function sectionSuite<I extends Item, Input extends object, List extends { items: Item[]; total: number; page: number; pageSize: number }>(
  spec: SectionSpec<I, Input>,
) {
  const { kit, section, discipline, input, nameField } = spec;
  const { call, token, user, approvalFor, decide } = kit;
  const type = kit.type;
  const calls = sectionCalls<I, Input, List>(call, section, input, discipline);
  const { add, list } = calls;
  const itemUrl = (id: string) => `/api/${section}/${id}`;
  const createUrl = (disciplineId = discipline) => `/api/disciplines/${disciplineId}/${section}`;
  const nameOf = (item: I) => String(item[nameField]);
  const byName = (item: I) => `?q=${encodeURIComponent(nameOf(item))}`;
  const named = (name: string) => ({ [nameField]: name });

  describe(`${section}: contributing`, () => {
    test(`a non-admin ${type} is pending, queued for approval, and public once approved`, async () => {
      const author = await user();
      const other = await user();
      const sent = input(spec.created.over);
      const res = await call('POST', createUrl(), author, sent);
      expect(res.statusCode, res.body).toBe(201);
      const item = res.json() as I;
      const unrated = spec.ratingField ? { [spec.ratingField]: { average: null, count: 0, mine: null } } : {};
      const shown = { ...sent, reactions: { likes: 0, comments: 0, liked: false }, ...unrated, ...spec.created.expected };
      expect(item).toMatchObject({ status: 'pending', mine: true, author: { id: author.id, name: author.name }, ...shown });
      expect(await approvalFor(item.id)).toMatchObject({ itemType: type, itemName: nameOf(item), submittedBy: { id: author.id } });

      const q = byName(item);
      expect((await list(null, q)).items).toEqual([]);
      expect((await list(other, q)).items).toEqual([]);
      expect((await list(author, q)).items).toMatchObject([{ id: item.id, status: 'pending', mine: true }]);
      expect((await list(kit.admin, q)).items).toMatchObject([{ id: item.id, status: 'pending', mine: false }]);
      expectError(await call('GET', itemUrl(item.id), other), 404, 'CONTENT_NOT_FOUND');
      expectError(await call('GET', itemUrl(item.id)), 404, 'CONTENT_NOT_FOUND');
      expect((await call('GET', itemUrl(item.id), author)).json()).toMatchObject({ status: 'pending' });

      await decide(item.id, 'approved');
      expect((await list(null, q)).items).toMatchObject([{ id: item.id, status: 'approved', mine: false }]);
      expect((await call('GET', itemUrl(item.id))).json()).toMatchObject({ id: item.id, status: 'approved', ...shown });
    });

    test(`a rejected ${type} is hidden from everyone but its author and admins`, async () => {
      const author = await user();
      const item = await add(author);
      await decide(item.id, 'rejected');
      const q = byName(item);
      expect((await list(null, q)).items).toEqual([]);
      expect((await list(await user(), q)).items).toEqual([]);
      expectError(await call('GET', itemUrl(item.id)), 404, 'CONTENT_NOT_FOUND');
      expect((await list(author, q)).items).toMatchObject([{ status: 'rejected' }]);
      expect((await list(kit.admin, q)).items).toMatchObject([{ status: 'rejected' }]);
      expect((await call('GET', itemUrl(item.id), author)).json()).toMatchObject({ status: 'rejected' });
    });

    test(`an admin's ${type} is approved at once and not queued`, async () => {
      const item = await add(kit.admin);
      expect(item.status).toBe('approved');
      expect(await approvalFor(item.id)).toBeUndefined();
      expect((await call('GET', itemUrl(item.id))).json()).toMatchObject({ status: 'approved' });
    });

    test('a non-admin sending status approved still gets pending', async () => {
      const res = await call('POST', createUrl(), await user(), { ...input(), status: 'approved' });
      expect(res.statusCode).toBe(201);
      const item = res.json() as I;
      expect(item.status).toBe('pending');
      expect((await list(null, byName(item))).items).toEqual([]);
    });

    test('visitors answer 401, unknown disciplines and ids 404', async () => {
      expectError(await call('POST', createUrl(), null, input()), 401, 'UNAUTHORIZED');
      expectError(await call('POST', createUrl('no-such-sport'), await user(), input()), 404, 'DISCIPLINE_NOT_FOUND');
      expectError(await call('GET', createUrl('no-such-sport')), 404, 'DISCIPLINE_NOT_FOUND');
      expectError(await call('GET', itemUrl(MISSING_ID)), 404, 'CONTENT_NOT_FOUND');
      expectError(await call('GET', itemUrl('not-a-uuid')), 404, 'CONTENT_NOT_FOUND');
    });

    test.each(spec.invalid.map((over) => [labelOf(over), over] as const))('refuses %s', async (_label, over) => {
      const res = await call('POST', createUrl(), await user(), input(over));
      expect(res.statusCode, res.body).toBe(400);
    });

    test.each(HOSTILE_URLS)(`refuses the address %s in ${spec.urlFields.join(' and ')} with INVALID_URL`, async (url) => {
      const author = await user();
      for (const field of spec.urlFields) {
        const res = await call('POST', createUrl(), author, input({ [field]: url } as Partial<Input>));
        expect(res.statusCode, field).toBe(400);
        expect(res.json()).toMatchObject({ code: 'INVALID_URL', fields: { [field]: 'INVALID_URL' } });
      }
    });

    if (spec.urlFields.includes('imageUrl')) {
      test.each(['/images/samples/surfing-1.webp', 'https://cdn.example.com/a.png'])('accepts the picture address %s', async (imageUrl) => {
        expect((await add(await user(), { imageUrl } as unknown as Partial<Input>)).imageUrl).toBe(imageUrl);
      });
    }

    test("no author's email is in any answer", async () => {
      const author = await user();
      const item = await add(author);
      expect((await call('POST', `/api/content/${type}/${item.id}/comments`, author, { body: 'My own note' })).statusCode).toBe(201);
      const bodies = [
        (await call('GET', itemUrl(item.id), author)).body,
        (await call('GET', `${createUrl()}${byName(item)}`, author)).body,
        (await call('PATCH', itemUrl(item.id), author, spec.edit.patch)).body,
      ];
      for (const body of bodies) expect(body).not.toContain(author.email);
    });

    test(`the OpenAPI document lists the ${section} routes`, async () => {
      const res = await call('GET', '/api/docs');
      expect(res.statusCode).toBe(200);
      const paths = (res.json() as { paths: Record<string, Fields> }).paths;
      expect(Object.keys(paths[`/api/disciplines/{id}/${section}`] ?? {})).toEqual(expect.arrayContaining(['get', 'post']));
      expect(Object.keys(paths[`/api/${section}/{id}`] ?? {})).toEqual(expect.arrayContaining(['get', 'patch', 'delete']));
    });
  });

  describe(`${section}: search and pages`, () => {
    test(`q matches each searched field case-insensitively; ${spec.order === 'newest' ? 'newest first' : 'in order'}; pages add up`, async () => {
      const tag = token('tag');
      const found: I[] = [];
      for (const over of spec.searchable(tag)) found.push(await add(kit.admin, over));
      await add(kit.admin);
      const ids = (spec.order === 'newest' ? [...found].reverse() : found).map((item) => item.id);

      const all = await list(null, `?q=${tag.toLowerCase()}`);
      expect(all.items.map((item) => item.id)).toEqual(ids);
      expect(all.total).toBe(3);

      const page1 = await list(null, `?q=${tag}&limit=2&page=1`);
      const page2 = await list(null, `?q=${tag}&limit=2&page=2`);
      const page3 = await list(null, `?q=${tag}&limit=2&page=3`);
      expect(page1).toMatchObject({ total: 3, page: 1, pageSize: 2 });
      expect(page1.items).toHaveLength(2);
      expect(page2).toMatchObject({ total: 3, page: 2 });
      expect([...page1.items, ...page2.items].map((item) => item.id)).toEqual(ids);
      expect(page3).toMatchObject({ items: [], total: 3, page: 3 });
    });

    test('LIKE wildcards are taken literally; 12 a page unless told, 50 at the most', async () => {
      expect((await list(null, '?q=%25_%25')).total).toBe(0);
      expect((await list(null, '?limit=500')).pageSize).toBe(50);
      expect((await list(null)).pageSize).toBe(12);
    });

    test(`${section} of another discipline are not listed`, async () => {
      const item = await add(kit.admin, {}, spec.otherDiscipline);
      expect((await list(null, byName(item))).items).toEqual([]);
      expect((await list(null, byName(item), spec.otherDiscipline)).items).toHaveLength(1);
    });
  });

  describe(`${section}: reactions`, () => {
    test(`likes and comments${spec.ratingField ? ' and ratings' : ''} show on the ${type} and its card, and change nothing else`, async () => {
      const item = await add(kit.admin);
      const [r1, r2, r3] = [await user(), await user(), await user()];
      const ratings = spec.ratingField
        ? ([
            [r1, 5],
            [r2, 4],
            [r3, 4],
          ] as const)
        : [];
      for (const [who, score] of ratings) expect((await call('PUT', `/api/content/${type}/${item.id}/rating`, who, { score })).statusCode).toBeLessThan(300);
      expect((await call('PUT', `/api/content/${type}/${item.id}/like`, r1)).statusCode).toBeLessThan(300);
      expect((await call('POST', `/api/content/${type}/${item.id}/comments`, r2, { body: 'Great one' })).statusCode).toBe(201);

      // Three scores 5, 4, 4: the average is shown rounded to one decimal.
      const seenBy = (mine: number | null, liked: boolean) => ({
        reactions: { likes: 1, comments: 1, liked },
        ...(spec.ratingField ? { [spec.ratingField]: { average: 4.3, count: 3, mine } } : {}),
      });
      const seen = (await call('GET', itemUrl(item.id), r1)).json() as I;
      expect(seen).toMatchObject(seenBy(5, true));
      expect((await call('GET', itemUrl(item.id))).json()).toMatchObject(seenBy(null, false));
      expect((await list(null, byName(item))).items).toMatchObject([seenBy(null, false)]);
      expect((await list(r1, byName(item))).items).toMatchObject([seenBy(5, true)]);
      const changed = new Set(['reactions', spec.ratingField, 'mine', 'updatedAt']);
      for (const [key, value] of Object.entries(item)) if (!changed.has(key)) expect(seen[key], key).toEqual(value);
    });
  });

  describe(`${section}: editing and deleting`, () => {
    test(`the author edits their ${type}: the status stays, the queue shows the new name, fields left out keep their value, bad edits change nothing`, async () => {
      const author = await user();
      const item = await add(author);
      const name = `Renamed ${token()}`;
      const res = await call('PATCH', itemUrl(item.id), author, { ...named(name), ...spec.edit.patch });
      expect(res.statusCode, res.body).toBe(200);
      const edited = res.json() as I;
      expect(edited).toMatchObject({ ...named(name), ...(spec.edit.expected ?? spec.edit.patch), status: 'pending' });
      for (const key of spec.edit.kept) expect(edited[key], key).toEqual(item[key]);
      expect((await approvalFor(item.id))?.itemName).toBe(name);

      for (const bad of spec.badEdits) {
        const refused = await call('PATCH', itemUrl(item.id), author, bad.patch);
        expect(refused.statusCode, refused.body).toBe(400);
        if (bad.code) expect(refused.json()).toMatchObject({ code: bad.code });
      }
      expect((await call('GET', itemUrl(item.id), author)).json()).toEqual(edited);
    });

    test('another user gets 403 and the row is unchanged; visitors 401', async () => {
      const item = await add(kit.admin);
      const other = await user();
      expectError(await call('PATCH', itemUrl(item.id), other, named('Hijacked')), 403, 'FORBIDDEN');
      expectError(await call('DELETE', itemUrl(item.id), other), 403, 'FORBIDDEN');
      expectError(await call('PATCH', itemUrl(item.id), null, named('Hijacked')), 401, 'UNAUTHORIZED');
      expectError(await call('DELETE', itemUrl(item.id), null), 401, 'UNAUTHORIZED');
      expect((await call('GET', itemUrl(item.id), kit.admin)).json()).toEqual(item);
    });

    test(`another user cannot touch someone's pending ${type} (it is hidden: 404)`, async () => {
      const item = await add(await user());
      expectError(await call('PATCH', itemUrl(item.id), await user(), named('Hijacked')), 404, 'CONTENT_NOT_FOUND');
      expectError(await call('DELETE', itemUrl(item.id), await user()), 404, 'CONTENT_NOT_FOUND');
    });

    test(`the author deletes their ${type} and its approval goes with it`, async () => {
      const author = await user();
      const item = await add(author);
      expect((await call('DELETE', itemUrl(item.id), author)).statusCode).toBe(204);
      expectError(await call('GET', itemUrl(item.id), author), 404, 'CONTENT_NOT_FOUND');
      expect(await approvalFor(item.id)).toBeUndefined();
    });

    test(`an admin edits and deletes anyone's ${type}`, async () => {
      const item = await add(await user());
      const res = await call('PATCH', itemUrl(item.id), kit.admin, spec.adminEdit);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toMatchObject({ ...spec.adminEdit, status: 'pending' });
      expect((await call('DELETE', itemUrl(item.id), kit.admin)).statusCode).toBe(204);
      expectError(await call('GET', itemUrl(item.id), kit.admin), 404, 'CONTENT_NOT_FOUND');
    });
  });

  describe(`${section}: hourly limit`, () => {
    test(`${CREATIONS_PER_HOUR} ${section} an hour for each non-admin`, async () => {
      const author: User = await user();
      for (let i = 0; i < CREATIONS_PER_HOUR; i++) await add(author);
      expectError(await call('POST', createUrl(), author, input()), 429, 'RATE_LIMITED');
    });

    test(`an admin's ${section} are published at once and not counted (as an admin's teams)`, async () => {
      for (let i = 0; i <= CREATIONS_PER_HOUR; i++) expect((await call('POST', createUrl(), kit.admin, input())).statusCode).toBe(201);
    });
  });

  return calls;
}
