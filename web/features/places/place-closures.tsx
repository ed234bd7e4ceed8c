import type { ReactNode } from 'react';
import type { Closure } from '../../../common/place-access.ts';
import { ListSection } from '../../components/ui/list-section.tsx';
import { useTranslation } from '../../lib/i18n-binding.tsx';
import { useFormatDate } from '../../lib/localized.ts';
import { dayRange } from './place-access-signs.ts';

type Props = {
  closures: Closure[];
  /** The steward's control beside each closure (its remove form); riders get none. */
  control?: (closure: Closure, days: string) => ReactNode;
  /** What follows the list in its block (the stewards' names, for riders). */
  after?: ReactNode;
};

/** A place's closures, the same list for riders and, with a remove form each, for its stewards. */
export function PlaceClosures({ closures, control, after }: Props) {
  const { t } = useTranslation();
  const formatDate = useFormatDate();
  return (
    <ListSection title={t('places.access.closures')} isEmpty={closures.length === 0} emptyText={t('places.access.noClosures')} after={after}>
      <ul className="divide-y divide-slate-100 text-sm text-slate-700" data-testid="place-closures">
        {closures.map((c) => {
          const days = dayRange(formatDate, c);
          return (
            <li key={c.id} className="flex flex-wrap items-center justify-between gap-2 py-2">
              <span>
                {days}
                {c.yearly && ` (${t('places.access.everyYear')})`}: <bdi>{c.reason}</bdi>
              </span>
              {control?.(c, days)}
            </li>
          );
        })}
      </ul>
    </ListSection>
  );
}
