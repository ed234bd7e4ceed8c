import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import type { SessionUser } from '../../../common/schemas.ts';
import { PageSpinner } from '../../components/ui/spinner.tsx';
import { StateMessage } from '../../components/ui/state-message.tsx';
import { api } from '../../lib/api.ts';
import { usePageMeta } from '../../lib/page-meta.ts';
import { notify } from '../../lib/toast.ts';
import { authKeys } from './auth.api.ts';

/** Landing of the confirmation link: the server verified the token and set the session, or sent ?error=. */
export default function AuthCallbackPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const client = useQueryClient();
  const [params] = useSearchParams();
  const [failed, setFailed] = useState(Boolean(params.get('error')));
  const done = useRef(false);
  usePageMeta(t('auth.verifying'));

  useEffect(() => {
    if (failed || done.current) return;
    done.current = true;
    void api<{ user: SessionUser | null }>('/api/me')
      .then((me) => {
        client.setQueryData(authKeys.me, me);
        if (!me.user) return setFailed(true);
        void client.invalidateQueries();
        notify('success', t('auth.toast.emailConfirmed'));
        void navigate('/', { replace: true });
      })
      .catch(() => setFailed(true));
  }, [failed, client, navigate, t]);

  if (failed) {
    return (
      <StateMessage icon="⚠️" title={t('auth.verifyFailedTitle')} text={t('auth.verifyFailedText')}>
        <Link to="/login" className="font-semibold text-brand-700 hover:underline">
          {t('nav.login')}
        </Link>
      </StateMessage>
    );
  }
  return (
    <div className="py-16 text-center">
      <p className="mb-6 text-lg font-medium text-slate-700">{t('auth.verifying')}</p>
      <PageSpinner />
    </div>
  );
}
