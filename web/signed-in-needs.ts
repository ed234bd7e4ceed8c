import type { SessionUser } from '../common/schemas.ts';
import { adminContentQueries, adminUserSearchQuery } from './features/admin/admin-content.api.ts';
import { catalogueQueries } from './features/admin/admin-catalogue.api.ts';
import { adminUserQueries } from './features/admin/admin-users.api.ts';
import { adminQueries } from './features/admin/admin.api.ts';
import { adminModerationQueries } from './features/admin/admin-moderation.api.ts';
import { adminJobsQueries } from './features/admin/admin-jobs.api.ts';
import { ADMIN_TABS, CONTENT_SUBTABS, DISCIPLINE_SUBTABS, isOneOf, MODERATION_SUBTABS } from './features/admin/admin-tabs.ts';
import { articleQueries } from './features/articles/articles.api.ts';
import { disciplineQueries } from './lib/disciplines.ts';
import { calendarQueries } from './features/calendars/calendars.api.ts';
import { eventQueries } from './features/events/events.api.ts';
import { feedQueries } from './features/feed/feed.api.ts';
import { conversationQueries } from './features/messages/messages.api.ts';
import { notificationQueries } from './features/notifications/notifications.api.ts';
import { placeQueries } from './features/places/places.api.ts';
import { profileQueries } from './features/profiles/profiles.api.ts';
import { pushQueries } from './features/push/push.api.ts';
import { reviewQueries } from './features/reviews/reviews.api.ts';
import { sessionLogPageFrom, sessionStatsQueries } from './features/sessions/session-stats.api.ts';
import { shopQueries } from './features/shops/shops.api.ts';
import { trickQueries } from './features/tricks/tricks.api.ts';
import { withPages, type NeededQuery, type RouteNeeds, type RouteNeedsArgs } from './lib/route-data.ts';

/**
 * What the pages of a signed-in person read (web/routes.tsx). A chunk of its own, loaded only once
 * someone is signed in: a visitor's first load carries none of these features' code.
 */

export type SignedInNeeds = (args: RouteNeedsArgs & { user: SessionUser }) => ReturnType<RouteNeeds>;

/** The header's bell and unread messages count, on every page. */
export const frameNeeds: SignedInNeeds = () => [notificationQueries.latest(), conversationQueries.unread()];

/** The home page's feed section. */
export const homeNeeds: SignedInNeeds = () => [feedQueries.all()];

/** The own profile: the profile, its public face (disciplines, teams), its sessions part, the activity tab and the people lists; the settings tab's preferences, push devices and calendar feed when the address opens it. */
export const ownProfileNeeds: SignedInNeeds = ({ user, search }) => [
  profileQueries.own(),
  ...(search.get('tab') === 'settings' ? [notificationQueries.preferences(), pushQueries.devices(), calendarQueries.feed()] : []),
  profileQueries.public(user.id),
  profileQueries.activity(user.id),
  profileQueries.people(user.id, 'followers'),
  profileQueries.people(user.id, 'following'),
  disciplineQueries.disciplines(),
  sessionStatsQueries.stats(user.id),
  sessionStatsQueries.log(user.id, sessionLogPageFrom(search)),
];

export const notificationsNeeds: SignedInNeeds = () => [notificationQueries.list()];

export const messagesNeeds: SignedInNeeds = ({ params: { conversationId: id } }) => [
  conversationQueries.list(),
  ...(id ? [conversationQueries.one(id), conversationQueries.messages(id)] : []),
];

/** The admin panel's tab (and sub-tab) of the address, as web/features/admin/admin-page.tsx picks it. */
export const adminNeeds: SignedInNeeds = ({ search }) => {
  const requested = search.get('tab');
  const tab = isOneOf(ADMIN_TABS, requested) ? requested : 'overview';
  const subtab = search.get('subtab');
  if (tab === 'overview') return [adminQueries.overview()];
  if (tab === 'users') return [adminUserQueries.list((search.get('q') ?? '').trim())];
  if (tab === 'approvals') return [adminQueries.approvals()];
  if (tab === 'jobs') return [adminJobsQueries.overview()];
  if (tab === 'moderation') return [withPages(adminModerationQueries.list(isOneOf(MODERATION_SUBTABS, subtab) ? subtab : MODERATION_SUBTABS[0]), search)];
  if (tab === 'content') return [disciplineQueries.disciplines(), adminContentQueries.list(isOneOf(CONTENT_SUBTABS, subtab) ? subtab : CONTENT_SUBTABS[0], '')];
  if (tab === 'disciplines')
    return [catalogueQueries.categories(), (isOneOf(DISCIPLINE_SUBTABS, subtab) ? subtab : 'disciplines') === 'disciplines' && catalogueQueries.disciplines()];
  return [];
};

/** An admin form (`/admin/new/:kind`, `/admin/edit/:kind/:id`): the item edited and the lists its fields offer. */
export const adminFormNeeds: SignedInNeeds = ({ params: { kind, id } }) => {
  if (kind === 'users') return [id ? adminUserQueries.detail(id) : null];
  if (kind === 'disciplines') return [catalogueQueries.categories(), id ? catalogueQueries.discipline(id) : null];
  if (kind === 'categories') return [id ? catalogueQueries.category(id) : null];
  // A team's form offers the disciplines and people to pick (the search box starts empty).
  if (kind === 'teams') {
    return [
      disciplineQueries.disciplines(),
      adminUserSearchQuery(''),
      // Kept until the page has rendered (the form's own query forgets it at once, to start from what is stored).
      id ? { ...adminContentQueries.team(id), gcTime: 60_000 } : null,
    ];
  }
  // The item a section's form edits is read by that section's own query.
  if (!isOneOf(CONTENT_SUBTABS, kind)) return [];
  return [disciplineQueries.disciplines(), id ? SECTION_ITEMS[kind as SectionKind](id) : null];
};

type SectionKind = Exclude<(typeof CONTENT_SUBTABS)[number], 'teams'>;

const SECTION_ITEMS: Record<SectionKind, (id: string) => NeededQuery> = {
  articles: articleQueries.detail,
  events: eventQueries.detail,
  places: placeQueries.detail,
  reviews: reviewQueries.detail,
  shops: shopQueries.detail,
  tricks: trickQueries.detail,
};
