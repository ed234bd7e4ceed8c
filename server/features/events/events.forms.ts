import type { Flash } from '../../../common/forms.ts';
import { field, segment, type FormActions } from '../../lib/forms.ts';

type RsvpAnswer = { myRsvp?: 'going' | 'waitlist' | null; waitlistPosition?: number | null } | null;

/** The RSVP button's forms (server/lib/forms.ts), on the event page and every event card. */
export const eventsForms: FormActions = {
  rsvp: {
    method: 'PUT',
    path: (f) => `/api/events/${segment(f, 'eventId')}/rsvp`,
    // A full event puts the person on its waitlist: the message says which, and where they stand.
    done: (answer): Flash => {
      const event = answer as RsvpAnswer;
      if (event?.myRsvp !== 'waitlist') return { kind: 'success', title: 'events.toast.going' };
      return event.waitlistPosition
        ? { kind: 'success', title: 'events.toast.waitlisted', text: 'events.toast.position', params: { position: String(event.waitlistPosition) } }
        : { kind: 'success', title: 'events.toast.waitlisted' };
    },
  },
  'cancel-rsvp': {
    method: 'DELETE',
    path: (f) => `/api/events/${segment(f, 'eventId')}/rsvp`,
    // `was` (the button's state when the page was drawn) tells leaving the waitlist from leaving the event.
    done: (_answer, f) => ({ kind: 'success', title: field(f, 'was') === 'waitlist' ? 'events.toast.leftWaitlist' : 'events.toast.left' }),
  },
};
