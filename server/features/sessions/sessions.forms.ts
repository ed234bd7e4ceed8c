import { field, segment, type FormActions, type FormFields } from '../../lib/forms.ts';

const sessionPath = (f: FormFields) => `/api/sessions/${segment(f, 'sessionId')}`;

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

/** Sessions as forms (server/lib/forms.ts): logging one on the place page, deleting it, answering a tag. */
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
  'delete-session': { method: 'DELETE', path: sessionPath, done: { kind: 'success', title: 'sessions.deleted' } },
  'accept-session-tag': { method: 'POST', path: (f) => `${sessionPath(f)}/companion`, body: () => ({ accept: true }), done: { kind: 'success', title: 'sessions.tag.accepted' } },
  'decline-session-tag': { method: 'POST', path: (f) => `${sessionPath(f)}/companion`, body: () => ({ accept: false }), done: { kind: 'success', title: 'sessions.tag.declined' } },
};
