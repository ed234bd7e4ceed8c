import type { FormEvent, ReactNode } from 'react';
import { Link } from './link.tsx';
import type { AnyAction } from '../../../common/actions.ts';
import { formActionPath } from '../../../common/forms.ts';
import { FormReplyScope } from '../../lib/flash.tsx';
import { Button } from './button.tsx';
import { FormTarget } from './form-target.tsx';
import { Spinner } from './spinner.tsx';

export function FormCard({ title, subtitle, children }: { title: string; subtitle?: string; children: ReactNode }) {
  return (
    <div className="mx-auto w-full max-w-md px-4 py-16">
      <div className="rounded-2xl border border-slate-200 bg-white p-8 shadow-sm">
        <h1 className="text-2xl font-bold text-slate-900">{title}</h1>
        {subtitle && <p className="mt-1 text-slate-600">{subtitle}</p>}
        <div className="mt-6">{children}</div>
      </div>
    </div>
  );
}

/**
 * A card's form: posted as plain HTML to the server's form action `action` (with the hidden
 * `fields`) until the scripts run, then handled by `onSubmit`; its fields, and the submit button
 * across the card with a spinner while `busy`.
 */
export function CardForm({
  action,
  fields,
  onSubmit,
  busy,
  submitLabel,
  children,
}: {
  action: AnyAction;
  fields?: Record<string, string>;
  onSubmit: (event: FormEvent<HTMLFormElement>) => void;
  busy: boolean;
  submitLabel: string;
  children: ReactNode;
}) {
  return (
    <form method="post" action={formActionPath(action.name)} onSubmit={onSubmit} noValidate className="space-y-4">
      <FormTarget fields={fields} />
      <FormReplyScope action={action.name}>{children}</FormReplyScope>
      <Button type="submit" className="w-full" disabled={busy}>
        {busy && <Spinner className="h-4 w-4" />}
        {submitLabel}
      </Button>
    </form>
  );
}

/** The line under a card's form: `text`, if any, and a link to the other way in. */
export function CardLink({ text, to, label }: { text?: string; to: string; label: string }) {
  return (
    <p className="mt-6 text-center text-sm text-slate-600">
      {text && `${text} `}
      <Link to={to} className="font-semibold text-brand-700 hover:underline">
        {label}
      </Link>
    </p>
  );
}
