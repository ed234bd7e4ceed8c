import { forwardRef } from 'react';
import { createPath, Link as RouterLink, parsePath, type LinkProps } from 'react-router';

/**
 * The server's Link: the markup React Router's Link renders for an address from the root, without
 * its work. Its Link resolves the address against the route (twice), subscribes to the location and
 * readies a click handler and prefetching: on the server, where nobody clicks, a twelfth of a list
 * page's render (sixty-odd links on the events list). Anything else (a relative address, an object,
 * prefetching, a mask) goes to React Router's own. The browser hydrates the same markup with
 * React Router's Link (web/components/ui/link.test.tsx holds the two to the same markup).
 */
export const ServerLink = /* @__PURE__ */ forwardRef<HTMLAnchorElement, LinkProps>(function ServerLink(props, ref) {
  const {
    to,
    discover = 'render',
    prefetch = 'none',
    relative,
    reloadDocument: _reloadDocument,
    replace: _replace,
    state: _state,
    preventScrollReset: _preventScrollReset,
    viewTransition: _viewTransition,
    onClick: _onClick,
    target,
    ...rest
  } = props;
  if (
    typeof to !== 'string' ||
    !to.startsWith('/') ||
    to.startsWith('//') ||
    relative !== undefined ||
    prefetch !== 'none' ||
    'mask' in props ||
    'defaultShouldRevalidate' in props
  ) {
    return <RouterLink ref={ref} {...props} />;
  }
  return <a {...rest} href={createPath(parsePath(to))} ref={ref} target={target} data-discover={discover === 'render' ? 'true' : undefined} />;
});

/** The app's links (React Router's in the browser; its markup made cheaply when the server renders). */
export const Link = import.meta.env.SSR ? ServerLink : RouterLink;
