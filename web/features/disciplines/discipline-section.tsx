import type { ReactNode } from 'react';
import { useTranslation } from '../../lib/i18n-binding.tsx';
import type { DisciplineHub } from '../../../common/schemas.ts';
import { PageSpinner } from '../../components/ui/spinner.tsx';
import { StateMessage } from '../../components/ui/state-message.tsx';
import { useLocalizedName } from '../../lib/localized.ts';
import { usePageMeta } from '../../lib/page-meta.ts';
import { useDisciplineHub } from '../../lib/disciplines.ts';
import type { SectionId } from './sections.ts';

/**
 * A section page of one discipline: its title ('{section} - {discipline} - Stoked'), a spinner while
 * the discipline loads, 'Discipline not found' for an unknown one, else the section itself.
 */
export function DisciplineSection({
  disciplineId,
  section,
  description,
  children,
}: {
  disciplineId: string;
  section: SectionId;
  description: (disciplineName: string) => string;
  children: (hub: DisciplineHub) => ReactNode;
}) {
  const { t } = useTranslation();
  const name = useLocalizedName();
  const { data: hub, isLoading } = useDisciplineHub(disciplineId);
  usePageMeta(
    hub ? t('discipline.sectionTitle', { section: t(`nav.${section}`), discipline: name(hub) }) : isLoading ? undefined : t('discipline.sectionNotFound'),
    hub ? description(name(hub)) : undefined,
    { raw: Boolean(hub) },
  );
  if (isLoading) return <PageSpinner />;
  if (!hub) return <StateMessage icon="🧭" title={t('discipline.sectionNotFound')} text={t('discipline.notFoundText')} homeLabel={t('common.returnHome')} />;
  return <>{children(hub)}</>;
}
