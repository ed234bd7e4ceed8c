import type { TFunction } from 'i18next';
import { toast } from 'sonner';
import { ApiError } from './api.ts';
import { wantToaster } from './toaster-wanted.ts';

export const TOAST_DURATION = 5000;

// Spec §4: at most one toast at a time; a new one replaces the older one.
export function notify(kind: 'success' | 'error' | 'info', title: string, description?: string): void {
  wantToaster();
  toast.dismiss();
  toast[kind](title, { description, duration: TOAST_DURATION });
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
