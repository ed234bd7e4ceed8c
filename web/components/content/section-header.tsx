import type { ReactNode } from 'react';
import { useTranslation } from '../../lib/i18n-binding.tsx';
import type { DisciplineHub } from '../../../common/schemas.ts';
import { useLocalizedName } from '../../lib/localized.ts';
import { BackLink } from '../ui/back-link.tsx';

/** The head of a section page: back to the discipline, the section title with its icon, a subtitle and the main action. */
export function SectionHeader({ discipline, title, subtitle, action }: { discipline: DisciplineHub; title: string; subtitle: string; action?: ReactNode }) {
  const { t } = useTranslation();
  const name = useLocalizedName();
  return (
    <>
      <BackLink to={`/discipline/${discipline.id}`}>{t('discipline.backToHub', { discipline: name(discipline) })}</BackLink>
      <div className="mt-4 flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="flex items-center gap-3 text-3xl font-extrabold">
            <span aria-hidden="true">{discipline.icon}</span>
            {title}
          </h1>
          <p className="mt-1 text-slate-600">{subtitle}</p>
        </div>
        {action}
      </div>
    </>
  );
}
