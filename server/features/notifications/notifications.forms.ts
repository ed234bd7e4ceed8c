import { segment, type FormActions } from '../../lib/forms.ts';

/** Marking notifications read (server/lib/forms.ts); the page shows the change itself, so no message. */
export const notificationsForms: FormActions = {
  'mark-notification-read': {
    method: 'POST',
    path: (f) => `/api/notifications/${segment(f, 'notificationId')}/read`,
  },
  'mark-all-notifications-read': {
    method: 'POST',
    path: () => '/api/notifications/read-all',
  },
};
