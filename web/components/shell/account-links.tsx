import { lazy, Suspense } from 'react';
import { useTranslation } from '../../lib/i18n-binding.tsx';
import { useMe } from '../../features/auth/auth.api.ts';
import { withCatalogue } from '../../i18n.ts';
import { ButtonLink } from '../ui/button.tsx';

// Visitors never download what only signed-in users see (messages, the bell, sign-out).
const SignedInLinks = lazy(withCatalogue(() => import('./signed-in-links.tsx')));

export function AccountLinks({ onNavigate, stacked = false }: { onNavigate?: () => void; stacked?: boolean }) {
  const { t } = useTranslation();
  const { user, isLoading } = useMe();
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
