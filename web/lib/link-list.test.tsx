// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router';
import { afterEach, expect, test, vi } from 'vitest';
import { useLinkList } from './link-list.ts';

function Menu({ onNavigate }: { onNavigate: () => void }) {
  const follow = useLinkList(onNavigate);
  const location = useLocation();
  return (
    <>
      <p data-testid="at">{location.pathname + location.search}</p>
      <nav onClick={follow}>
        <a href="/discipline/surfing?view=map">
          <span>Surfing</span>
        </a>
        <a href="/terms" target="_blank">
          Terms
        </a>
        <a href="https://example.com/elsewhere">Elsewhere</a>
      </nav>
    </>
  );
}

const at = () => screen.getByTestId('at').textContent;

function renderMenu() {
  const onNavigate = vi.fn();
  const router = createMemoryRouter([{ path: '*', element: <Menu onNavigate={onNavigate} /> }], { initialEntries: ['/'] });
  render(<RouterProvider router={router} />);
  return onNavigate;
}

afterEach(cleanup);

test('a plain click on a link of the list navigates in the app, from any element inside the link', async () => {
  const onNavigate = renderMenu();
  const click = new MouseEvent('click', { bubbles: true, cancelable: true, button: 0 });
  screen.getByText('Surfing').dispatchEvent(click);
  expect(click.defaultPrevented).toBe(true);
  await waitFor(() => expect(at()).toBe('/discipline/surfing?view=map'));
  expect(onNavigate).toHaveBeenCalledTimes(1);
});

test('a click with a modifier key, on a link with a target, or to another site is left to the browser', async () => {
  const onNavigate = renderMenu();
  for (const [text, init] of [
    ['Surfing', { ctrlKey: true }],
    ['Surfing', { metaKey: true }],
    ['Surfing', { shiftKey: true }],
    ['Surfing', { button: 1 }],
    ['Terms', {}],
    ['Elsewhere', {}],
  ] as const) {
    const link = screen.getByText(text);
    // jsdom does not follow links; the app must not have taken the click over.
    const notTaken = fireEvent.click(link, init);
    expect(notTaken, `${text} ${JSON.stringify(init)}`).toBe(true);
  }
  await new Promise((resolve) => setTimeout(resolve, 50));
  expect(at()).toBe('/');
  expect(onNavigate).not.toHaveBeenCalled();
});
