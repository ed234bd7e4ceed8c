import type { FastifyRequest } from 'fastify';
import { describe, expect, test } from 'vitest';
import { FRESH_READ } from './http-cache.ts';
import { pageFetch } from './web-pages.ts';
import { RELAXED_LIMITS, signUpVerified } from '../test/test-app.ts';
import { useTestApp } from '../test/use-test-app.ts';

const t = useTestApp({ ...RELAXED_LIMITS });
const HEADERS = { accept: 'application/json', 'accept-language': 'fr', [FRESH_READ.header]: FRESH_READ.token };

/** The same GET answered through inject, as a client's request would be. */
const injected = (url: string, headers: Record<string, string>) => t.app.inject({ method: 'GET', url, headers, remoteAddress: '203.0.113.7' });
const read = (url: string, headers: Record<string, string>) => t.app.readInProcess({ url, headers, remoteAddress: '203.0.113.7' });

describe("a page's in-process read answers as the app answers a client", () => {
  test.each([
    ['a public read, in the asked language', '/api/disciplines/surfing'],
    ['a query string', '/api/disciplines/surfing/events?page=1&limit=2&when=upcoming'],
    ['an unknown API address', '/api/nothing-here'],
    ['a private read without a session', '/api/notifications'],
    ['a refused parameter', '/api/teams/%00'],
  ])('%s', async (_, url) => {
    const [mine, theirs] = await Promise.all([read(url, HEADERS), injected(url, HEADERS)]);
    expect(mine.statusCode).toBe(theirs.statusCode);
    expect(mine.statusMessage).toBe(theirs.statusMessage);
    expect(mine.body).toBe(theirs.body);
    for (const name of ['content-type', 'cache-control', 'vary']) expect(mine.headers[name], name).toEqual(theirs.headers[name]);
  });

  test("with the person's session, for what they may see", async () => {
    const rider = await signUpVerified(t, { name: 'Inproc Rider' });
    const mine = await read('/api/me', { ...HEADERS, cookie: rider.cookie });
    expect(mine.statusCode).toBe(200);
    expect(JSON.parse(mine.body)).toMatchObject({ user: { id: rider.id, name: 'Inproc Rider' } });
    expect((await read('/api/me', HEADERS)).body).toBe(JSON.stringify({ user: null }));
  });

  test('many at once each get their own answer', async () => {
    const urls = ['/api/disciplines/surfing', '/api/disciplines/skateboarding', '/api/settings', '/api/categories', '/api/nothing-here'];
    const answers = await Promise.all(urls.map((url) => read(url, HEADERS)));
    const expected = await Promise.all(urls.map((url) => injected(url, HEADERS)));
    expect(answers.map((a) => [a.statusCode, a.body])).toEqual(expected.map((e) => [e.statusCode, e.body]));
  });
});

describe("a rendered page's API transport (pageFetch)", () => {
  const page = { headers: { 'accept-language': 'de' }, ip: '203.0.113.9' } as unknown as FastifyRequest;

  test('reads in-process, in the page\'s language; a write asked for while rendering is refused and reaches nothing', async () => {
    const fetchApi = pageFetch(t.app, page, 'de', {});
    const asked: string[] = [];
    const read = t.app.readInProcess;
    t.app.readInProcess = (options) => (asked.push(`${options.url} ${options.headers['accept-language']} ${options.remoteAddress}`), read(options));
    try {
      const answer = await fetchApi('/api/disciplines/surfing', {});
      expect(answer.status).toBe(200);
      expect(JSON.parse(await answer.text())).toMatchObject({ id: 'surfing' });
      await expect(fetchApi('/api/disciplines/surfing/follow', { method: 'PUT' })).rejects.toThrow('A page render only reads');
    } finally {
      t.app.readInProcess = read;
    }
    expect(asked).toEqual(['/api/disciplines/surfing de 203.0.113.9']);
  });
});
