// Kept apart from notifications.ts so the page shell can name the events without loading zod.
/** Server-Sent Events of /api/live: their names and what their data carries. */
export const LIVE_EVENTS = {
  /** data: a Notification; the event id is the notification id (a reconnecting client resumes after it). */
  notification: 'notification',
  /** data: { conversationId, messageId } */
  message: 'message',
  /** data: { unreadNotifications, unreadMessages } after a read state changed elsewhere (another tab). */
  unread: 'unread',
} as const;
