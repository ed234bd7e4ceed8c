import { lazy, Suspense, useRef, useState } from 'react';
import { useTranslation } from '../../lib/i18n-binding.tsx';
import { NavLink } from 'react-router';
import { Link } from '../ui/link.tsx';
import { useMe } from '../../lib/session.ts';
import { useSiteSettings } from '../../lib/site-settings.ts';
import { withCatalogue } from '../../i18n.ts';
import { AccountLinks } from './account-links.tsx';
import { DisciplinesMenu } from './disciplines-menu.tsx';
import { LanguageButtonFace } from './language-button-face.tsx';
import { languageButtonClass, navLinkClass } from './nav-classes.ts';
import { lazyNamed, loadOnce } from '../../lib/lazy-named.ts';
import { useShellParts } from './shell-parts.ts';

// Menus load when first needed, so a first visit downloads only what it shows.
const loadLanguageSelector = loadOnce(() => import('./language-selector.tsx'));
const LanguageSelector = lazyNamed(loadLanguageSelector, 'LanguageSelector');
const MobileMenu = lazy(withCatalogue(() => import('./mobile-menu.tsx')));

/**
 * The language button. The menu's code (Radix's, the largest part a page started with that it did
 * not show, issue 17) loads when the pointer or the focus comes to the button, and the menu opens
 * on the click, the code being there by then or when it arrives.
 */
function LanguageMenu() {
  const [open, setOpen] = useState(false);
  const preload = () => void loadLanguageSelector().catch(() => {});
  const button = (
    <button
      type="button"
      className={languageButtonClass}
      data-testid="language-selector"
      aria-haspopup="menu"
      aria-expanded="false"
      onPointerEnter={preload}
      onFocus={preload}
      onClick={() => setOpen(true)}
    >
      <LanguageButtonFace />
    </button>
  );
  if (!open) return button;
  return (
    <Suspense fallback={button}>
      <LanguageSelector defaultOpen />
    </Suspense>
  );
}

function MobileMenuButton() {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const [wanted, setWanted] = useState(false);
  const trigger = useRef<HTMLButtonElement>(null);
  return (
    <>
      <button
        ref={trigger}
        type="button"
        className="inline-flex h-10 w-10 items-center justify-center rounded-lg text-slate-800 hover:bg-slate-100 md:hidden"
        aria-label={t('nav.openMenu')}
        aria-haspopup="dialog"
        aria-expanded={open}
        onClick={() => {
          setWanted(true);
          setOpen(true);
        }}
      >
        <span aria-hidden="true" className="text-2xl leading-none">☰</span>
      </button>
      {wanted && (
        <Suspense fallback={null}>
          <MobileMenu open={open} onOpenChange={setOpen} trigger={trigger} />
        </Suspense>
      )}
    </>
  );
}

export function Header() {
  const { t } = useTranslation();
  const { logoUrl } = useSiteSettings();
  const { user } = useMe();
  const { NotificationBell } = useShellParts();
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
            <NavLink to="/teams" className={navLinkClass}>
              {t('nav.teams')}
            </NavLink>
          </nav>
        </div>
        <div className="hidden items-center gap-2 md:flex">
          <LanguageMenu />
          <AccountLinks />
        </div>
        <div className="flex items-center gap-1 md:hidden">
          {user && (
            <Suspense fallback={null}>
              <NotificationBell variant="mobile" />
            </Suspense>
          )}
          <MobileMenuButton />
        </div>
      </div>
    </header>
  );
}
