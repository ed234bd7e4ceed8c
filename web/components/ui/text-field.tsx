import { forwardRef, useId, useState, type FormEventHandler, type InputHTMLAttributes, type SelectHTMLAttributes, type TextareaHTMLAttributes } from 'react';
import { useFieldReply } from '../../lib/flash.tsx';
import { useTranslation } from '../../lib/i18n-binding.tsx';

type FieldProps = { label: string; error?: string; hint?: string };

const inputClass =
  'block w-full rounded-lg border bg-white px-3 py-2 text-slate-900 shadow-sm placeholder:text-slate-400 focus:border-brand-600 focus:outline-none focus:ring-2 focus:ring-brand-600/30';

/** The ids a field's input points at with aria-describedby: its hint and its error. */
function describedBy(id: string, { hint, error }: { hint?: string; error?: string }): string | undefined {
  return [hint ? `${id}-hint` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ') || undefined;
}

/**
 * A field of a form the server refused (web/lib/flash.tsx): it starts with what was typed (never a
 * password) and shows its error until it is changed. `error`, when given, is the form's own and wins.
 */
function useKept<E extends Element>(
  { name, value, type, onInput }: { name?: string; value?: unknown; type?: string; onInput?: FormEventHandler<E> },
  error: string | undefined,
) {
  const { t } = useTranslation();
  const kept = useFieldReply(name);
  const [edited, setEdited] = useState(false);
  const keptError = kept.error && !edited ? t(`errors.${kept.error}`, { defaultValue: t('errors.VALIDATION_ERROR') }) : undefined;
  const keptValue = value === undefined && type !== 'password' && typeof kept.value === 'string' ? { defaultValue: kept.value } : {};
  const input: FormEventHandler<E> = (event) => {
    setEdited(true);
    onInput?.(event);
  };
  return { error: error ?? keptError, props: { ...keptValue, onInput: input } };
}

function FieldShell({ id, label, error, hint, children }: FieldProps & { id: string; children: React.ReactNode }) {
  return (
    <div className="space-y-1">
      <label htmlFor={id} className="block text-sm font-medium text-slate-700">
        {label}
      </label>
      {children}
      {hint && (
        <p id={`${id}-hint`} className="text-xs text-slate-500">
          {hint}
        </p>
      )}
      {error && (
        <p id={`${id}-error`} className="text-sm text-red-600" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}

export const TextField = forwardRef<HTMLInputElement, FieldProps & InputHTMLAttributes<HTMLInputElement>>(function TextField(
  { label, error: ownError, hint, type = 'text', ...props },
  ref,
) {
  const id = useId();
  const { t } = useTranslation();
  const { error, props: kept } = useKept<HTMLInputElement>({ ...props, type }, ownError);
  const [visible, setVisible] = useState(false);
  const isPassword = type === 'password';
  return (
    <FieldShell id={id} label={label} error={error} hint={hint}>
      <div className="relative">
        <input
          ref={ref}
          id={id}
          type={isPassword && visible ? 'text' : type}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy(id, { hint, error })}
          className={`${inputClass} ${error ? 'border-red-500' : 'border-slate-300'} ${isPassword ? 'pe-12' : ''}`}
          {...props}
          {...kept}
        />
        {isPassword && (
          <button
            type="button"
            onClick={() => setVisible((v) => !v)}
            className="absolute inset-y-0 end-0 flex w-11 items-center justify-center text-slate-500 hover:text-slate-800"
            aria-label={visible ? t('auth.hidePassword') : t('auth.showPassword')}
            aria-pressed={visible}
          >
            <span aria-hidden="true">{visible ? '🙈' : '👁️'}</span>
          </button>
        )}
      </div>
    </FieldShell>
  );
});

export const TextArea = forwardRef<HTMLTextAreaElement, FieldProps & TextareaHTMLAttributes<HTMLTextAreaElement>>(function TextArea(
  { label, error: ownError, hint, className = 'min-h-32', ...props },
  ref,
) {
  const id = useId();
  const { error, props: kept } = useKept<HTMLTextAreaElement>(props, ownError);
  return (
    <FieldShell id={id} label={label} error={error} hint={hint}>
      <textarea
        ref={ref}
        id={id}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, { hint, error })}
        className={`${inputClass} ${className} ${error ? 'border-red-500' : 'border-slate-300'}`}
        {...props}
        {...kept}
      />
    </FieldShell>
  );
});

export const SelectField = forwardRef<HTMLSelectElement, FieldProps & SelectHTMLAttributes<HTMLSelectElement>>(function SelectField(
  { label, error: ownError, hint, className = '', children, ...props },
  ref,
) {
  const id = useId();
  const { error, props: kept } = useKept<HTMLSelectElement>(props, ownError);
  return (
    <FieldShell id={id} label={label} error={error} hint={hint}>
      <select
        ref={ref}
        id={id}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, { hint, error })}
        className={`${inputClass} ${className} ${error ? 'border-red-500' : 'border-slate-300'}`}
        {...props}
        {...kept}
      >
        {children}
      </select>
    </FieldShell>
  );
});
