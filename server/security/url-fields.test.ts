import { beforeAll, describe, expect, test } from 'vitest';
import { contentTestKit, type User } from '../test/content-kit.ts';
import { fingerprint } from '../test/db-fingerprint.ts';
import { bodyFields, CONTENT, DISCIPLINE, insertContent, IS_STREAM, openApi, routesOf, type OpenApi } from './catalogue.ts';

/**
 * Every URL field of every write, found in the OpenAPI document (the `httpUrl` and `imageUrl`
 * schemas of common/content.ts mark theirs as format uri / uri-reference), refuses script, data
 * and protocol-relative addresses with 400 INVALID_URL and writes nothing.
 */
const kit = contentTestKit('place');
let doc: OpenApi;
beforeAll(async () => {
  doc = await openApi(kit);
});

const BAD_URLS = [
  'javascript:alert(1)',
  'JaVaScRiPt:alert(1)',
  '  javascript:alert(document.cookie)',
  'java\tscript:alert(1)',
  'data:text/html,<script>alert(1)</script>',
  'data:image/svg+xml;base64,PHN2Zz48L3N2Zz4=',
  'vbscript:msgbox(1)',
  '//evil.example/x',
  '\\\\evil.example\\x',
  'https:evil.example',
];

type Valid = { url: string; body: Record<string, unknown>; who: User; success: number };
/** A valid request of the route (made for a fresh user); its URL fields get replaced. */
const VALID: Record<string, () => Promise<Valid>> = Object.fromEntries(
  CONTENT.flatMap((spec) => [
    [
      `POST /api/disciplines/{id}/${spec.section}`,
      async () => ({ url: `/api/disciplines/${DISCIPLINE}/${spec.section}`, body: spec.input(`Item ${kit.token()}`), who: await kit.user(), success: 201 }),
    ],
    [
      `PATCH /api/${spec.section}/{id}`,
      async () => {
        const who = await kit.user();
        const id = await insertContent(kit.t.app.db, spec, who, `Item ${kit.token()}`);
        return { url: `/api/${spec.section}/${id}`, body: { [spec.nameField]: `Renamed ${kit.token()}` }, who, success: 200 };
      },
    ],
  ]),
);

const writeRoutes = () => routesOf(doc).filter((r) => !r.startsWith('GET ') && !IS_STREAM(r.split(' ')[1]!));

describe('URL fields', () => {
  test('every write with a URL field has a valid request here (and a field named like a URL is marked as one)', () => {
    const withUrls = writeRoutes().filter((r) => bodyFields(doc, r).urls.length > 0);
    expect(withUrls.length).toBeGreaterThanOrEqual(12);
    expect(withUrls).toEqual(Object.keys(VALID).sort());
    for (const route of writeRoutes()) {
      const { all, urls } = bodyFields(doc, route);
      const looksLikeUrl = all.filter((f) => /url|website|link|href|homepage/i.test(f));
      expect(urls, `${route}: fields named like URLs use httpUrl or imageUrl`).toEqual(expect.arrayContaining(looksLikeUrl));
    }
  });

  test.each(Object.keys(VALID))('%s refuses every dangerous URL in each URL field, nothing written', async (route) => {
    const { urls } = bodyFields(doc, route);
    expect(urls.length, route).toBeGreaterThan(0);
    const valid = await VALID[route]!();
    const method = route.split(' ')[0] as 'POST';
    for (const field of urls) {
      const before = await fingerprint(kit.t.app.db);
      for (const bad of BAD_URLS) {
        const res = await kit.call(method, valid.url, valid.who, { ...valid.body, [field]: bad });
        expect({ field, bad, status: res.statusCode, body: res.json() }).toMatchObject({
          field,
          bad,
          status: 400,
          body: { code: 'INVALID_URL', fields: { [field]: 'INVALID_URL' } },
        });
      }
      expect(await fingerprint(kit.t.app.db), `${route} ${field}`).toEqual(before);
    }
    // The same request with safe addresses is accepted, so the refusals were the URLs' doing.
    const safe = Object.fromEntries(urls.map((f) => [f, 'https://cdn.example.com/a.png']));
    const ok = await kit.call(method, valid.url, valid.who, { ...valid.body, ...safe });
    expect(ok.statusCode, ok.body).toBe(valid.success);
    // An author's edit of an approved item waits for review: the addresses are in its pending revision.
    const answer = ok.json() as Record<string, unknown> & { pendingRevision?: { changes: Record<string, unknown> } };
    for (const f of urls) expect((answer.pendingRevision?.changes ?? answer)[f], f).toBe('https://cdn.example.com/a.png');
  });
});
