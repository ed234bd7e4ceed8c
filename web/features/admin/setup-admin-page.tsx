import { useEffect, useRef, useState } from 'react';
import { useTranslation } from '../../lib/i18n-binding.tsx';
import { useNavigate } from 'react-router';
import type { SetupAdminResult } from '../../../common/admin-settings.ts';
import { setupAdminAction } from '../../../common/auth-basics.ts';
import { actionPath } from '../../components/ui/action-form.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { StateMessage } from '../../components/ui/state-message.tsx';
import { usePageMeta } from '../../lib/page-meta.ts';
import { errorText, notify } from '../../lib/toast.ts';
import { setupAdmin } from './admin-settings.api.ts';

// Spec §9: redirect delays of the bootstrap screen.
export const READY_REDIRECT_MS = 2000;
export const ERROR_REDIRECT_MS = 3000;

type State = { phase: 'working' } | { phase: 'ready'; status: SetupAdminResult['status'] } | { phase: 'failed'; reason: string };

/**
 * /setup-admin: asks the server once to make sure an admin exists. No credentials live here: the
 * server takes them from its configuration or logs a generated password.
 */
export default function SetupAdminPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [state, setState] = useState<State>({ phase: 'working' });
  const asked = useRef(false);
  usePageMeta(t('setupAdmin.title'));

  useEffect(() => {
    // React's strict mode runs effects twice in development: one request only.
    if (asked.current) return;
    asked.current = true;
    setupAdmin().then(
      ({ status }) => {
        setState({ phase: 'ready', status });
        notify('success', t('setupAdmin.ready'));
      },
      (error: unknown) => {
        const reason = errorText(t, error);
        setState({ phase: 'failed', reason });
        notify('error', t('setupAdmin.error'), reason);
      },
    );
  }, [t]);

  useEffect(() => {
    if (state.phase === 'working') return;
    const timer = setTimeout(() => void navigate(state.phase === 'ready' ? '/login' : '/'), state.phase === 'ready' ? READY_REDIRECT_MS : ERROR_REDIRECT_MS);
    return () => clearTimeout(timer);
  }, [state.phase, navigate]);

  if (state.phase === 'working') {
    return (
      <div className="flex min-h-[40vh] flex-col items-center justify-center gap-4" data-testid="setup-admin">
        <Spinner />
        <p className="text-slate-700">{t('setupAdmin.working')}</p>
        {/* Without scripts nothing asks on opening: the same request as a plain form (common/auth-basics.ts). */}
        <noscript>
          <form method="post" action={actionPath(setupAdminAction)}>
            <input type="hidden" name="back" value="/setup-admin" />
            <Button type="submit">{t('setupAdmin.title')}</Button>
          </form>
        </noscript>
      </div>
    );
  }
  if (state.phase === 'failed') {
    return (
      <div data-testid="setup-admin">
        <StateMessage icon="⚠️" title={t('setupAdmin.error')} text={state.reason}>
          <p className="text-sm text-slate-500">{t('setupAdmin.redirectHome')}</p>
        </StateMessage>
      </div>
    );
  }
  return (
    <div data-testid="setup-admin">
      <StateMessage icon="✅" title={t('setupAdmin.ready')} text={t(state.status === 'created' ? 'setupAdmin.createdText' : 'setupAdmin.existsText')}>
        <p className="text-sm text-slate-500">{t('setupAdmin.redirectLogin')}</p>
      </StateMessage>
    </div>
  );
}
