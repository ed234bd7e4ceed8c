import type { ReactNode } from 'react';

type Props = {
  title: string;
  /** Nothing to list: `emptyText` stands in for the list. */
  isEmpty: boolean;
  emptyText: string;
  /** A line under the heading that says what the list is for. */
  hint?: string;
  /** What goes with the list after it, listed or not (a form, a line of names). */
  after?: ReactNode;
  className?: string;
  children: ReactNode;
};

/** A block of a panel that lists things under a small heading, or says that there is nothing to list. */
export function ListSection({ title, isEmpty, emptyText, hint, after, className, children }: Props) {
  return (
    <div className={className ? `space-y-2 ${className}` : 'space-y-2'}>
      <h3 className="font-semibold text-slate-800">{title}</h3>
      {hint && <p className="text-sm text-slate-500">{hint}</p>}
      {isEmpty ? <p className="text-sm text-slate-500">{emptyText}</p> : children}
      {after}
    </div>
  );
}
