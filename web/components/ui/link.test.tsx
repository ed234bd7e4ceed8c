import { renderToString } from 'react-dom/server';
import { Link as RouterLink, MemoryRouter, type LinkProps } from 'react-router';
import { describe, expect, test } from 'vitest';
import { ServerLink } from './link.tsx';

const markup = (Component: typeof RouterLink, props: LinkProps) =>
  renderToString(
    <MemoryRouter initialEntries={['/discipline/surfing/events']}>
      <Component {...props} />
    </MemoryRouter>,
  );

describe("the server's Link writes what React Router's Link writes", () => {
  test.each<[string, LinkProps]>([
    ['an address from the root', { to: '/discipline/surfing', children: 'Surfing' }],
    ['with a query and a hash', { to: '/teams?q=crew&page=2#list', className: 'link', children: 'Teams' }],
    ['an empty query and hash', { to: '/teams?#', children: 'x' }],
    ['the root', { to: '/', 'aria-label': 'Home', children: 'Stoked' }],
    ['with a trailing slash', { to: '/discipline/surfing/', children: 'x' }],
    [
      'a new tab, navigation options and a click handler',
      {
        to: '/privacy',
        target: '_blank',
        rel: 'noreferrer',
        replace: true,
        state: { from: 1 },
        preventScrollReset: true,
        reloadDocument: true,
        viewTransition: true,
        onClick: () => {},
        children: 'x',
      },
    ],
    ['no discovery', { to: '/terms', discover: 'none', children: 'x' }],
    ['a relative address (React Router resolves it)', { to: 'places', children: 'x' }],
    ['an address object', { to: { pathname: '/contact', search: '?a=1' }, children: 'x' }],
    ['another site', { to: 'https://example.com/x', children: 'x' }],
    ['a protocol-relative address', { to: '//example.com/x', children: 'x' }],
  ])('%s', (_, props) => {
    expect(markup(ServerLink, props)).toBe(markup(RouterLink, props));
  });
});
