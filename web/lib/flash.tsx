import { createContext, useContext, useEffect, useState, type ReactNode } from 'react';
import { useTranslation } from './i18n-binding.tsx';
import type { Flash, FormReply } from '../../common/forms.ts';

/** The outcome of the form sent just before this page (server/lib/actions.ts), if any. */
export const FlashContext = createContext<Flash | null>(null);

/** The refused form of the action named `action`, as it came back (what was typed, each field's error), if this page's flash brings it. */
export function useFormReply(action: string): FormReply | null {
  const form = useContext(FlashContext)?.form;
  return form && form.action === action ? form : null;
}

/** The reply of the form a field is in (web/components/ui/action-form.tsx provides it): its fields start with what was typed and show their errors. */
export const FormReplyContext = createContext<FormReply | null>(null);

/** What `name` had been typed as in a refused form, and its error's code, if the field sits in one. */
export function useFieldReply(name: string | undefined): { value?: string | string[]; error?: string } {
  const reply = useContext(FormReplyContext);
  if (!reply || !name) return {};
  return { ...(Object.hasOwn(reply.values, name) ? { value: reply.values[name] } : {}), ...(reply.errors[name] ? { error: reply.errors[name] } : {}) };
}

/** `defaults`, with what a refused form of `action` had typed in their place (for a form whose library sets its fields itself). */
export function useFormDefaults<D extends Record<string, unknown>>(action: string, defaults: D): D {
  const reply = useFormReply(action);
  if (!reply) return defaults;
  // A list stays a list, anything else takes the text typed.
  const typed = Object.fromEntries(
    Object.entries(reply.values).filter(([name, value]) => Object.hasOwn(defaults, name) && Array.isArray(value) === Array.isArray(defaults[name])),
  );
  return { ...defaults, ...typed };
}

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

/** Gives the fields inside it the refused form of `action`, when this page's flash brings one. */
export function FormReplyScope({ action, children }: { action: string; children: ReactNode }) {
  return <FormReplyContext.Provider value={useFormReply(action)}>{children}</FormReplyContext.Provider>;
}
