import type { AccessStatus } from '../../../common/place-access.ts';

/** The sign of each access status, beside its words on cards and banners and on its map marker. */
export const ACCESS_ICONS: Record<AccessStatus, string> = {
  open: '✓',
  restricted: '⚠',
  permit: '🎫',
  closed: '⛔',
};

/** A closure's days as one range; the dates are each written in the reader's language, the dash reads the same in all. */
export const dayRange = (formatDate: (day: string) => string, days: { startsOn: string; endsOn: string }) =>
  `${formatDate(days.startsOn)} – ${formatDate(days.endsOn)}`;
