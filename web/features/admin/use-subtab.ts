import { useLocation, useSearchParams } from 'react-router';
import { isOneOf } from './admin-tabs.ts';

/**
 * The sub-tab of the current admin tab, read from `?subtab=` (the first one when missing or unknown),
 * and the address of each sub-tab: the tabs are links to it (web/components/ui/tabs.tsx), which open
 * without the scripts too.
 */
export function useSubtab<T extends string>(subtabs: readonly T[]): [T, (next: string) => string] {
  const [params] = useSearchParams();
  const { pathname } = useLocation();
  const requested = params.get('subtab');
  const subtab = isOneOf(subtabs, requested) ? requested : subtabs[0]!;
  const hrefOf = (next: string) => {
    const updated = new URLSearchParams(params);
    updated.set('subtab', next);
    return `${pathname}?${updated}`;
  };
  return [subtab, hrefOf];
}
