import { useSearchParams } from 'react-router';
import { useTranslation } from '../../lib/i18n-binding.tsx';
import { PageSpinner } from '../../components/ui/spinner.tsx';
import { StateMessage } from '../../components/ui/state-message.tsx';
import { Tabs } from '../../components/ui/tabs.tsx';
import { usePageMeta } from '../../lib/page-meta.ts';
import { useMe } from '../../lib/session.ts';
import { ADMIN_TABS, isOneOf, type AdminTab } from './admin-tabs.ts';
import { ApprovalsTab } from './approvals-tab.tsx';
import { ContentTab } from './content-tab.tsx';
import { DisciplinesTab } from './disciplines-tab.tsx';
import { JobsTab } from './jobs-tab.tsx';
import { ModerationTab } from './moderation-tab.tsx';
import { OverviewTab } from './overview-tab.tsx';
import { SettingsTab } from './settings-tab.tsx';
import { UsersTab } from './users-tab.tsx';

/** /admin: the back-office; the tab and sub-tab live in the URL so that links, reloads and the forms' return targets keep them. */
export default function AdminPage() {
  const { t } = useTranslation();
  const { user, isLoading } = useMe();
  usePageMeta(t('admin.title'));

  if (isLoading) return <PageSpinner />;
  if (user?.role !== 'admin')
    return <StateMessage icon="🔒" title={t('admin.accessDenied')} text={t('admin.accessDeniedText')} homeLabel={t('common.returnHome')} />;
  return <AdminPanel />;
}

function AdminPanel() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const requested = params.get('tab');
  const tab: AdminTab = isOneOf(ADMIN_TABS, requested) ? requested : 'overview';

  const label = (id: AdminTab) => (id === 'disciplines' ? t('nav.disciplines') : t(`admin.tabs.${id}`));
  const content = (id: AdminTab) => {
    if (id === 'overview') return <OverviewTab onOpenApprovals={() => setParams({ tab: 'approvals' })} />;
    if (id === 'users') return <UsersTab />;
    if (id === 'content') return <ContentTab />;
    if (id === 'approvals') return <ApprovalsTab />;
    if (id === 'moderation') return <ModerationTab />;
    if (id === 'disciplines') return <DisciplinesTab />;
    if (id === 'jobs') return <JobsTab />;
    return <SettingsTab />;
  };

  return (
    <div className="mx-auto max-w-6xl px-4 py-10">
      <h1 className="mb-6 text-3xl font-extrabold text-slate-900">{t('admin.title')}</h1>
      <Tabs
        label={t('admin.tabsLabel')}
        active={tab}
        // A new tab starts on its first sub-tab.
        hrefOf={(id) => (id === 'overview' ? '/admin' : `/admin?tab=${id}`)}
        tabs={ADMIN_TABS.map((id) => ({ id, label: label(id), content: id === tab ? content(id) : null }))}
      />
    </div>
  );
}
