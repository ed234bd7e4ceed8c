// Kept apart from the components so the header can share them without loading the lazy menus.
export const navLinkClass = 'inline-flex h-10 items-center rounded-lg px-3 text-sm font-medium text-slate-700 hover:bg-slate-100';

export const languageButtonClass =
  'inline-flex h-10 items-center gap-2 rounded-lg px-3 text-sm font-medium text-slate-700 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-brand-600';
