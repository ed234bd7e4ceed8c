import { field, type FormFields } from '../../lib/actions.ts';

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

/** A number field as sent: empty is left out; anything else goes to the input, which judges it. */
function minutes(f: FormFields): number | string | undefined {
  const value = field(f, 'durationMinutes');
  if (value === '') return undefined;
  return /^\d+$/.test(value) ? Number(value) : value;
}

/** The place page's session form (its text fields) as the input of `logSessionAction` (common/sessions-basics.ts). */
export function sessionForm(f: FormFields): Record<string, unknown> {
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
}
