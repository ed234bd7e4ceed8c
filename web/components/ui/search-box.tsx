import { useId } from 'react';
import { Link } from 'react-router';

export const searchFieldClass =
  'block h-10 w-full rounded-lg border border-slate-300 bg-white text-slate-900 shadow-sm placeholder:text-slate-400 focus:border-brand-600 focus:ring-2 focus:ring-brand-600/30 focus:outline-none';

/** The search input of list pages; the label is for screen readers, the icon sits at the start. */
export function SearchBox({ label, placeholder, value, onChange, testId }: { label: string; placeholder: string; value: string; onChange: (value: string) => void; testId?: string }) {
  const id = useId();
  return (
    <div className="relative min-w-0 flex-1 basis-48">
      <label htmlFor={id} className="sr-only">
        {label}
      </label>
      <span aria-hidden="true" className="pointer-events-none absolute inset-y-0 start-3 flex items-center text-slate-400">
        🔍
      </span>
      <input
        id={id}
        type="search"
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
}: {
  label: string;
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
      <select id={id} value={value} onChange={(e) => onChange(e.target.value)} className={`${searchFieldClass} px-3`} data-testid={testId}>
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

/** '← Back to …', with the arrow mirrored in right-to-left pages. */
export function BackLink({ to, children }: { to: string; children: React.ReactNode }) {
  return (
    <Link to={to} className="text-sm font-medium text-brand-700 hover:underline">
      <span aria-hidden="true" className="rtl:hidden">← </span>
      <span aria-hidden="true" className="ltr:hidden">→ </span>
      {children}
    </Link>
  );
}
