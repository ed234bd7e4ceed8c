import { Suspense } from 'react';
import { useTranslation } from '../../lib/i18n-binding.tsx';
import { useMe } from '../../lib/session.ts';
import { ButtonLink } from '../ui/button.tsx';
import { useShellParts } from './shell-parts.ts';

export function AccountLinks({ onNavigate, stacked = false }: { onNavigate?: () => void; stacked?: boolean }) {
  const { t } = useTranslation();
  const { user, isLoading } = useMe();
  // Visitors never download what only signed-in users see (messages, the bell, sign-out): a lazy part.
  const { SignedInLinks } = useShellParts();
  if (isLoading) return null;
  if (!user) {
    return (
      <div className={stacked ? 'flex flex-col gap-2' : 'flex items-center gap-2'}>
        <ButtonLink to="/login" variant="ghost" onClick={onNavigate}>
          {t('nav.login')}
        </ButtonLink>
        <ButtonLink to="/register" onClick={onNavigate}>
          {t('nav.register')}
        </ButtonLink>
      </div>
    );
  }
  return (
    <Suspense fallback={null}>
      <SignedInLinks onNavigate={onNavigate} stacked={stacked} user={user} />
    </Suspense>
  );
}
