import type { TFunction } from 'i18next';
import type { Flash } from '../../common/forms.ts';
import { ApiError } from './api.ts';
import { loadOnce } from './lazy-named.ts';
import { wantToaster } from './toaster-wanted.ts';

export const TOAST_DURATION = 5000;

// Sonner adds its styles to the page when its code runs, and the browser then restyles the whole
// page: it runs with the first toast, not with every page whose code could show one. (Its code is
// fetched with every page, components/shell/layout.tsx FRAME_MODULES, so a toast shows offline too.)
const sonner = loadOnce(() => import('sonner'));

// Spec §4: at most one toast at a time; a new one replaces the older one.
export function notify(kind: 'success' | 'error' | 'info', title: string, description?: string): void {
  wantToaster();
  void sonner().then(({ toast }) => {
    toast.dismiss();
    toast[kind](title, { description, duration: TOAST_DURATION });
  });
}

/** A message of the catalogue (a form's flash, an action's outcome) as a toast. */
export function notifyFlash(t: TFunction, flash: Flash | undefined): void {
  if (flash) notify(flash.kind, t(flash.title, flash.params), flash.text ? t(flash.text, flash.params) : undefined);
}

/** The translated text for an API failure (its code), with the retry delay for rate limits. */
export function errorText(t: TFunction, error: unknown): string {
  if (error instanceof ApiError) {
    const key = `errors.${error.code}`;
    if (error.code === 'RATE_LIMITED') return t(key, { seconds: error.retryAfter ?? 60 });
    return t(key, { defaultValue: t('errors.INTERNAL_ERROR') });
  }
  return t('errors.INTERNAL_ERROR');
}
