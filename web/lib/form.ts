import type { TFunction } from 'i18next';
import type { FieldError, FieldPath, FieldValues, UseFormSetError } from 'react-hook-form';
import { ApiError } from './api.ts';

/** Shared schemas put an error code in each issue's message; this shows it translated. */
export function fieldError(t: TFunction, error: FieldError | undefined): string | undefined {
  if (!error) return undefined;
  const code = error.message || 'VALIDATION_ERROR';
  return t(`errors.${code}`, { defaultValue: t('errors.VALIDATION_ERROR') });
}

/**
 * The server may name the fields it refused (`fields`: path → error code): shows each next to its
 * form field, among `known`. Returns the names of the fields it marked.
 */
export function showServerFieldErrors<F extends FieldValues>(error: unknown, known: readonly string[], setError: UseFormSetError<F>): string[] {
  if (!(error instanceof ApiError) || !error.fields) return [];
  const marked: string[] = [];
  for (const [path, code] of Object.entries(error.fields)) {
    const field = path.split('.')[0]!;
    if (!known.includes(field)) continue;
    setError(field as FieldPath<F>, { message: code });
    marked.push(field);
  }
  return marked;
}
