import type { ReactNode } from 'react';
import { useTranslation } from '../../lib/i18n-binding.tsx';
import { ButtonLink } from './button.tsx';

/** A centred message for not-found and empty states, with an optional link home. */
export function StateMessage({
  title,
  text,
  icon,
  homeLabel,
  children,
}: {
  title: string;
  text?: string;
  icon?: string;
  homeLabel?: string;
  children?: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <div className="mx-auto flex max-w-xl flex-col items-center gap-4 px-4 py-20 text-center">
      {icon && (
        <span className="text-5xl" aria-hidden="true">
          {icon}
        </span>
      )}
      <h1 className="text-2xl font-bold text-slate-900">{title}</h1>
      {text && <p className="text-slate-600">{text}</p>}
      {children}
      {homeLabel !== undefined && <ButtonLink to="/">{homeLabel || t('common.returnHome')}</ButtonLink>}
    </div>
  );
}
