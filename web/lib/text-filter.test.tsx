// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { lazy, Suspense } from 'react';
import { createBrowserRouter, Link, Outlet, RouterProvider } from 'react-router';
import { afterEach, expect, test } from 'vitest';
import { useTextFilter, useUrlFilters } from './list-state.ts';

function ListPage() {
  const filter = useTextFilter(useUrlFilters(), 'q');
  return (
    <>
      <input aria-label="Search" value={filter.text} onChange={(event) => filter.setText(event.target.value)} />
      <Link to="/list/item">Open</Link>
    </>
  );
}

let finishLoading: () => void = () => {};
const ItemPage = lazy(
  () =>
    new Promise<{ default: () => React.JSX.Element }>((resolve) => {
      finishLoading = () => resolve({ default: () => <h1>Item</h1> });
    }),
);

const wait = (ms: number) => act(() => new Promise((resolve) => setTimeout(resolve, ms)));

afterEach(cleanup);

test('a search typed just before opening a result does not follow the reader to the next page, even while its code loads', async () => {
  window.history.replaceState(null, '', '/list');
  // As in the app's layout: one Suspense around the pages, so the list stays on screen while the next page loads.
  const router = createBrowserRouter([
    {
      element: (
        <Suspense fallback={<p>Loading</p>}>
          <Outlet />
        </Suspense>
      ),
      children: [
        { path: '/list', element: <ListPage /> },
        { path: '/list/item', element: <ItemPage /> },
      ],
    },
  ]);
  render(<RouterProvider router={router} />);

  fireEvent.change(screen.getByLabelText('Search'), { target: { value: 'kickflip' } });
  fireEvent.click(screen.getByText('Open'));
  await wait(500);
  expect(screen.getByLabelText('Search')).toBeTruthy();
  finishLoading();
  await wait(50);

  expect(window.location.pathname).toBe('/list/item');
  expect(window.location.search).toBe('');
  router.dispose();
});

test('a search that pauses on the list page is written to the address', async () => {
  window.history.replaceState(null, '', '/list');
  const router = createBrowserRouter([{ path: '/list', element: <ListPage /> }]);
  render(<RouterProvider router={router} />);
  fireEvent.change(screen.getByLabelText('Search'), { target: { value: ' kickflip ' } });
  await wait(500);
  expect(window.location.search).toBe('?q=kickflip');
  router.dispose();
});

test('what is typed while the list of a previous pause still loads is written too: no keystroke is lost', async () => {
  window.history.replaceState(null, '', '/list');
  // As the app's routes do: the list's loader runs on every change of the address's query.
  const pending: (() => void)[] = [];
  const router = createBrowserRouter([
    {
      path: '/list',
      element: <ListPage />,
      loader: ({ request }) => (new URL(request.url).search ? new Promise<null>((resolve) => pending.push(() => resolve(null))) : null),
    },
  ]);
  render(<RouterProvider router={router} />);
  await wait(10);
  fireEvent.change(screen.getByLabelText('Search'), { target: { value: 'kick' } });
  await wait(400);
  expect(router.state.navigation.state).toBe('loading');
  fireEvent.change(screen.getByLabelText('Search'), { target: { value: 'kickflip' } });
  await wait(400);
  for (const resolve of pending) resolve();
  await wait(50);
  expect(window.location.search).toBe('?q=kickflip');
  router.dispose();
});
