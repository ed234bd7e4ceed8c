import { lazy, Suspense, type ComponentType } from 'react';
import { useTranslation } from '../../lib/i18n-binding.tsx';
import { useParams } from 'react-router';
import { PageSpinner } from '../../components/ui/spinner.tsx';
import { StateMessage } from '../../components/ui/state-message.tsx';
import { useMe } from '../../lib/session.ts';
import type { AdminFormProps } from './admin-form-props.ts';
import { FORM_KINDS, isOneOf, type FormKind } from './admin-tabs.ts';

const UserForm = lazy(() => import('./user-form.tsx'));
const AdminTeamForm = lazy(() => import('./admin-team-form.tsx'));
const DisciplineForm = lazy(() => import('./discipline-form.tsx'));
const CategoryForm = lazy(() => import('./category-form.tsx'));
const ContentForm = lazy(() => import('./content-form.tsx'));

function formOf(kind: FormKind): ComponentType<AdminFormProps> {
  if (kind === 'users') return UserForm;
  if (kind === 'teams') return AdminTeamForm;
  if (kind === 'disciplines') return DisciplineForm;
  if (kind === 'categories') return CategoryForm;
  return ContentForm;
}

/** /admin/new/{kind} and /admin/edit/{kind}/{id}: create or edit mode follows whether an id is in the route. */
export default function AdminFormPage() {
  const { t } = useTranslation();
  const { kind, id } = useParams();
  const { user, isLoading } = useMe();

  if (isLoading) return <PageSpinner />;
  if (user?.role !== 'admin')
    return <StateMessage icon="🔒" title={t('admin.accessDenied')} text={t('admin.accessDeniedText')} homeLabel={t('common.returnHome')} />;
  if (!isOneOf(FORM_KINDS, kind)) return <StateMessage icon="🧭" title={t('notFound.title')} text={t('notFound.text')} homeLabel={t('common.returnHome')} />;
  const Form = formOf(kind);
  return (
    <Suspense fallback={<PageSpinner />}>
      <Form key={`${kind}/${id ?? 'new'}`} kind={kind} id={id} />
    </Suspense>
  );
}
