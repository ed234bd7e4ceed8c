import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect } from 'react';
import { useForm, type Resolver } from 'react-hook-form';
import { useTranslation } from '../../lib/i18n-binding.tsx';
import { useNavigate } from 'react-router';
import {
  adminUserCreateSchema,
  adminUserEditFormSchema,
  USER_ROLES,
  type AdminUser,
  type AdminUserCreate,
  type AdminUserEditForm,
  type UserRole,
} from '../../../common/admin-users.ts';
import { PASSWORD_MIN } from '../../../common/schemas.ts';
import { PageSpinner } from '../../components/ui/spinner.tsx';
import { SelectField, TextField } from '../../components/ui/text-field.tsx';
import { fieldError, showServerFieldErrors } from '../../lib/form.ts';
import { usePageMeta } from '../../lib/page-meta.ts';
import { errorText, notify } from '../../lib/toast.ts';
import type { AdminFormProps } from './admin-form-props.ts';
import { AdminFormCard } from './admin-form-card.tsx';
import { formReturnUrl } from './admin-tabs.ts';
import { useAdminUser, useCreateAdminUser, useUpdateAdminUser } from './admin-users.api.ts';

type Values = { name: string; email: string; password: string; role: UserRole };
type Output = AdminUserCreate | AdminUserEditForm;

const FIELDS = ['name', 'email', 'password', 'role'] as const;
// Codes the server answers without naming a field, shown under the field they concern.
const FIELD_OF_CODE = {
  USER_ALREADY_EXISTS: 'email',
  INVALID_EMAIL: 'email',
  PASSWORD_TOO_SHORT: 'password',
  PASSWORD_TOO_LONG: 'password',
  PASSWORD_TOO_COMMON: 'password',
};

/** /admin/new/users and /admin/edit/users/{id} (spec §2 Admin forms › User form). */
export default function UserForm({ id }: AdminFormProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const existing = useAdminUser(id);
  const returnTo = formReturnUrl('users');

  useEffect(() => {
    if (!existing.isError) return;
    notify('error', t('admin.userForm.fetchError'), errorText(t, existing.error));
    navigate(returnTo, { replace: true });
  }, [existing.isError]); // eslint-disable-line react-hooks/exhaustive-deps

  if (id && !existing.data) return <PageSpinner />;
  return <UserFormCard user={existing.data} returnTo={returnTo} />;
}

function UserFormCard({ user, returnTo }: { user: AdminUser | undefined; returnTo: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const editing = user !== undefined;
  const title = editing ? t('admin.userForm.editTitle') : t('admin.userForm.createTitle');
  usePageMeta(title);
  const create = useCreateAdminUser();
  const update = useUpdateAdminUser();
  const { register, handleSubmit, formState, setError } = useForm<Values, unknown, Output>({
    // One form, two shared schemas: editing leaves out the e-mail (shown, disabled) and the password.
    resolver: (editing ? zodResolver(adminUserEditFormSchema) : zodResolver(adminUserCreateSchema)) as Resolver<Values, unknown, Output>,
    defaultValues: { name: user?.name ?? '', email: user?.email ?? '', password: '', role: user?.role ?? 'user' },
  });
  const errors = formState.errors;

  const submit = handleSubmit(async (values) => {
    try {
      if (user) {
        await update.mutateAsync({ id: user.id, name: values.name, role: values.role });
        notify('success', t('admin.userForm.updated'));
      } else if ('email' in values) {
        await create.mutateAsync(values);
        notify('success', t('admin.userForm.created'));
      }
      navigate(returnTo);
    } catch (error) {
      showServerFieldErrors(error, FIELDS, setError, FIELD_OF_CODE);
      notify('error', t(editing ? 'admin.userForm.updateError' : 'admin.userForm.createError'), errorText(t, error));
    }
  });

  return (
    <AdminFormCard editing={editing} title={title} returnTo={returnTo} busy={formState.isSubmitting} onSubmit={submit} testId="admin-user-form">
      <TextField label={t('admin.userForm.name')} required autoComplete="off" maxLength={100} error={fieldError(t, errors.name)} {...register('name')} />
      <TextField
        label={t('admin.userForm.email')}
        type="email"
        required={!editing}
        autoComplete="off"
        maxLength={254}
        disabled={editing}
        hint={editing ? t('admin.userForm.emailFixed') : undefined}
        error={fieldError(t, errors.email)}
        {...register('email')}
      />
      {!editing && (
        <TextField
          label={t('admin.userForm.password')}
          type="password"
          required
          autoComplete="new-password"
          maxLength={128}
          hint={t('admin.userForm.passwordHint', { min: PASSWORD_MIN })}
          error={fieldError(t, errors.password)}
          {...register('password')}
        />
      )}
      <SelectField label={t('admin.userForm.role')} error={fieldError(t, errors.role)} {...register('role')}>
        {USER_ROLES.map((role) => (
          <option key={role} value={role}>
            {t(`admin.users.roles.${role}`)}
          </option>
        ))}
      </SelectField>
    </AdminFormCard>
  );
}
