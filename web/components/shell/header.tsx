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
import { LanguageForm } from './language-form.tsx';
import { SmallScreenNav } from './small-screen-nav.tsx';
import { languageButtonClass, navLinkClass } from './nav-classes.ts';
import { lazyNamed, loadOnce } from '../../lib/lazy-named.ts';
import { useShellParts } from './shell-parts.ts';

// Menus load when first needed, so a first visit downloads only what it shows.
const loadLanguageSelector = loadOnce(() => import('./language-selector.tsx'));
const LanguageSelector = lazyNamed(loadLanguageSelector, 'LanguageSelector');
const MobileMenu = lazy(withCatalogue(() => import('./mobile-menu.tsx')));

/**
 * The language button: a disclosure (`<details>`) whose form lists the languages, so that it opens
 * and works with a click before the scripts run, or without them. Once the app runs, a click opens
 * the menu instead: its code (Radix's, the largest part a page started with that it did not show,
 * issue 17) loads when the pointer or the focus comes to the button, and the menu opens on the click,
 * the code being there by then or when it arrives.
 */
function LanguageMenu() {
  const [open, setOpen] = useState(false);
  const disclosure = useRef<HTMLDetailsElement>(null);
  const preload = () => void loadLanguageSelector().catch(() => {});
  const button = (
    <button type="button" className={languageButtonClass} data-testid="language-selector" aria-haspopup="menu" aria-expanded="false">
      <LanguageButtonFace />
    </button>
  );
  if (open) {
    return (
      <Suspense fallback={button}>
        <LanguageSelector defaultOpen />
      </Suspense>
    );
  }
  return (
    <details ref={disclosure} className="relative">
      <summary
        className={`${languageButtonClass} cursor-pointer list-none [&::-webkit-details-marker]:hidden`}
        data-testid="language-selector"
        onPointerEnter={preload}
        onFocus={preload}
        onClick={(event) => {
          // The scripts run: the menu, not the disclosure.
          event.preventDefault();
          setOpen(true);
        }}
      >
        <LanguageButtonFace />
      </summary>
      <LanguageForm
        className="absolute end-0 top-full z-50 mt-1 min-w-44 rounded-lg border border-slate-200 bg-white p-1 shadow-lg"
        onChosen={() => disclosure.current?.removeAttribute('open')}
      />
    </details>
  );
}

/**
 * The small-screen menu's button: a disclosure (`<details>`) holding the menu as plain links and
 * forms, so that it opens and works before the scripts run, or without them. Once the app runs, a
 * click opens the menu's dialog instead, its code loaded then.
 */
function MobileMenuButton() {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const [wanted, setWanted] = useState(false);
  const trigger = useRef<HTMLElement>(null);
  // Opened before the app ran: a link or a language taken in place afterwards closes it, as the dialog would close.
  const disclosure = useRef<HTMLDetailsElement>(null);
  const closeDisclosure = () => disclosure.current?.removeAttribute('open');
  return (
    <details ref={disclosure}>
      <summary
        ref={trigger}
        className="inline-flex h-10 w-10 cursor-pointer list-none items-center justify-center rounded-lg text-slate-800 hover:bg-slate-100 md:hidden [&::-webkit-details-marker]:hidden"
        aria-label={t('nav.openMenu')}
        onClick={(event) => {
          // The scripts run: the dialog, not the disclosure.
          event.preventDefault();
          setWanted(true);
          setOpen(true);
        }}
      >
        <span aria-hidden="true" className="text-2xl leading-none">
          ☰
        </span>
      </summary>
      <div className="absolute inset-x-0 top-full z-40 flex max-h-[80vh] flex-col gap-4 overflow-y-auto border-b border-slate-200 bg-white p-4 shadow-xl">
        <SmallScreenNav onNavigate={closeDisclosure} />
        <LanguageForm onChosen={closeDisclosure} />
        <AccountLinks onNavigate={closeDisclosure} stacked />
      </div>
      {wanted && (
        <Suspense fallback={null}>
          <MobileMenu open={open} onOpenChange={setOpen} trigger={trigger} />
        </Suspense>
      )}
    </details>
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
