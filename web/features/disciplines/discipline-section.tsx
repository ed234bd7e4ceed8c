import type { ComponentType, ReactNode } from 'react';
import { useParams } from 'react-router';
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

/**
 * The page of a discipline's section list (/discipline/:disciplineId/{section}): `Browser` for the
 * discipline of the address, afresh for each discipline; its description is `descriptionKey` with
 * the discipline's name.
 */
export function disciplineSectionPage(section: SectionId, descriptionKey: string, Browser: ComponentType<{ discipline: DisciplineHub }>) {
  return function SectionPage() {
    const { disciplineId = '' } = useParams();
    const { t } = useTranslation();
    return (
      <DisciplineSection disciplineId={disciplineId} section={section} description={(d) => t(descriptionKey, { discipline: d })}>
        {(hub) => <Browser key={hub.id} discipline={hub} />}
      </DisciplineSection>
    );
  };
}
