import { field, type FormActions, type FormFields } from '../../lib/forms.ts';

/**
 * The start of an earlier session from the form's day and time. The page's scripts put the browser's
 * offset from UTC in `tzOffset` (minutes, as Date#getTimezoneOffset); without them the time is UTC.
 */
function startedAt(f: FormFields): string {
  const date = field(f, 'date');
  const time = field(f, 'time');
  if (!date || !time) return '';
  const utc = Date.parse(`${date}T${time}Z`);
  if (Number.isNaN(utc)) return `${date}T${time}`;
  const offset = Number(field(f, 'tzOffset')) || 0;
  return new Date(utc + Math.max(-900, Math.min(900, offset)) * 60_000).toISOString();
}

/** A number field as sent: empty is left out; anything else goes to the API, which judges it. */
function minutes(f: FormFields): number | string | undefined {
  const value = field(f, 'durationMinutes');
  if (value === '') return undefined;
  return /^\d+$/.test(value) ? Number(value) : value;
}

/**
 * Logging a session on the place page as a form (server/lib/forms.ts). Deleting one and answering a
 * tag are actions defined once (common/sessions-basics.ts).
 */
export const sessionsForms: FormActions = {
  'log-session': {
    method: 'POST',
    path: () => '/api/sessions',
    body: (f) => {
      const when = field(f, 'when');
      return {
        placeId: field(f, 'placeId'),
        when,
        ...(when === 'earlier' ? { startedAt: startedAt(f) } : {}),
        ...(minutes(f) === undefined ? {} : { durationMinutes: minutes(f) }),
        note: f.get('note') ?? '',
        trickIds: f.getAll('trickId'),
        companionIds: f.getAll('companionId'),
        visibility: field(f, 'visibility') || 'public',
      };
    },
    done: { kind: 'success', title: 'sessions.logged' },
  },
};
