import type { TFunction } from 'i18next';
import type { FieldError } from 'react-hook-form';

/** Shared schemas put an error code in each issue's message; this shows it translated. */
export function fieldError(t: TFunction, error: FieldError | undefined): string | undefined {
  if (!error) return undefined;
  const code = error.message || 'VALIDATION_ERROR';
  return t(`errors.${code}`, { defaultValue: t('errors.VALIDATION_ERROR') });
}
