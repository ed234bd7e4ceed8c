import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { useTranslation } from '../../lib/i18n-binding.tsx';
import { changePasswordSchema, type ChangePasswordInput } from '../../../common/profiles.ts';
import { Button } from '../../components/ui/button.tsx';
import { TextField } from '../../components/ui/text-field.tsx';
import { fieldError } from '../../lib/form.ts';
import { errorText, notify } from '../../lib/toast.ts';
import { useChangePassword } from './profiles.api.ts';

/** The own password (profile page and admin Settings): current, new and confirmation; other sessions are signed out. */
export function ChangePassword({ testId }: { testId?: string }) {
  const { t } = useTranslation();
  const change = useChangePassword();
  const { register, handleSubmit, formState, reset } = useForm<ChangePasswordInput>({ resolver: zodResolver(changePasswordSchema) });
  const onSubmit = handleSubmit(
    (values) =>
      change.mutate(values, {
        onSuccess: () => {
          notify('success', t('profile.settings.passwordChanged'), t('profile.settings.passwordChangedText'));
          reset({ currentPassword: '', newPassword: '', confirmPassword: '' });
        },
        onError: (error) => notify('error', t('auth.toast.error'), errorText(t, error)),
      }),
    // Spec §5: the two messages also come as toasts.
    (errors) => {
      const code = errors.confirmPassword?.message === 'NEW_PASSWORDS_DONT_MATCH' ? 'NEW_PASSWORDS_DONT_MATCH' : errors.newPassword?.message;
      if (code === 'NEW_PASSWORDS_DONT_MATCH' || code === 'PASSWORD_TOO_SHORT') notify('error', t('auth.toast.error'), t(`errors.${code}`));
    },
  );
  return (
    <section className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm">
      <h2 className="text-lg font-semibold">{t('profile.settings.changePassword')}</h2>
      <form onSubmit={onSubmit} noValidate className="mt-4 max-w-md space-y-4" data-testid={testId}>
        <TextField
          label={t('profile.settings.currentPassword')}
          type="password"
          autoComplete="current-password"
          error={fieldError(t, formState.errors.currentPassword)}
          {...register('currentPassword')}
        />
        <TextField
          label={t('profile.settings.newPassword')}
          type="password"
          autoComplete="new-password"
          placeholder={t('auth.passwordPlaceholder')}
          error={fieldError(t, formState.errors.newPassword)}
          {...register('newPassword')}
        />
        <TextField
          label={t('profile.settings.confirmNewPassword')}
          type="password"
          autoComplete="new-password"
          error={fieldError(t, formState.errors.confirmPassword)}
          {...register('confirmPassword')}
        />
        <Button type="submit" busy={change.isPending}>
          {t('profile.settings.changePassword')}
        </Button>
      </form>
    </section>
  );
}
