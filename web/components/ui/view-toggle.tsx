import { Link } from './link.tsx';

/**
 * A choice of views of a list as links to its address with the view set (the current one marked),
 * so that it works without scripts; `hrefOf` gives each option's address.
 */
export function ViewToggle<T extends string>({
  label,
  options,
  value,
  hrefOf,
  testId,
}: {
  label: string;
  options: { id: T; label: string; icon?: string }[];
  value: T;
  hrefOf: (value: T) => string;
  testId?: string;
}) {
  return (
    <div className="inline-flex rounded-lg border border-slate-300 bg-white p-1 shadow-sm" role="group" aria-label={label} data-testid={testId}>
      {options.map((option) => (
        <Link
          key={option.id}
          to={hrefOf(option.id)}
          replace
          preventScrollReset
          aria-current={value === option.id ? 'true' : undefined}
          className={`rounded-md px-3 py-1.5 text-sm font-semibold transition-colors ${value === option.id ? 'bg-brand-600 text-white' : 'text-slate-700 hover:bg-slate-100'}`}
        >
          {option.icon && <span aria-hidden="true">{option.icon} </span>}
          {option.label}
        </Link>
      ))}
    </div>
  );
}
