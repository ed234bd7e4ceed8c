import type { TFunction } from 'i18next';
import type { ComponentType } from 'react';
import type { FieldError, FieldPath, FieldValues, RegisterOptions, Resolver, UseFormRegister, UseFormReturn, UseFormSetError } from 'react-hook-form';
import { ApiError } from './api.ts';
import { useTranslation } from './i18n-binding.tsx';

/**
 * react-hook-form's `register`, with each field's starting value in the markup as well: the form
 * library fills its fields only once the scripts run, and a page the server rendered must show (and,
 * as a plain HTML form, send) what is there before that: a profile's name, an address typed before.
 */
export function registerWithDefaults<F extends FieldValues>(register: UseFormRegister<F>, defaults: Partial<Record<FieldPath<F>, string | null | undefined>>) {
  return (name: FieldPath<F>, options?: RegisterOptions<F, FieldPath<F>>) => ({ ...register(name, options), defaultValue: defaults[name] ?? '' });
}

/**
 * `field(name)`: what a section form's input takes for the field `name`, its label
 * (`{section}.form.{name}`), its error translated and its registration (with `options`). Props
 * written after it (a more telling error, say) take precedence.
 */
export function useSectionFields<F extends FieldValues, O>(form: UseFormReturn<F, unknown, O>, section: string) {
  const { t } = useTranslation();
  const errors = form.formState.errors;
  return (name: FieldPath<F>, options?: RegisterOptions<F, FieldPath<F>>) => ({
    label: t(`${section}.form.${name}`),
    error: fieldError(t, errors[name] as FieldError | undefined),
    ...form.register(name, options),
  });
}

/** Shared schemas put an error code in each issue's message; this shows it translated. */
export function fieldError(t: TFunction, error: FieldError | undefined): string | undefined {
  if (!error) return undefined;
  const code = error.message || 'VALIDATION_ERROR';
  return t(`errors.${code}`, { defaultValue: t('errors.VALIDATION_ERROR') });
}

/**
 * The server may name the fields it refused (`fields`: path → error code): shows each next to its
 * form field, among `known`. An error without fields goes to the field `fieldOfCode` names for its
 * code, if any. Returns the names of the fields it marked.
 */
export function showServerFieldErrors<F extends FieldValues>(
  error: unknown,
  known: readonly string[],
  setError: UseFormSetError<F>,
  fieldOfCode: Record<string, string> = {},
): string[] {
  if (!(error instanceof ApiError)) return [];
  const fields = error.fields ?? (fieldOfCode[error.code] ? { [fieldOfCode[error.code]!]: error.code } : {});
  const marked: string[] = [];
  for (const [path, code] of Object.entries(fields)) {
    const field = path.split('.')[0]!;
    if (!known.includes(field)) continue;
    setError(field as FieldPath<F>, { message: code });
    marked.push(field);
  }
  return marked;
}

/**
 * How a section's item is edited in a form, one definition for every form of it (the section's
 * dialog and the admin form): its checks, its empty and filled values, the fields the server may
 * name (with `fieldOfCode` for errors that name none), what it sends (`toBody`, else the checked
 * values) and its fields.
 */
export type SectionForm<V extends FieldValues, O, Item, B = O> = {
  resolver: Resolver<V, unknown, O>;
  empty: V;
  valuesOf: (item: Item) => V;
  serverFields: readonly string[];
  fieldOfCode?: Record<string, string>;
  toBody?: (values: O, item: Item | undefined) => B;
  Fields: ComponentType<{ form: UseFormReturn<V, unknown, O> }>;
};

/** A section's form definition; the fields the server may name are those of its empty values. */
export function sectionForm<V extends FieldValues, O, Item, B = O>(definition: Omit<SectionForm<V, O, Item, B>, 'serverFields'>): SectionForm<V, O, Item, B> {
  return { ...definition, serverFields: Object.keys(definition.empty) };
}

/** A create or update of a section's item, as its `use*` hook gives it. */
export type SaveMutation<B, Item> = { mutateAsync: (body: B) => Promise<Item>; isPending: boolean };

/**
 * A form's resolver whose code (zod, the shared schema) comes at its first check, not with the page:
 * `load` imports the module that makes it. A page whose form is all it asks of zod leaves zod out of
 * its first load (issue 38).
 */
export function lazyResolver<F extends FieldValues>(load: () => Promise<Resolver<F>>): Resolver<F> {
  let loaded: Promise<Resolver<F>> | undefined;
  return async (values, context, options) => (await (loaded ??= load()))(values, context, options);
}
