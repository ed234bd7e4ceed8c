import { useForm } from 'react-hook-form';
import { useTranslation } from '../../lib/i18n-binding.tsx';
import { useNavigate, useSearchParams } from 'react-router';
import { Link } from '../../components/ui/link.tsx';
import type { ResetInput } from './auth-resolvers.ts';
import { CardForm, FormCard } from '../../components/ui/auth-card.tsx';

import { StateMessage } from '../../components/ui/state-message.tsx';
import { TextField } from '../../components/ui/text-field.tsx';
import { fieldError, lazyResolver } from '../../lib/form.ts';
import { usePageMeta } from '../../lib/page-meta.ts';
import { errorText, notify } from '../../lib/toast.ts';
import { useResetPassword } from './auth.api.ts';
import { resetPasswordAction } from '../../../common/auth-basics.ts';

export default function ResetPasswordPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const token = params.get('token');
  const reset = useResetPassword();
  usePageMeta(t('auth.resetTitle'));
  const { register, handleSubmit, formState } = useForm<ResetInput>({
    resolver: lazyResolver(() => import('./auth-resolvers.ts').then((m) => m.resetResolver)),
  });

  if (!token || params.get('error')) {
    return (
      <StateMessage icon="⚠️" title={t('auth.resetInvalid')}>
        <Link to="/forgot-password" className="font-semibold text-brand-700 hover:underline">
          {t('auth.sendResetLink')}
        </Link>
      </StateMessage>
    );
  }

  const onSubmit = handleSubmit(({ newPassword }) =>
    reset.mutate(
      { token, newPassword },
      {
        onSuccess: () => {
          notify('success', t('auth.resetDone'), t('auth.resetDoneText'));
          void navigate('/login');
        },
        onError: (error) => notify('error', t('auth.toast.error'), errorText(t, error)),
      },
    ),
  );
  return (
    <FormCard title={t('auth.resetTitle')}>
      <CardForm action={resetPasswordAction} fields={{ token }} onSubmit={onSubmit} busy={reset.isPending} submitLabel={t('auth.resetButton')}>
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
      </CardForm>
    </FormCard>
  );
}
