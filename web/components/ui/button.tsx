import type { ComponentPropsWithRef } from 'react';
import { type LinkProps } from 'react-router';
import { Link } from './link.tsx';
import { Spinner } from './spinner.tsx';

// Spec §9: variants default, destructive, outline, secondary, ghost, link; sizes default, sm, lg, icon.
const VARIANTS = {
  default: 'bg-brand-600 text-white hover:bg-brand-700 shadow-sm',
  destructive: 'bg-red-600 text-white hover:bg-red-700',
  outline: 'border border-slate-300 bg-white text-slate-900 hover:bg-slate-100',
  secondary: 'bg-slate-900 text-white hover:bg-slate-800',
  ghost: 'text-slate-700 hover:bg-slate-100',
  link: 'text-brand-700 underline-offset-4 hover:underline',
} as const;

const SIZES = {
  default: 'h-10 px-4 text-sm',
  sm: 'h-8 px-3 text-sm',
  lg: 'h-12 px-6 text-base',
  icon: 'h-10 w-10',
} as const;

export type ButtonStyle = { variant?: keyof typeof VARIANTS; size?: keyof typeof SIZES };

export function buttonClass({ variant = 'default', size = 'default' }: ButtonStyle = {}, extra = ''): string {
  return `inline-flex items-center justify-center gap-2 rounded-lg font-semibold transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 disabled:pointer-events-none disabled:opacity-60 ${VARIANTS[variant]} ${SIZES[size]} ${extra}`;
}

// React 19: `ref` is an ordinary prop, so Radix `asChild` and focus management reach the <button>.
// `busy`: the action the button started is under way, so it waits (disabled) and shows a small spinner before its words.
export function Button({
  variant,
  size,
  className = '',
  type = 'button',
  busy = false,
  disabled,
  children,
  ...props
}: ComponentPropsWithRef<'button'> & ButtonStyle & { busy?: boolean }) {
  return (
    <button type={type} className={buttonClass({ variant, size }, className)} disabled={busy || disabled} {...props}>
      {busy && <Spinner className="h-4 w-4 border-2" />}
      {children}
    </button>
  );
}

export function ButtonLink({ variant, size, className = '', ...props }: LinkProps & ButtonStyle) {
  return <Link className={buttonClass({ variant, size }, className)} {...props} />;
}
