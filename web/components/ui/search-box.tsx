import { useEffect, useId, useRef } from 'react';
import { useTranslation } from '../../lib/i18n-binding.tsx';
import { useLocation } from 'react-router';

export { BackLink } from './back-link.tsx';

export const searchFieldClass =
  'block h-10 w-full rounded-lg border border-slate-300 bg-white text-slate-900 shadow-sm placeholder:text-slate-400 focus:border-brand-600 focus:ring-2 focus:ring-brand-600/30 focus:outline-none';

/**
 * A ref for a text field the server renders: once the page's scripts run, what was typed into it
 * before (which the field's `value` does not know of) is handed to `onChange`, so it is not lost.
 */
export function useTypedBeforeScripts(value: string, onChange: (value: string) => void) {
  const input = useRef<HTMLInputElement>(null);
  useEffect(() => {
    const typed = input.current?.value;
    if (typed !== undefined && typed !== value) onChange(typed);
  }, []); // eslint-disable-line react-hooks/exhaustive-deps
  return input;
}

/**
 * The search input of list pages (field `name`, `q` unless told, of its FilterForm); the label is
 * for screen readers, the icon sits at the start. What was typed into the server's markup before
 * the page's scripts ran is taken up once they do.
 */
export function SearchBox({
  label,
  placeholder,
  value,
  onChange,
  testId,
  name = 'q',
}: {
  label: string;
  placeholder: string;
  value: string;
  onChange: (value: string) => void;
  testId?: string;
  name?: string;
}) {
  const id = useId();
  const input = useTypedBeforeScripts(value, onChange);
  return (
    <div className="relative min-w-0 flex-1 basis-48">
      <label htmlFor={id} className="sr-only">
        {label}
      </label>
      <span aria-hidden="true" className="pointer-events-none absolute inset-y-0 start-3 flex items-center text-slate-400">
        🔍
      </span>
      <input
        ref={input}
        id={id}
        type="search"
        name={name}
        value={value}
        maxLength={100}
        onChange={(e) => onChange(e.target.value)}
        placeholder={placeholder}
        className={`${searchFieldClass} ps-10 pe-3`}
        data-testid={testId}
      />
    </div>
  );
}

/** A filter of list pages: a select whose first option (value '') means no filter. */
export function FilterSelect({
  label,
  value,
  onChange,
  anyLabel,
  options,
  testId,
  name,
}: {
  label: string;
  /** The field of its FilterForm: the address parameter it sets. */
  name: string;
  value: string;
  onChange: (value: string) => void;
  anyLabel: string;
  options: { value: string; label: string }[];
  testId?: string;
}) {
  const id = useId();
  return (
    <div className="w-full sm:w-56">
      <label htmlFor={id} className="sr-only">
        {label}
      </label>
      <select id={id} name={name} value={value} onChange={(e) => onChange(e.target.value)} className={`${searchFieldClass} px-3`} data-testid={testId}>
        <option value="">{anyLabel}</option>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </div>
  );
}

/**
 * The filters of a list page as a GET form of this address: without scripts (or before they run)
 * submitting it has the server render the filtered list; `keep` names the parameters of the address
 * that are not fields of the form (the view, say) and go along as hidden fields. With scripts the
 * fields apply as they change, and submitting (Enter in the search box) applies them all at once.
 */
export function FilterForm({
  keep = [],
  onApply,
  className,
  children,
}: {
  keep?: string[];
  onApply: (form: HTMLFormElement) => void;
  className?: string;
  children: React.ReactNode;
}) {
  const { t } = useTranslation();
  const { pathname, search } = useLocation();
  const params = new URLSearchParams(search);
  return (
    <form
      method="get"
      action={pathname}
      role="search"
      className={className}
      onSubmit={(event) => {
        event.preventDefault();
        onApply(event.currentTarget);
      }}
    >
      {keep.map((key) => {
        const value = params.get(key);
        return value ? <input key={key} type="hidden" name={key} value={value} /> : null;
      })}
      {children}
      <button
        type="submit"
        className="h-10 shrink-0 rounded-lg border border-slate-300 bg-white px-3 text-sm font-semibold text-slate-700 shadow-sm hover:bg-slate-100 focus:ring-2 focus:ring-brand-600/30 focus:outline-none"
        data-testid="filter-submit"
      >
        {t('common.search')}
      </button>
    </form>
  );
}
