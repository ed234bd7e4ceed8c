import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from '../../lib/i18n-binding.tsx';
import { useSearchParams } from 'react-router';
import type { ForgotInput } from './auth-resolvers.ts';
import { CardForm, CardLink, FormCard } from '../../components/ui/auth-card.tsx';

import { TextField } from '../../components/ui/text-field.tsx';
import { fieldError, lazyResolver, registerWithDefaults } from '../../lib/form.ts';
import { usePageMeta } from '../../lib/page-meta.ts';
import { errorText, notify } from '../../lib/toast.ts';
import { useRequestPasswordReset } from './auth.api.ts';
import { forgotPasswordAction } from '../../../common/auth-basics.ts';
import { useFormDefaults } from '../../lib/flash.tsx';

export default function ForgotPasswordPage() {
  const { t } = useTranslation();
  const request = useRequestPasswordReset();
  const [params] = useSearchParams();
  // Without scripts the server comes back here with `?sent=1` (common/auth-basics.ts `forgotPasswordAction`).
  const [sentTo, setSentTo] = useState<string | null>(params.get('sent') ? (params.get('email') ?? '') : null);
  usePageMeta(t('auth.forgotTitle'));
  // A refused form comes back with what was typed (web/lib/flash.tsx).
  const defaults = useFormDefaults(forgotPasswordAction.name, { email: params.get('email') ?? '' });
  const { register, handleSubmit, formState } = useForm<ForgotInput>({
    resolver: lazyResolver(() => import('./auth-resolvers.ts').then((m) => m.forgotResolver)),
    defaultValues: defaults,
  });
  const field = registerWithDefaults(register, defaults);
  const onSubmit = handleSubmit(({ email }) =>
    request.mutate(email, {
      onSuccess: () => setSentTo(email),
      onError: (error) => notify('error', t('auth.toast.error'), errorText(t, error)),
    }),
  );
  return (
    <FormCard title={t('auth.forgotTitle')} subtitle={sentTo ? undefined : t('auth.forgotText')}>
      {sentTo ? (
        <p className="text-slate-700" role="status">
          {t('auth.resetSentText', { email: sentTo })}
        </p>
      ) : (
        <CardForm action={forgotPasswordAction} onSubmit={onSubmit} busy={request.isPending} submitLabel={t('auth.sendResetLink')}>
          <TextField label={t('auth.email')} type="email" autoComplete="email" error={fieldError(t, formState.errors.email)} {...field('email')} />
        </CardForm>
      )}
      <CardLink to="/login" label={t('nav.login')} />
    </FormCard>
  );
}
