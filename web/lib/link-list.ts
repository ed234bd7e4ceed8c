import { useCallback, type MouseEvent } from 'react';
import { useNavigate } from 'react-router';

/**
 * Client-side navigation for a long list of plain `<a href>` links (the frame's disciplines menu and
 * footer, on every page): one click handler on their container instead of a router `Link` each,
 * which costs the server a few hooks per link on every page it renders. Links keep working without
 * scripts; a click with a modifier key, another button, a target or a foreign address is the
 * browser's, as with `Link`.
 */
export function useLinkList(onNavigate?: () => void) {
  const navigate = useNavigate();
  return useCallback(
    (event: MouseEvent<HTMLElement>) => {
      if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.altKey || event.ctrlKey || event.shiftKey) return;
      const link = (event.target as Element).closest('a[href]');
      if (!(link instanceof HTMLAnchorElement) || !event.currentTarget.contains(link)) return;
      if ((link.target && link.target !== '_self') || link.hasAttribute('download') || link.origin !== window.location.origin) return;
      event.preventDefault();
      onNavigate?.();
      void navigate(link.pathname + link.search + link.hash);
    },
    [navigate, onNavigate],
  );
}
