import { z } from 'zod';
import { withInput } from './actions.ts';
import { CONTENT_TYPES, contentPath } from './content-basics.ts';
import { markAllNotificationsReadAction, markNotificationReadAction } from './notifications-basics.ts';
import { NOTIFICATION_PAGE_SIZE } from './paging.ts';

/** What a notification can be about (issue 8); each has its own delivery setting on the own profile. */
export const NOTIFICATION_TYPES = [
  'join_request',
  'join_answer',
  // No longer sent (a member is invited now), still the type of older notifications.
  'team_added',
  'team_invite',
  'team_leader',
  'comment',
  'like',
  'approval',
  'follower',
  'event_changed',
  'waitlist_promoted',
  // Tagged as a companion of someone's session (issue 20, item 1): answered with Accept or Decline.
  'session_tag',
  // Issue 20 item 3: the place of one's upcoming event is closed on its dates.
  'event_place_closed',
] as const;
export type NotificationType = (typeof NOTIFICATION_TYPES)[number];

/** in_app: the bell; email: the bell and the e-mail digest; push: the bell and the person's devices (issue 21); off: not recorded at all. */
export const NOTIFICATION_CHANNELS = ['in_app', 'email', 'push', 'off'] as const;
export type NotificationChannel = (typeof NOTIFICATION_CHANNELS)[number];
export const DEFAULT_NOTIFICATION_CHANNEL: NotificationChannel = 'in_app';

export const notificationSchema = z.object({
  id: z.number().int(),
  type: z.enum(NOTIFICATION_TYPES),
  actor: z.object({ id: z.string(), name: z.string(), avatarUrl: z.string().nullable() }).nullable(),
  subjectType: z.string().nullable(),
  subjectId: z.string().nullable(),
  /** Names and details for the text and the link: itemName, teamName, decision, disciplineId, eventName… */
  data: z.record(z.string(), z.union([z.string(), z.number(), z.boolean(), z.null()])),
  read: z.boolean(),
  createdAt: z.string(),
});
export type Notification = z.infer<typeof notificationSchema>;

export const notificationListQuerySchema = z.object({
  before: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER).optional(),
  limit: z.coerce.number().int().min(1).max(50).default(NOTIFICATION_PAGE_SIZE),
});
export const notificationPageSchema = z.object({ items: z.array(notificationSchema), hasMore: z.boolean(), unreadCount: z.number().int() });
export type NotificationPage = z.infer<typeof notificationPageSchema>;
export const unreadCountSchema = z.object({ count: z.number().int() });

/** The mark-read actions' fields (common/notifications-basics.ts): a notification's id as text, as its path gives it. */
export const markNotificationReadWithInput = withInput(markNotificationReadAction, z.object({ id: z.string().max(100) }));
export const markAllNotificationsReadWithInput = withInput(markAllNotificationsReadAction, z.object({}));

const channelSchema = z.enum(NOTIFICATION_CHANNELS);
const preferenceShape = Object.fromEntries(NOTIFICATION_TYPES.map((type) => [type, channelSchema])) as Record<NotificationType, typeof channelSchema>;
/** Every type's channel (GET, and the answer of PUT). */
export const notificationPreferencesSchema = z.strictObject(preferenceShape);
export type NotificationPreferences = z.infer<typeof notificationPreferencesSchema>;
/** PUT: the types to change; an unknown type or channel is refused. */
export const notificationPreferencesUpdateSchema = notificationPreferencesSchema.partial();
export type NotificationPreferencesUpdate = z.infer<typeof notificationPreferencesUpdateSchema>;

/**
 * The translation key (under `notifications.text.`) and values of a notification's sentence; the web
 * and the e-mail digest both use it, so a text lives in one place.
 */
export function notificationText(n: Pick<Notification, 'type' | 'actor' | 'data'>): { key: string; values: Record<string, string | number> } {
  const text = (v: unknown) => (typeof v === 'string' || typeof v === 'number' ? String(v) : '');
  const values = { actor: n.actor?.name ?? '', team: text(n.data.teamName), item: text(n.data.itemName), place: text(n.data.placeName) };
  const decided = (ok: string) => (n.data.decision === ok ? 'accepted' : 'declined');
  switch (n.type) {
    case 'join_answer':
      return { key: `join_answer_${decided('accepted')}`, values };
    case 'approval':
      return { key: `approval_${decided('approved')}`, values };
    case 'event_changed':
      return { key: n.data.cancelled ? 'event_cancelled' : 'event_changed', values };
    case 'session_tag': {
      // Tags of one rider fold into one notification (issue 37, hole 7); `count` says how many it stands for.
      const count = typeof n.data.count === 'number' ? n.data.count : 1;
      return count > 1 ? { key: 'session_tag_many', values: { ...values, count } } : { key: n.type, values };
    }
    default:
      return { key: n.type, values };
  }
}

/** The page a notification leads to (a team, a content item, a person), or null. */
export function notificationPath(n: Pick<Notification, 'type' | 'actor' | 'subjectType' | 'subjectId' | 'data'>): string | null {
  if (n.type === 'follower') return n.actor ? `/profile/${encodeURIComponent(n.actor.id)}` : null;
  // A session has no page of its own: its place shows it.
  if (n.type === 'session_tag') {
    const { placeId, disciplineId } = n.data;
    return typeof placeId === 'string' && typeof disciplineId === 'string' ? contentPath('place', disciplineId, placeId) : null;
  }
  if (!n.subjectId) return null;
  if (n.subjectType === 'team') return `/team/${encodeURIComponent(n.subjectId)}`;
  const type = CONTENT_TYPES.find((t) => t === n.subjectType);
  const discipline = n.data.disciplineId;
  if (!type || typeof discipline !== 'string') return null;
  const path = contentPath(type, discipline, n.subjectId);
  // A cancelled event is gone: its section lists what is left.
  return n.data.cancelled ? path.slice(0, path.lastIndexOf('/')) : path;
}
