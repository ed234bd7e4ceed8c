// Pictures of people and teams, with a generated stand-in when none was uploaded.

/** Up to two letters: the first of each of the first two words ('Kelly Slater Crew' → 'KS'). */
export function initials(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  const letters = words.slice(0, 2).map((word) => Array.from(word)[0] ?? '');
  return letters.join('').toLocaleUpperCase() || '?';
}

/** A stable hue for a name, so a team or person keeps its colour everywhere. */
export function hueOf(seed: string): number {
  let hash = 0;
  for (const char of seed) hash = (hash * 31 + char.codePointAt(0)!) >>> 0;
  return hash % 360;
}

const SIZES = {
  sm: 'h-10 w-10 text-sm',
  md: 'h-16 w-16 text-xl',
  lg: 'h-24 w-24 text-3xl sm:h-28 sm:w-28',
} as const;

/** HSL lightness of the initials' circle: dark enough for white text at 4.5:1 whatever the hue (yellows are the lightest). */
export const INITIALS_LIGHTNESS = 30;

export function initialsBackground(name: string): string {
  return `hsl(${hueOf(name)} 60% ${INITIALS_LIGHTNESS}%)`;
}

/** The team's logo, or its initials in a coloured circle when it has none. */
export function TeamLogo({
  team,
  size = 'md',
  className = '',
}: {
  team: { name: string; logoUrl: string | null };
  size?: keyof typeof SIZES;
  className?: string;
}) {
  const shape = `${SIZES[size]} shrink-0 rounded-full ${className}`;
  if (team.logoUrl) return <img src={team.logoUrl} alt="" className={`${shape} bg-white object-cover`} loading="lazy" />;
  return (
    <span
      aria-hidden="true"
      className={`${shape} inline-flex items-center justify-center font-bold text-white select-none`}
      style={{ backgroundColor: initialsBackground(team.name) }}
    >
      {initials(team.name)}
    </span>
  );
}

/** A person's avatar, or their initials. */
export function Avatar({
  person,
  size = 'sm',
  className = '',
}: {
  person: { name: string; avatarUrl: string | null };
  size?: keyof typeof SIZES;
  className?: string;
}) {
  return <TeamLogo team={{ name: person.name, logoUrl: person.avatarUrl }} size={size} className={className} />;
}

/** The team's banner image, or a default gradient (no third-party image). `priority`: at the top of the page, it loads first. */
export function TeamBanner({
  team,
  className = '',
  priority = false,
}: {
  team: { name: string; bannerUrl: string | null };
  className?: string;
  priority?: boolean;
}) {
  if (team.bannerUrl) {
    return (
      <img
        src={team.bannerUrl}
        alt=""
        className={`w-full object-cover ${className}`}
        loading={priority ? 'eager' : 'lazy'}
        fetchPriority={priority ? 'high' : 'auto'}
      />
    );
  }
  const hue = hueOf(team.name);
  return (
    <div
      aria-hidden="true"
      className={`w-full ${className}`}
      style={{ background: `linear-gradient(135deg, hsl(${hue} 70% 48%), hsl(${(hue + 40) % 360} 60% 30%) 55%, #0f172a)` }}
    />
  );
}
