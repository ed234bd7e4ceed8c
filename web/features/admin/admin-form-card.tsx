import type { FormEvent, ReactNode } from 'react';
import { useTranslation } from '../../lib/i18n-binding.tsx';
import { useNavigate } from 'react-router';
import { FormActions } from '../../components/ui/form-dialog.tsx';
import { PageSpinner } from '../../components/ui/spinner.tsx';

/**
 * The frame of every admin form (spec §2 Admin forms): a card titled 'Create New X' or 'Edit X',
 * the fields as children, Cancel (back to `returnTo`) and Create / Save Changes with a spinner while saving.
 */
export function AdminFormCard({
  editing,
  title,
  returnTo,
  busy,
  loading = false,
  onSubmit,
  testId,
  children,
}: {
  editing: boolean;
  /** Already translated: 'Edit Team', 'Create New Team'… */
  title: string;
  returnTo: string;
  busy: boolean;
  /** The stored values of an edited item are still loading. */
  loading?: boolean;
  onSubmit: (event: FormEvent<HTMLFormElement>) => void;
  testId: string;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  if (loading) return <PageSpinner />;
  return (
    <div className="mx-auto max-w-3xl px-4 py-10">
      <form noValidate onSubmit={onSubmit} data-testid={testId} className="space-y-5 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-8">
        <h1 className="text-2xl font-bold text-slate-900">{title}</h1>
        {children}
        <FormActions
          busy={busy}
          onCancel={() => navigate(returnTo)}
          submitLabel={editing ? t('admin.form.saveChanges') : t('admin.form.create')}
          submitTestId={`${testId}-submit`}
        />
      </form>
    </div>
  );
}
