// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { act, useState } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import i18next from 'i18next';
import { afterEach, beforeAll, expect, test } from 'vitest';
import { TranslationProvider } from '../../lib/i18n-binding.tsx';
import { FilterForm, SearchBox } from './search-box.tsx';

beforeAll(async () => {
  await i18next.init({ lng: 'en', resources: {} });
});

afterEach(cleanup);

function Search({ onText }: { onText?: (text: string) => void }) {
  const [text, setText] = useState('');
  return (
    <FilterForm keep={['view']} onApply={() => {}}>
      <SearchBox
        label="Search places"
        placeholder=""
        value={text}
        onChange={(value) => {
          setText(value);
          onText?.(value);
        }}
      />
    </FilterForm>
  );
}

const routerAt = (path: string, element: React.ReactNode) =>
  createMemoryRouter([{ path: '/places', element: <TranslationProvider i18n={i18next}>{element}</TranslationProvider> }], { initialEntries: [path] });

test('a list search is a GET form of the page: its field is q, and the view of the address goes along hidden', () => {
  render(<RouterProvider router={routerAt('/places?view=map&q=old', <Search />)} />);
  const form = screen.getByRole('search') as HTMLFormElement;
  expect(form.tagName).toBe('FORM');
  expect(form.getAttribute('method')).toBe('get');
  expect(form.getAttribute('action')).toBe('/places');
  expect((screen.getByLabelText('Search places') as HTMLInputElement).name).toBe('q');
  expect([...new FormData(form)]).toEqual([
    ['view', 'map'],
    ['q', ''],
  ]);
  expect(form.querySelector('button[type="submit"]')).not.toBeNull();
});

test('what was typed into the server-rendered search box before the scripts ran is taken up by the page', async () => {
  const container = document.createElement('div');
  document.body.append(container);
  container.innerHTML = renderToString(<RouterProvider router={routerAt('/places', <Search />)} />);
  (container.querySelector('input[name="q"]') as HTMLInputElement).value = 'kickflip';
  const seen: string[] = [];
  await act(async () => {
    hydrateRoot(container, <RouterProvider router={routerAt('/places', <Search onText={(text) => seen.push(text)} />)} />);
  });
  expect(seen).toEqual(['kickflip']);
  expect((container.querySelector('input[name="q"]') as HTMLInputElement).value).toBe('kickflip');
  container.remove();
});
