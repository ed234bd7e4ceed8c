import { createContext, useContext, useEffect, useState } from 'react';
import { useTranslation } from './i18n-binding.tsx';
import type { Flash } from '../../common/forms.ts';

/** The outcome of the form sent just before this page (server/lib/forms.ts), if any. */
export const FlashContext = createContext<Flash | null>(null);

/**
 * The message of a form sent without scripts, shown once: as text in the page the server drew (so
 * it reads without JavaScript too), then, once the app runs, as the same toast the app shows
 * after an action it ran itself.
 */
export function FlashMessage() {
  const flash = useContext(FlashContext);
  const { t } = useTranslation();
  const [shown, setShown] = useState(flash !== null);
  useEffect(() => {
    if (!flash) return;
    // The toasts' code comes only when there is one to show (it is not part of the first load).
    void import('./toast.ts').then(({ notifyFlash }) => {
      notifyFlash(t, flash);
      setShown(false);
    });
  }, [flash]); // eslint-disable-line react-hooks/exhaustive-deps
  if (!flash || !shown) return null;
  return (
    <div
      role="status"
      data-flash={flash.kind}
      className={`mx-auto mt-4 max-w-3xl rounded-lg border px-4 py-3 text-sm ${flash.kind === 'error' ? 'border-red-300 bg-red-50 text-red-900' : 'border-green-300 bg-green-50 text-green-900'}`}
    >
      <p className="font-semibold">{t(flash.title, flash.params)}</p>
      {flash.text && <p>{t(flash.text, flash.params)}</p>}
    </div>
  );
}
