import { dehydrate, QueryClient } from '@tanstack/react-query';
import { expect, test } from 'vitest';
import { ApiError } from './lib/api.ts';
import { receivedQueries, sendableQueries } from './ssr-state.ts';

test('a read that failed on the server reaches the browser as the same ApiError, through JSON', async () => {
  const server = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  await server.prefetchQuery({ queryKey: ['teams', 'missing'], queryFn: () => Promise.reject(new ApiError(404, 'TEAM_NOT_FOUND', 'Team not found.')) });
  const sent = JSON.parse(JSON.stringify(sendableQueries(dehydrate(server, { shouldDehydrateQuery: () => true })))) as ReturnType<typeof dehydrate>;
  const error = receivedQueries(sent).queries[0]!.state.error;
  expect(error).toBeInstanceOf(ApiError);
  expect(error).toMatchObject({ status: 404, code: 'TEAM_NOT_FOUND', message: 'Team not found.' });
});
