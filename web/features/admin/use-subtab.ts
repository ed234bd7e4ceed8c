import { useSearchParams } from 'react-router';
import { isOneOf } from './admin-tabs.ts';

/** The sub-tab of the current admin tab, read from `?subtab=` (the first one when missing or unknown). */
export function useSubtab<T extends string>(subtabs: readonly T[]): [T, (next: T) => void] {
  const [params, setParams] = useSearchParams();
  const requested = params.get('subtab');
  const subtab = isOneOf(subtabs, requested) ? requested : subtabs[0]!;
  const select = (next: T) =>
    setParams((current) => {
      const updated = new URLSearchParams(current);
      updated.set('subtab', next);
      return updated;
    });
  return [subtab, select];
}
