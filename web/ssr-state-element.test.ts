import { describe, expect, test } from 'vitest';
import type { SsrState } from './ssr-state.ts';
import { ssrStateElement } from './ssr-state-element.ts';

type Query = SsrState['queries']['queries'][number];

const query = (key: string, data: unknown, siteWide = false) =>
  ({
    queryKey: [key],
    queryHash: `["${key}"]`,
    state: { data, status: 'success', dataUpdatedAt: 1, dataUpdateCount: 1, error: null },
    ...(siteWide ? { meta: { siteWide: true } } : {}),
  }) as unknown as Query;

const stateOf = (queries: Query[]): SsrState =>
  ({
    language: 'en',
    settings: { enabledLanguages: 'en' },
    queries: { mutations: [], queries },
    texts: {},
    router: { loaderData: {}, actionData: null, errors: null },
    flash: null,
  }) as unknown as SsrState;

/** What the element held before answers were written once: the whole state through JSON.stringify. */
const plain = (state: SsrState) => `<script type="application/json" id="ssr-state">${JSON.stringify(state).replace(/</g, '\\u003c')}</script>`;
const siteWide = (q: Query) => (q.meta as { siteWide?: boolean } | undefined)?.siteWide === true;

describe('the handed-over state', () => {
  const categories = [
    { id: 'water', name: 'Water </script><script>alert(1)</script>', names: { ar: 'الماء' }, disciplines: [{ id: 'surfing', name: 'Surfing' }] },
  ];
  const settings = { siteName: 'Stoked', enabledLanguages: 'en,fr' };

  test('is written as JSON.stringify writes it, `<` escaped, with reused answers in their places', () => {
    // A value that looks like a marker is written as the value it is.
    const state = stateOf([
      query('settings', settings, true),
      query('team', { name: '\u0000abc:0', bio: 'a < b' }),
      query('categories', categories, true),
      query('empty', null, true),
    ]);
    const once = ssrStateElement(state, siteWide);
    expect(once).toBe(plain(state));
    expect(ssrStateElement(state, siteWide), 'and again from what was written').toBe(plain(state));
    expect(once).not.toContain('</script><script>');
  });

  test('an answer many pages hand over is written once; the others each time', () => {
    let reusedWrites = 0;
    let ownWrites = 0;
    const reused = { list: categories, toJSON: () => (reusedWrites++, categories) };
    const own = { id: 'team', toJSON: () => (ownWrites++, { id: 'team' }) };
    for (let page = 0; page < 3; page++) ssrStateElement(stateOf([query('categories', reused, true), query('team', own)]), siteWide);
    expect(reusedWrites).toBe(1);
    expect(ownWrites).toBe(3);
  });
});
