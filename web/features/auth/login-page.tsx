import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from '../../lib/i18n-binding.tsx';
import { useNavigate, useSearchParams } from 'react-router';
import { Link } from '../../components/ui/link.tsx';
import { loginNoticeKey, safeBack } from '../../../common/forms.ts';
import type { LoginInput } from '../../../common/schemas.ts';
import { CardForm, CardLink, FormCard } from '../../components/ui/auth-card.tsx';
import { Button } from '../../components/ui/button.tsx';
import { TextField } from '../../components/ui/text-field.tsx';
import { ApiError } from '../../lib/api.ts';
import { fieldError, lazyResolver, registerWithDefaults } from '../../lib/form.ts';
import { usePageMeta } from '../../lib/page-meta.ts';
import { errorText, notify } from '../../lib/toast.ts';
import { useQueryClient } from '@tanstack/react-query';
import { isLanguageCode } from '../../../common/languages.ts';
import type { SessionUser } from '../../../common/schemas.ts';
import { api } from '../../lib/api.ts';
import { useLanguage } from '../../lib/language.ts';
import { authKeys } from '../../lib/session.ts';
import { useLogin, useResendVerification } from './auth.api.ts';
import { logInAction } from '../../../common/auth-basics.ts';
import { useFormDefaults } from '../../lib/flash.tsx';

export default function LoginPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const login = useLogin();
  const client = useQueryClient();
  const { enabled, setLanguage } = useLanguage();
  const resend = useResendVerification();
  const [unverifiedEmail, setUnverifiedEmail] = useState<string | null>(null);
  const [params] = useSearchParams();
  // Where to go once signed in (a page of this site only), and the address typed before a failed try.
  const next = safeBack(params.get('next'), '');
  // Why the page sent here asks to log in ('Please log in to view your profile.'), when it said so.
  const notice = loginNoticeKey(params.get('notice'));
  usePageMeta(t('nav.login'));
  // A refused form comes back with what was typed (web/lib/flash.tsx).
  const defaults = useFormDefaults(logInAction.name, { email: params.get('email') ?? '', password: '' });
  const { register, handleSubmit, formState } = useForm<LoginInput>({
    resolver: lazyResolver(() => import('./auth-resolvers.ts').then((m) => m.loginResolver)),
    defaultValues: defaults,
  });
  const field = registerWithDefaults(register, defaults);

  const onSubmit = handleSubmit((values) => {
    setUnverifiedEmail(null);
    login.mutate(values, {
      onSuccess: async () => {
        const { user } = await client.fetchQuery({ queryKey: authKeys.me, queryFn: () => api<{ user: SessionUser | null }>('/api/me') });
        // The language chosen in the profile follows the account to this browser, when enabled.
        if (isLanguageCode(user?.preferredLanguage) && enabled.some((l) => l.code === user.preferredLanguage))
          setLanguage(user.preferredLanguage, { save: false });
        notify('success', t('auth.toast.welcomeBack'), t('auth.toast.loggedIn'));
        void navigate(next || '/');
      },
      onError: (error) => {
        if (error instanceof ApiError && error.code === 'EMAIL_NOT_VERIFIED') setUnverifiedEmail(values.email.trim());
        notify('error', t('auth.toast.signInFailed'), errorText(t, error));
      },
    });
  });

  return (
    <FormCard title={t('auth.loginTitle')} subtitle={t('auth.loginSubtitle')}>
      {notice && (
        <p className="mb-6 rounded-lg border border-sky-300 bg-sky-50 p-4 text-sm font-semibold text-sky-900" role="status" data-testid="login-notice">
          {t(notice)}
        </p>
      )}
      {unverifiedEmail && (
        <div className="mb-6 rounded-lg border border-amber-300 bg-amber-50 p-4 text-sm text-amber-900" role="alert">
          <p className="font-semibold">{t('auth.notVerifiedTitle')}</p>
          <p className="mt-1">{t('auth.notVerifiedText', { email: unverifiedEmail })}</p>
          <Button
            size="sm"
            variant="outline"
            className="mt-3"
            disabled={resend.isPending}
            onClick={() =>
              resend.mutate(unverifiedEmail, {
                onSuccess: () => notify('success', t('auth.linkSent'), t('auth.linkSentText')),
                onError: (error) => notify('error', t('auth.toast.error'), errorText(t, error)),
              })
            }
          >
            {t('auth.resendLink')}
          </Button>
        </div>
      )}
      <CardForm action={logInAction} fields={{ next }} onSubmit={onSubmit} busy={login.isPending} submitLabel={t('auth.loginButton')}>
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
          autoComplete="current-password"
          error={fieldError(t, formState.errors.password)}
          {...field('password')}
        />
        <p className="text-end text-sm">
          <Link to="/forgot-password" className="text-brand-700 hover:underline">
            {t('auth.forgotPassword')}
          </Link>
        </p>
      </CardForm>
      <CardLink text={t('auth.noAccount')} to="/register" label={t('nav.register')} />
    </FormCard>
  );
}
