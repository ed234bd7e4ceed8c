import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { EmptyList } from '../../components/ui/paged-list.tsx';
import { PageSpinner } from '../../components/ui/spinner.tsx';
import { StateMessage } from '../../components/ui/state-message.tsx';
import { Tabs } from '../../components/ui/tabs.tsx';
import { usePageMeta } from '../../lib/page-meta.ts';
import { useMe } from '../auth/auth.api.ts';
import { ApprovalsTab } from './approvals-tab.tsx';
import { OverviewTab } from './overview-tab.tsx';

const TABS = ['overview', 'users', 'content', 'approvals', 'disciplines', 'settings'] as const;
type AdminTab = (typeof TABS)[number];

const isTab = (value: string | null): value is AdminTab => (TABS as readonly (string | null)[]).includes(value);

/** /admin: the back-office; the tab (and later the sub-tab) live in the URL so that links and reloads keep them. */
export default function AdminPage() {
  const { t } = useTranslation();
  const { user, isLoading } = useMe();
  usePageMeta(t('admin.title'));

  if (isLoading) return <PageSpinner />;
  if (user?.role !== 'admin') return <StateMessage icon="🔒" title={t('admin.accessDenied')} text={t('admin.accessDeniedText')} homeLabel={t('common.returnHome')} />;
  return <AdminPanel />;
}

function AdminPanel() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const requested = params.get('tab');
  const tab: AdminTab = isTab(requested) ? requested : 'overview';

  const label = (id: AdminTab) => (id === 'disciplines' ? t('nav.disciplines') : t(`admin.tabs.${id}`));
  const content = (id: AdminTab) => {
    if (id === 'overview') return <OverviewTab onOpenApprovals={() => setParams({ tab: 'approvals' })} />;
    if (id === 'approvals') return <ApprovalsTab />;
    return <EmptyList icon="🛠️" title={t('admin.comingSoon')} text={t('admin.comingSoonText', { section: label(id) })} />;
  };

  return (
    <div className="mx-auto max-w-6xl px-4 py-10">
      <h1 className="mb-6 text-3xl font-extrabold text-slate-900">{t('admin.title')}</h1>
      <Tabs
        label={t('admin.tabsLabel')}
        active={tab}
        // A new tab starts on its first sub-tab.
        onChange={(id) => setParams({ tab: id })}
        tabs={TABS.map((id) => ({ id, label: label(id), content: id === tab ? content(id) : null }))}
      />
    </div>
  );
}
