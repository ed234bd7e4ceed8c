import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { BackLink } from '../../components/ui/search-box.tsx';
import { PageSpinner } from '../../components/ui/spinner.tsx';
import { StateMessage } from '../../components/ui/state-message.tsx';
import { useLocalizedName } from '../../lib/localized.ts';
import { usePageMeta } from '../../lib/page-meta.ts';
import { useDisciplineHub } from './disciplines.api.ts';
import { SECTIONS, isSection } from './sections.ts';

/** The eight discipline sections; their content arrives with the teams and content-section features. */
export default function SectionPage() {
  const { disciplineId = '', section } = useParams();
  const { t } = useTranslation();
  const name = useLocalizedName();
  const { data: hub, isLoading } = useDisciplineHub(disciplineId);
  const known = isSection(section);
  const sectionLabel = known ? t(`nav.${section}`) : '';
  usePageMeta(hub && known ? t('discipline.sectionTitle', { section: sectionLabel, discipline: name(hub) }) : t('discipline.sectionNotFound'), undefined, {
    raw: Boolean(hub && known),
  });

  if (isLoading) return <PageSpinner />;
  if (!hub || !known) return <StateMessage icon="🧭" title={t('discipline.sectionNotFound')} homeLabel={t('common.returnHome')} />;

  const icon = SECTIONS.find((s) => s.id === section)?.icon;
  return (
    <div className="mx-auto max-w-6xl px-4 py-10">
      <BackLink to={`/discipline/${hub.id}`}>{t('discipline.backToHub', { discipline: name(hub) })}</BackLink>
      <h1 className="mt-4 flex items-center gap-3 text-3xl font-extrabold">
        <span aria-hidden="true">{hub.icon}</span>
        {sectionLabel}
      </h1>
      <StateMessage icon={icon} title={t('discipline.sectionEmptyTitle')} text={t('discipline.sectionEmptyText', { discipline: name(hub) })} />
    </div>
  );
}
