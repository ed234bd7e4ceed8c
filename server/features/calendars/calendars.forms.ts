import type { CalendarFeed } from '../../../common/calendars.ts';
import type { FormActions } from '../../lib/forms.ts';

/** The calendar feed block of the profile settings as forms (server/lib/forms.ts). */
export const calendarsForms: FormActions = {
  // The address is told once: in the flash of the page the person comes back to.
  'create-calendar-feed': {
    method: 'POST',
    path: () => '/api/me/calendar-feed',
    done: (answer) => ({ kind: 'success', title: 'calendars.feed.created', text: 'calendars.feed.createdText', params: { url: (answer as CalendarFeed | null)?.url ?? '' } }),
  },
  'revoke-calendar-feed': { method: 'DELETE', path: () => '/api/me/calendar-feed', done: { kind: 'success', title: 'calendars.feed.revoked' } },
};
