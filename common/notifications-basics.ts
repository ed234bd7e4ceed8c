/**
 * The notifications page's actions without the notification schemas (common/notifications.ts):
 * nothing here imports zod (docs/decisions/0009-basics-modules.md).
 */
import { defineAction } from './actions.ts';

/**
 * Marking one notification read, and all of them: one definition each (common/actions.ts). The page
 * shows the change itself, so no message; as a plain form, opening one goes on to what it is about.
 */
export const markNotificationReadAction = defineAction<{ id: string }, null>()({
  name: 'mark-notification-read',
  method: 'POST',
  path: '/api/notifications/:id/read',
});

export const markAllNotificationsReadAction = defineAction<Record<string, never>, null>()({
  name: 'mark-all-notifications-read',
  method: 'POST',
  path: '/api/notifications/read-all',
});
