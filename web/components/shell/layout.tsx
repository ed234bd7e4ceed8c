import { Component, lazy, Suspense, useEffect, type ReactNode } from 'react';
import { useTranslation } from '../../lib/i18n-binding.tsx';
import { Outlet, useLocation } from 'react-router';
import { useSiteSettings } from '../../lib/site-settings.ts';
import { useMe } from '../../lib/session.ts';
import { useToasterWanted } from '../../lib/toaster-wanted.ts';
import { useLiveUpdates } from '../../lib/live.ts';
import { FlashMessage } from '../../lib/flash.tsx';
import { useFavicon } from '../../lib/page-meta.ts';
import { PageSpinner } from '../ui/spinner.tsx';
import { lazyNamed } from '../../lib/lazy-named.ts';
import { Footer } from './footer.tsx';
import { Header } from './header.tsx';
import { ShellPartsContext, type ShellParts } from './shell-parts.ts';

// Toasts only follow an action, so their code comes with the first one (lib/toaster-wanted.ts); nor
// need the offer to reload into a new version, which comes later still, hold up the first page.
const Toaster = lazy(() => import('./toaster.tsx'));
const UpdateBanner = lazyNamed(() => import('./update-banner.tsx'), 'UpdateBanner');
// What a signed-in person did offline and is still to be sent: only ever there once the app runs.
const OutboxStatus = lazyNamed(() => import('./outbox-status.tsx'), 'OutboxStatus');

/**
 * Code the frame draws on demand that must come even once the connection has gone (the toast saying
 * an action waits on the device for it; the list of what waits, for a signed-in person): named with
 * the page by the build's names (its manifest keys), so that the browser fetches it with the app's
 * scripts and runs it only when needed.
 */
export const FRAME_MODULES = { everyone: ['components/shell/toaster.tsx'], signedIn: ['components/shell/outbox-status.tsx'] };

/** The frame's extras: one whose code cannot come (offline, say) is left out, not the page with it. */
class Optional extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  override render() {
    return this.state.failed ? null : this.props.children;
  }
}

/**
 * Marks the document once the page answers input: a page the server rendered shows before its
 * scripts run, and a click before then does nothing. Browser tests wait for it.
 */
function PageReady() {
  useEffect(() => {
    document.documentElement.dataset.pageReady = '';
  }, []);
  return null;
}

/** Every page's frame; `parts` are its pieces that belong to features (./shell-parts.ts). */
export function Layout({ parts }: { parts: ShellParts }) {
  const { t } = useTranslation();
  const { logoUrl } = useSiteSettings();
  const { pathname } = useLocation();
  const { user } = useMe();
  const toasts = useToasterWanted();
  useFavicon(logoUrl);
  useLiveUpdates();
  useEffect(() => {
    window.scrollTo(0, 0);
  }, [pathname]);
  return (
    <ShellPartsContext value={parts}>
      <div className="flex min-h-screen flex-col">
        <a href="#main" className="sr-only focus:not-sr-only focus:absolute focus:start-2 focus:top-2 focus:z-50 focus:rounded focus:bg-white focus:p-2">
          {t('nav.skipToContent')}
        </a>
        <Header />
        <main id="main" className="flex-1">
          <FlashMessage />
          <Suspense fallback={<PageSpinner />}>
            <Outlet />
            <PageReady />
          </Suspense>
        </main>
        <Footer />
        <Optional>
          <Suspense fallback={null}>
            {toasts && <Toaster />}
            <UpdateBanner />
            {user && <OutboxStatus />}
          </Suspense>
        </Optional>
      </div>
    </ShellPartsContext>
  );
}
