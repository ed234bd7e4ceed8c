import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from '../../lib/i18n-binding.tsx';
import { useSearchParams } from 'react-router';
import { Link } from '../../components/ui/link.tsx';
import type { RegisterInput } from '../../../common/schemas.ts';
import { CardForm, CardLink, FormCard } from '../../components/ui/auth-card.tsx';

import { TextField } from '../../components/ui/text-field.tsx';
import { fieldError, lazyResolver, registerWithDefaults } from '../../lib/form.ts';
import { usePageMeta } from '../../lib/page-meta.ts';
import { errorText, notify } from '../../lib/toast.ts';
import { useRegister } from './auth.api.ts';
import { registerAction } from '../../../common/auth-basics.ts';
import { useFormDefaults } from '../../lib/flash.tsx';

export default function RegisterPage() {
  const { t, i18n } = useTranslation();
  const registerUser = useRegister();
  const [params] = useSearchParams();
  // Without scripts the form is posted and the server comes back here with `?sent=1` (common/auth-basics.ts `registerAction`).
  const [sentTo, setSentTo] = useState<string | null>(params.get('sent') ? (params.get('email') ?? '') : null);
  usePageMeta(t('nav.register'));
  // A refused form comes back with what was typed (web/lib/flash.tsx).
  const defaults = useFormDefaults(registerAction.name, {
    name: params.get('name') ?? '',
    email: params.get('email') ?? '',
    password: '',
    confirmPassword: '',
  });
  const { register, handleSubmit, formState } = useForm<RegisterInput>({
    resolver: lazyResolver(() => import('./auth-resolvers.ts').then((m) => m.registerResolver)),
    defaultValues: defaults,
  });
  const field = registerWithDefaults(register, defaults);

  const onSubmit = handleSubmit(
    (values) => {
      registerUser.mutate(
        { name: values.name, email: values.email, password: values.password, language: i18n.language },
        {
          onSuccess: () => {
            notify('success', t('auth.toast.signUpSuccess'), t('auth.toast.checkEmail'));
            setSentTo(values.email.trim());
          },
          onError: (error) => notify('error', t('auth.toast.signUpFailed'), errorText(t, error)),
        },
      );
    },
    (errors) => {
      // Spec §8: a mismatch shows the 'Error' toast and nothing is submitted.
      if (errors.confirmPassword?.message === 'PASSWORDS_DONT_MATCH') notify('error', t('auth.toast.error'), t('auth.toast.passwordsDontMatch'));
    },
  );

  if (sentTo) {
    return (
      <FormCard title={t('auth.checkInboxTitle')}>
        <p className="text-slate-700" data-testid="check-inbox">
          {t('auth.checkInboxText', { email: sentTo })}
        </p>
        <p className="mt-6 text-center text-sm">
          <Link to="/login" className="font-semibold text-brand-700 hover:underline">
            {t('nav.login')}
          </Link>
        </p>
      </FormCard>
    );
  }

  return (
    <FormCard title={t('auth.registerTitle')} subtitle={t('auth.registerSubtitle')}>
      <CardForm
        action={registerAction}
        fields={{ language: i18n.language }}
        onSubmit={onSubmit}
        busy={registerUser.isPending}
        submitLabel={t('auth.registerButton')}
      >
        <TextField
          label={t('auth.name')}
          autoComplete="name"
          placeholder={t('auth.namePlaceholder')}
          error={fieldError(t, formState.errors.name)}
          {...field('name')}
        />
        <TextField
          label={t('auth.email')}
          type="email"
          autoComplete="email"
          placeholder={t('auth.emailPlaceholder')}
          error={fieldError(t, formState.errors.email)}
          {...field('email')}
        />
        <TextField
          label={t('auth.password')}
          type="password"
          autoComplete="new-password"
          placeholder={t('auth.passwordPlaceholder')}
          error={fieldError(t, formState.errors.password)}
          {...field('password')}
        />
        <TextField
          label={t('auth.confirmPassword')}
          type="password"
          autoComplete="new-password"
          placeholder={t('auth.confirmPasswordPlaceholder')}
          error={fieldError(t, formState.errors.confirmPassword)}
          {...field('confirmPassword')}
        />
      </CardForm>
      <CardLink text={t('auth.haveAccount')} to="/login" label={t('nav.login')} />
    </FormCard>
  );
}
