import { useId, useRef, type KeyboardEvent, type ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { Link } from './link.tsx';

export type TabItem = { id: string; label: ReactNode; content: ReactNode };

/**
 * WAI-ARIA tabs with automatic activation: arrow keys move along the list (mirrored in
 * right-to-left pages), Home and End jump to the ends. Only the active panel is rendered.
 *
 * A page whose tab is part of its address gives `hrefOf`: each tab is then a link to that address,
 * which opens without the scripts too, and choosing one (click or keys) goes there; `active` is read
 * from the address by the page. Otherwise the tabs are buttons calling `onChange`.
 */
export function Tabs({
  label,
  tabs,
  active,
  onChange,
  hrefOf,
}: { label: string; tabs: TabItem[]; active: string } & (
  { onChange: (id: string) => void; hrefOf?: undefined } | { hrefOf: (id: string) => string; onChange?: undefined }
)) {
  const base = useId();
  const list = useRef<HTMLDivElement>(null);
  const navigate = useNavigate();
  const current = tabs.find((tab) => tab.id === active) ?? tabs[0]!;
  const choose = (id: string) => (hrefOf ? void navigate(hrefOf(id), { replace: true, preventScrollReset: true }) : onChange!(id));

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const index = tabs.findIndex((tab) => tab.id === current.id);
    const rtl = getComputedStyle(event.currentTarget).direction === 'rtl';
    const step = { ArrowRight: rtl ? -1 : 1, ArrowLeft: rtl ? 1 : -1 }[event.key];
    let next: number | undefined;
    if (step !== undefined) next = (index + step + tabs.length) % tabs.length;
    else if (event.key === 'Home') next = 0;
    else if (event.key === 'End') next = tabs.length - 1;
    if (next === undefined) return;
    event.preventDefault();
    choose(tabs[next]!.id);
    list.current?.querySelectorAll<HTMLElement>('[role="tab"]')[next]?.focus();
  };

  return (
    <div>
      <div ref={list} role="tablist" aria-label={label} onKeyDown={onKeyDown} className="flex gap-1 overflow-x-auto border-b border-slate-200">
        {tabs.map((tab) => {
          const selected = tab.id === current.id;
          const props = {
            role: 'tab',
            id: `${base}-tab-${tab.id}`,
            'aria-selected': selected,
            'aria-controls': `${base}-panel-${tab.id}`,
            tabIndex: selected ? 0 : -1,
            className: `-mb-px inline-flex shrink-0 items-center gap-2 border-b-2 px-4 py-2.5 text-sm font-semibold whitespace-nowrap focus-visible:outline-2 focus-visible:outline-brand-600 ${
              selected ? 'border-brand-600 text-brand-700' : 'border-transparent text-slate-600 hover:text-slate-900'
            }`,
          } as const;
          return hrefOf ? (
            <Link key={tab.id} to={hrefOf(tab.id)} replace preventScrollReset {...props}>
              {tab.label}
            </Link>
          ) : (
            <button key={tab.id} type="button" onClick={() => onChange!(tab.id)} {...props}>
              {tab.label}
            </button>
          );
        })}
      </div>
      <div
        role="tabpanel"
        id={`${base}-panel-${current.id}`}
        aria-labelledby={`${base}-tab-${current.id}`}
        tabIndex={0}
        className="pt-6 focus-visible:outline-none"
      >
        {current.content}
      </div>
    </div>
  );
}
