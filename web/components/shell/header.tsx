import * as Dialog from '@radix-ui/react-dialog';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, NavLink } from 'react-router';
import { useMe } from '../../features/auth/auth.api.ts';
import { useLogoutAction } from '../../features/auth/use-logout-action.ts';
import { useCategories } from '../../features/disciplines/disciplines.api.ts';
import { MessagesLink } from '../../features/messages/messages-link.tsx';
import { NotificationBell } from '../../features/notifications/notification-bell.tsx';
import { useSiteSettings } from '../../features/settings/settings.api.ts';
import { useLocalizedName } from '../../lib/localized.ts';
import { Button, ButtonLink } from '../ui/button.tsx';
import { DisciplinesMenu } from './disciplines-menu.tsx';
import { LanguageSelector } from './language-selector.tsx';

const linkClass = 'inline-flex h-10 items-center rounded-lg px-3 text-sm font-medium text-slate-700 hover:bg-slate-100';

function AccountLinks({ onNavigate, stacked = false }: { onNavigate?: () => void; stacked?: boolean }) {
  const { t } = useTranslation();
  const { user, isLoading } = useMe();
  const logout = useLogoutAction();
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
    <div className={stacked ? 'flex flex-col gap-2' : 'flex items-center gap-1'}>
      <MessagesLink onNavigate={onNavigate} />
      {!stacked && <NotificationBell />}
      <NavLink to="/profile" className={linkClass} onClick={onNavigate}>
        {t('nav.profile')}
      </NavLink>
      {user.role === 'admin' && (
        <NavLink to="/admin" className={linkClass} onClick={onNavigate}>
          {t('nav.adminPanel')}
        </NavLink>
      )}
      <Button
        variant="outline"
        disabled={logout.pending}
        onClick={() => {
          onNavigate?.();
          logout.run();
        }}
      >
        {t('nav.logout')}
      </Button>
    </div>
  );
}

function MobileMenu() {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const name = useLocalizedName();
  const { data: categories = [] } = useCategories();
  const close = () => setOpen(false);
  return (
    <Dialog.Root open={open} onOpenChange={setOpen}>
      <Dialog.Trigger className="inline-flex h-10 w-10 items-center justify-center rounded-lg text-slate-800 hover:bg-slate-100 md:hidden" aria-label={t('nav.openMenu')}>
        <span aria-hidden="true" className="text-2xl leading-none">☰</span>
      </Dialog.Trigger>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-slate-900/50" />
        <Dialog.Content className="fixed inset-y-0 end-0 z-50 flex w-80 max-w-[90vw] flex-col gap-6 overflow-y-auto bg-white p-6 shadow-xl">
          <div className="flex items-center justify-between">
            <Dialog.Title className="text-lg font-bold">{t('app.name')}</Dialog.Title>
            <Dialog.Close className="inline-flex h-10 w-10 items-center justify-center rounded-lg hover:bg-slate-100" aria-label={t('nav.closeMenu')}>
              <span aria-hidden="true" className="text-xl">✕</span>
            </Dialog.Close>
          </div>
          <Dialog.Description className="sr-only">{t('nav.mainNavigation')}</Dialog.Description>
          <nav aria-label={t('nav.mainNavigation')} className="flex flex-col gap-1">
            <Link to="/" onClick={close} className={linkClass}>
              {t('nav.home')}
            </Link>
            <Link to="/teams" onClick={close} className={linkClass}>
              {t('nav.teams')}
            </Link>
            <p className="mt-3 px-3 text-xs font-semibold tracking-wide text-slate-500 uppercase">{t('nav.disciplines')}</p>
            {categories.map((c) => (
              <Link key={c.id} to={`/category/${c.id}`} onClick={close} className={linkClass}>
                <span aria-hidden="true" className="me-2">{c.icon}</span>
                {name(c)}
              </Link>
            ))}
          </nav>
          <LanguageSelector />
          <AccountLinks onNavigate={close} stacked />
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

export function Header() {
  const { t } = useTranslation();
  const { logoUrl } = useSiteSettings();
  return (
    <header className="sticky top-0 z-30 border-b border-slate-200 bg-white/95 backdrop-blur">
      <div className="mx-auto flex h-16 max-w-7xl items-center justify-between gap-4 px-4">
        <div className="flex items-center gap-4">
          <Link to="/" className="flex items-center gap-2 text-xl font-extrabold tracking-tight text-slate-900">
            <img src={logoUrl} alt="" width="36" height="36" className="h-9 w-9 rounded-lg object-contain" />
            {t('app.name')}
          </Link>
          <nav aria-label={t('nav.mainNavigation')} className="hidden items-center gap-1 md:flex">
            <DisciplinesMenu />
            <NavLink to="/teams" className={linkClass}>
              {t('nav.teams')}
            </NavLink>
          </nav>
        </div>
        <div className="hidden items-center gap-2 md:flex">
          <LanguageSelector />
          <AccountLinks />
        </div>
        <div className="flex items-center gap-1 md:hidden">
          <NotificationBell variant="mobile" />
          <MobileMenu />
        </div>
      </div>
    </header>
  );
}
