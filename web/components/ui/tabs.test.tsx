// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider, useSearchParams } from 'react-router';
import { afterEach, expect, test } from 'vitest';
import { Tabs } from './tabs.tsx';

afterEach(cleanup);

/** A page whose tab is the address's `?tab=`, as the own profile and the admin panel are. */
function Page() {
  const [params] = useSearchParams();
  const active = params.get('tab') ?? 'one';
  return (
    <Tabs
      label="Parts"
      active={active}
      hrefOf={(id) => (id === 'one' ? '/page' : `/page?tab=${id}`)}
      tabs={['one', 'two', 'three'].map((id) => ({ id, label: `Tab ${id}`, content: <p>Panel {id}</p> }))}
    />
  );
}

const renderAt = (path: string) => render(<RouterProvider router={createMemoryRouter([{ path: '/page', element: <Page /> }], { initialEntries: [path] })} />);

test('tabs with addresses are links, so that each opens without the scripts; the address picks the panel', () => {
  renderAt('/page?tab=two');
  const tabs = screen.getAllByRole('tab');
  expect(tabs.map((tab) => tab.tagName)).toEqual(['A', 'A', 'A']);
  expect(tabs.map((tab) => tab.getAttribute('href'))).toEqual(['/page', '/page?tab=two', '/page?tab=three']);
  expect(screen.getByRole('tab', { name: 'Tab two' }).getAttribute('aria-selected')).toBe('true');
  expect(screen.getByRole('tabpanel').textContent).toBe('Panel two');
});

test('with the scripts, a click and the arrow keys go to the tab’s address', async () => {
  renderAt('/page');
  fireEvent.click(screen.getByRole('tab', { name: 'Tab three' }));
  expect(await screen.findByText('Panel three')).toBeTruthy();
  fireEvent.keyDown(screen.getByRole('tablist'), { key: 'ArrowRight' });
  expect(await screen.findByText('Panel one')).toBeTruthy();
  expect(document.activeElement?.textContent).toBe('Tab one');
});
