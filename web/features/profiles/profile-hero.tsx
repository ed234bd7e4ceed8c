import type { ReactNode } from 'react';
import { Avatar, TeamBanner } from '../../components/ui/avatar.tsx';

/** Banner, avatar and name of a profile; the optional slots hold page-specific controls. */
export function ProfileHero({
  person,
  subtitle,
  actions,
  bannerControls,
  avatarControls,
}: {
  person: { name: string; avatarUrl: string | null; bannerUrl: string | null };
  subtitle?: ReactNode;
  actions?: ReactNode;
  bannerControls?: ReactNode;
  avatarControls?: ReactNode;
}) {
  return (
    <section className="bg-white shadow-sm">
      <div className="relative">
        <TeamBanner team={{ name: person.name, bannerUrl: person.bannerUrl }} className="h-40 sm:h-56" />
        {bannerControls && <div className="absolute end-4 top-4 flex gap-2">{bannerControls}</div>}
      </div>
      <div className="mx-auto max-w-5xl px-4 pb-6">
        <div className="flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
          <div className="flex items-end gap-4">
            <div className="relative -mt-14 shrink-0">
              <Avatar person={person} size="lg" className="border-4 border-white shadow" />
              {avatarControls}
            </div>
            <div className="pt-3 pb-1">
              <h1 dir="auto" className="text-2xl font-extrabold text-slate-900 sm:text-3xl">
                {person.name}
              </h1>
              {subtitle && <div className="mt-1 text-sm text-slate-600">{subtitle}</div>}
            </div>
          </div>
          {actions && <div className="flex flex-wrap gap-2">{actions}</div>}
        </div>
      </div>
    </section>
  );
}
