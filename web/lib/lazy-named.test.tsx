// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import { Suspense } from 'react';
import { afterEach, expect, test, vi } from 'vitest';
import { lazyNamed, loadOnce } from './lazy-named.ts';

afterEach(cleanup);

test('the named export is loaded only when first drawn, and then drawn with its props', async () => {
  const load = vi.fn(async () => ({ Greeting: ({ name }: { name: string }) => <p>Hello {name}</p>, Other: () => <p>Other</p> }));
  const Greeting = lazyNamed(load, 'Greeting');
  expect(load).not.toHaveBeenCalled();
  render(
    <Suspense fallback={<p>Loading</p>}>
      <Greeting name="Kai" />
    </Suspense>,
  );
  expect(screen.getByText('Loading')).toBeTruthy();
  expect(await screen.findByText('Hello Kai')).toBeTruthy();
  expect(screen.queryByText('Other')).toBeNull();
  expect(load).toHaveBeenCalledTimes(1);
});

test('loadOnce loads a module once for every later call, and tries a failed load again', async () => {
  let calls = 0;
  let fail = true;
  const load = loadOnce(async () => {
    calls += 1;
    if (fail) throw new Error('offline');
    return { answer: 42 };
  });
  await expect(load()).rejects.toThrow('offline');
  fail = false;
  expect(await load()).toEqual({ answer: 42 });
  expect(await load()).toBe(await load());
  expect(calls).toBe(2);
});
