import { useState, type FormEvent } from 'react';
import { useTranslation } from '../../lib/i18n-binding.tsx';
import { useNavigate, useSearchParams } from 'react-router';
import { Link } from '../../components/ui/link.tsx';
import { CardForm, CardLink, FormCard } from '../../components/ui/auth-card.tsx';

import { StateMessage } from '../../components/ui/state-message.tsx';
import { TextField } from '../../components/ui/text-field.tsx';
import { ApiError } from '../../lib/api.ts';
import { usePageMeta } from '../../lib/page-meta.ts';
import { errorText, notify } from '../../lib/toast.ts';
import { useConfirmEmail } from './auth.api.ts';
import { confirmEmailAction } from '../../../common/auth-basics.ts';

/**
 * Landing of the confirmation link. The link alone proves nothing (anyone may have registered this
 * address, or sent the link to its owner): the account opens to the password chosen at sign-up.
 */
export default function ConfirmEmailPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const token = params.get('token');
  const confirm = useConfirmEmail();
  const [invalid, setInvalid] = useState(false);
  usePageMeta(t('auth.confirmTitle'));

  if (!token || invalid) {
    return (
      <StateMessage icon="⚠️" title={t('auth.verifyFailedTitle')} text={t('auth.verifyFailedText')}>
        <Link to="/login" className="font-semibold text-brand-700 hover:underline">
          {t('nav.login')}
        </Link>
      </StateMessage>
    );
  }

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    // Read from the field itself: what was typed before the scripts ran is there, not in any state.
    const password = String(new FormData(event.currentTarget).get('password') ?? '');
    if (!password) return;
    confirm.mutate(
      { token, password },
      {
        onSuccess: () => {
          notify('success', t('auth.toast.emailConfirmed'));
          void navigate('/', { replace: true });
        },
        onError: (error) => {
          if (error instanceof ApiError && error.code === 'INVALID_TOKEN') setInvalid(true);
          notify('error', t('auth.toast.error'), errorText(t, error));
        },
      },
    );
  };

  return (
    <FormCard title={t('auth.confirmTitle')} subtitle={t('auth.confirmText')}>
      {/* The button is enabled before the scripts run: the server then checks the password (an empty one is refused there too). */}
      <CardForm action={confirmEmailAction} fields={{ token }} onSubmit={onSubmit} busy={confirm.isPending} submitLabel={t('auth.confirmButton')}>
        <TextField label={t('auth.password')} type="password" name="password" autoComplete="current-password" />
      </CardForm>
      <CardLink text={t('auth.confirmNotYours')} to="/register" label={t('nav.register')} />
    </FormCard>
  );
}
