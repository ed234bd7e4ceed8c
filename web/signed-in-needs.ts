import type { SessionUser } from '../common/schemas.ts';
import { adminQueries } from './features/admin/admin.api.ts';
import { feedQueries } from './features/feed/feed.api.ts';
import { conversationQueries } from './features/messages/messages.api.ts';
import { notificationQueries } from './features/notifications/notifications.api.ts';
import { profileQueries } from './features/profiles/profiles.api.ts';
import type { RouteNeeds, RouteNeedsArgs } from './lib/route-data.ts';

/**
 * What the pages of a signed-in person read (web/routes.tsx). A chunk of its own, loaded only once
 * someone is signed in: a visitor's first load carries none of these features' code.
 */

export type SignedInNeeds = (args: RouteNeedsArgs & { user: SessionUser }) => ReturnType<RouteNeeds>;

/** The header's bell and unread messages count, on every page. */
export const frameNeeds: SignedInNeeds = () => [notificationQueries.latest(), conversationQueries.unread()];

/** The home page's feed section. */
export const homeNeeds: SignedInNeeds = () => [feedQueries.all()];

/** The own profile: the profile, its public face (disciplines, teams), the activity tab and the people lists. */
export const ownProfileNeeds: SignedInNeeds = ({ user }) => [
  profileQueries.own(),
  profileQueries.public(user.id),
  profileQueries.activity(user.id),
  profileQueries.people(user.id, 'followers'),
  profileQueries.people(user.id, 'following'),
];

export const notificationsNeeds: SignedInNeeds = () => [notificationQueries.list()];

export const messagesNeeds: SignedInNeeds = ({ params: { conversationId: id } }) => [
  conversationQueries.list(),
  ...(id ? [conversationQueries.one(id), conversationQueries.messages(id)] : []),
];

/** The admin panel's default tab (the others read their own data as they open). */
export const adminNeeds: SignedInNeeds = ({ search }) => [(search.get('tab') ?? 'overview') === 'overview' && adminQueries.overview()];
