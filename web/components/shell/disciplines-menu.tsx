import { useCallback, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from '../../lib/i18n-binding.tsx';
import { useCategories } from '../../lib/disciplines.ts';
import { useLocalizedName } from '../../lib/localized.ts';
import { useLinkList } from '../../lib/link-list.ts';

/**
 * Desktop hover menu: categories with their disciplines (spec §2 Header). Opens on hover, focus or
 * click. A disclosure (`<details>`), so that it opens with a click before the scripts run, or without them.
 */
export function DisciplinesMenu() {
  const { t } = useTranslation();
  const name = useLocalizedName();
  const { data: categories = [] } = useCategories();
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const root = useRef<HTMLDetailsElement>(null);
  const closeTimer = useRef<number | undefined>(undefined);

  useEffect(() => {
    if (!open) return;
    const onKey = (e: KeyboardEvent) => e.key === 'Escape' && setOpen(false);
    const onClick = (e: MouseEvent) => !root.current?.contains(e.target as Node) && setOpen(false);
    document.addEventListener('keydown', onKey);
    document.addEventListener('mousedown', onClick);
    return () => {
      document.removeEventListener('keydown', onKey);
      document.removeEventListener('mousedown', onClick);
    };
  }, [open]);

  const show = () => {
    window.clearTimeout(closeTimer.current);
    setOpen(true);
  };
  const hide = () => {
    closeTimer.current = window.setTimeout(() => setOpen(false), 150);
  };
  const close = useCallback(() => setOpen(false), []);
  const followLink = useLinkList(close);

  return (
    <details ref={root} className="relative" open={open} onToggle={(e) => setOpen(e.currentTarget.open)} onMouseEnter={show} onMouseLeave={hide}>
      <summary
        className="inline-flex h-10 cursor-pointer list-none items-center gap-1 rounded-lg px-3 text-sm font-medium text-slate-700 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-brand-600 [&::-webkit-details-marker]:hidden"
        aria-controls={panelId}
      >
        {t('nav.disciplines')}
        <span aria-hidden="true" className="text-xs">
          ▾
        </span>
      </summary>
      <div
        id={panelId}
        className="absolute start-0 top-full z-40 mt-1 grid w-[min(56rem,90vw)] grid-cols-2 gap-4 rounded-xl border border-slate-200 bg-white p-5 shadow-xl lg:grid-cols-4"
        onBlur={(e) => !e.currentTarget.contains(e.relatedTarget as Node) && setOpen(false)}
        onClick={followLink}
      >
        {categories.map((category) => (
          <div key={category.id}>
            <a href={`/category/${category.id}`} className="mb-2 flex items-center gap-2 font-semibold text-slate-900 hover:text-brand-700">
              <span aria-hidden="true">{category.icon}</span>
              {name(category)}
            </a>
            <ul className="space-y-1">
              {category.disciplines.map((discipline) => (
                <li key={discipline.id}>
                  <a href={`/discipline/${discipline.id}`} className="block rounded px-1 py-0.5 text-sm text-slate-600 hover:bg-slate-50 hover:text-brand-700">
                    {name(discipline)}
                  </a>
                </li>
              ))}
            </ul>
          </div>
        ))}
      </div>
    </details>
  );
}
