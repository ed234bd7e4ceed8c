import { QueryClient, skipToken } from '@tanstack/react-query';
import { describe, expect, test } from 'vitest';
import { RenderQueryClient } from './render-query-client.ts';

type Options = Parameters<QueryClient['defaultQueryOptions']>[0];

const queryFn = () => Promise.resolve(1);
const persister = () => Promise.resolve(1);
const cases: Record<string, Options> = {
  plain: { queryKey: ['profiles', 'abc', 'activity'], queryFn },
  'own options over the defaults': { queryKey: ['categories'], queryFn, staleTime: 300_000, retry: 3, meta: { siteWide: true } },
  'a hash given': { queryKey: ['disciplines'], queryFn, queryHash: 'given' },
  'a hash function': { queryKey: ['teams', { page: 2, q: 'x' }], queryFn, queryKeyHashFn: (key) => `own:${key.length}` },
  'key objects in any order': { queryKey: ['teams', { q: 'x', page: 2 }], queryFn },
  'network mode always': { queryKey: ['a'], queryFn, networkMode: 'always' },
  suspense: { queryKey: ['b'], queryFn, suspense: true } as Options,
  'throw and reconnect set': { queryKey: ['c'], queryFn, throwOnError: true, refetchOnReconnect: false },
  persister: { queryKey: ['d'], queryFn, persister } as Options,
  'skipped query': { queryKey: ['e'], queryFn: skipToken },
};

describe('the render query client fills in options as TanStack does', () => {
  const config = { defaultOptions: { queries: { retry: false, retryOnMount: false, staleTime: 30_000 } } };
  const ours = new RenderQueryClient(config);
  const theirs = new QueryClient(config);
  ours.setQueryDefaults(['teams'], { gcTime: 1000 });
  theirs.setQueryDefaults(['teams'], { gcTime: 1000 });

  test.each(Object.entries(cases))('%s', (_, options) => {
    const mine = ours.defaultQueryOptions(options);
    expect(mine).toEqual(theirs.defaultQueryOptions(options));
    expect(mine).not.toBe(options);
    expect(ours.defaultQueryOptions(mine), 'defaulted once').toBe(mine);
  });

  test("the query defaults of the key's prefix apply", () => {
    expect(ours.defaultQueryOptions(cases['a hash function']!)).toMatchObject({ gcTime: 1000, staleTime: 30_000 });
    expect(ours.defaultQueryOptions(cases.plain!)).not.toHaveProperty('gcTime');
  });
});
