import { lazy } from 'react';
import { redirect, type RouteObject } from 'react-router';
import type { ContentType } from '../common/content-basics.ts';
import type { LoginNotice } from '../common/forms.ts';
import { Layout } from './components/shell/layout.tsx';
import type { ShellParts } from './components/shell/shell-parts.ts';
import { RouteError } from './components/route-error.tsx';
import { authQueries } from './lib/session.ts';
import { disciplineQueries } from './lib/disciplines.ts';
import { homeQueries } from './features/home/home.api.ts';
import { HomePage } from './features/home/home-page.tsx';
import { settingsQueries } from './lib/site-settings.ts';
import { withCatalogue } from './i18n.ts';
import { loadOnce } from './lib/lazy-named.ts';
import { ensureQuery, loaderOf, PageStatus, withPages, type NeededQuery, type RouteNeeds, type RouteNeedsArgs } from './lib/route-data.ts';
import type { SignedInNeeds } from './signed-in-needs.ts';

// The query factories of the pages' features come with the pages, not with the app's first load
// (its size has a budget): a loader asks for its feature's `*.api.ts` (a small chunk, cached after
// the first time) at the same time as the page's own chunk, then for the data.
const articles = loadOnce(() => import('./features/articles/articles.api.ts'));
const athletes = loadOnce(() => import('./features/athletes/athletes.api.ts'));
const events = loadOnce(() => import('./features/events/events.api.ts'));
const places = loadOnce(() => import('./features/places/places.api.ts'));
const placeAccess = loadOnce(() => import('./features/places/place-access.api.ts'));
const profiles = loadOnce(() => import('./features/profiles/profiles.api.ts'));
const reactions = loadOnce(() => import('./features/reactions/reactions.api.ts'));
const sessionStats = loadOnce(() => import('./features/sessions/session-stats.api.ts'));
const reviews = loadOnce(() => import('./features/reviews/reviews.api.ts'));
const sessions = loadOnce(() => import('./features/sessions/sessions.api.ts'));
const shops = loadOnce(() => import('./features/shops/shops.api.ts'));
const teams = loadOnce(() => import('./features/teams/teams.api.ts'));
const tricks = loadOnce(() => import('./features/tricks/tricks.api.ts'));

// Every page's module by its path, which is also its name in the build's manifest: the server names
// a page's chunks to the browser with the entry's (route `handle.module`, server/lib/build-manifest.ts).
// (The home page is in the entry, and the legal pages' frame in theirs: made lazy too, each would be
// a chunk of its own, the home page's in every first load.)
const pageModules = import.meta.glob<{ default: React.ComponentType }>([
  './features/*/*-page.tsx',
  '!./features/home/home-page.tsx',
  '!./features/legal/legal-page.tsx',
  './components/not-found-page.tsx',
]);

/** What the server reads of a matched route: the page module it shows, if it has one of its own. */
export type PageHandle = { module: string };

// Each page but the home page is its own chunk, shown once the whole catalogue is there too. A
// lazy component rather than a lazy route: the browser hydrates a page the server rendered at once,
// keeping the page's own markup as it was until its chunk is in (and replaying a click made meanwhile).
// The route's loader fetches the page's data and its chunk together (web/lib/route-data.ts).
const pageLoads: (() => Promise<unknown>)[] = [];
const page = (module: string, needs?: RouteNeeds): Pick<RouteObject, 'Component' | 'loader' | 'handle'> => {
  const load = pageModules[`./${module}`];
  if (!load) throw new Error(`No page module ${module}`);
  const once = loadOnce(load);
  pageLoads.push(once);
  const complete = withCatalogue(once);
  return { Component: lazy(withStrings(once, complete)), loader: loaderOf(needs, complete), handle: { module } satisfies PageHandle };
};

// A page the server rendered comes with the strings its texts use (its state's `strings`, handed to
// i18n by web/main.tsx): hydrating it, and the frame's parts drawn with it, needs no more, and the
// rest of the language's strings come when the browser is idle, off the first load (issue 38). A
// page reached later waits for them in its loader, as before.
let stringsHandedOver = false;
/** The page being hydrated came with its strings. */
export const handOverStrings = () => void (stringsHandedOver = true);
const withStrings =
  <T,>(load: () => Promise<T>, complete = withCatalogue(load)) =>
  () =>
    stringsHandedOver ? load() : complete();

/** Loads every page's code (the server, at start-up: a page's first render then need not wait for it). */
export const loadEveryPage = () => Promise.allSettled(pageLoads.map((load) => load()));

/** Who is signed in (null for a visitor), read once per render and shared by every loader of it. */
const signedInUser = async ({ client }: RouteNeedsArgs) => (await client.ensureQueryData(authQueries.me()).catch(() => ({ user: null }))).user;

// The signed-in pages' needs are their own chunk: a visitor's first load does without them.
type SignedInModule = typeof import('./signed-in-needs.ts');
const signedInNeeds = loadOnce(() => import('./signed-in-needs.ts'));

/** For a signed-in person only, the needs `pick` names; nothing for a visitor. */
const whenSignedIn =
  (pick: (m: SignedInModule) => SignedInNeeds): RouteNeeds =>
  async (args) => {
    const user = await signedInUser(args);
    return user ? pick(await signedInNeeds())({ ...args, user }) : [];
  };

/**
 * A page only for signed-in people: a visitor is sent to log in and come back, the login page saying
 * why in the page's own words (`notice`). An admin page is refused before anything of it is read:
 * to a visitor and a member alike it says 'Access Denied' with a 403.
 */
const signedIn =
  (pick?: (m: SignedInModule) => SignedInNeeds, { admin = false, notice }: { admin?: boolean; notice?: LoginNotice } = {}): RouteNeeds =>
  async (args) => {
    const user = await signedInUser(args);
    if (admin && user?.role !== 'admin') throw new PageStatus(403);
    if (!user) throw redirect(`/login?next=${encodeURIComponent(`${args.url.pathname}${args.url.search}`)}${notice ? `&notice=${notice}` : ''}`);
    return pick ? pick(await signedInNeeds())({ ...args, user }) : [];
  };

/** Both sets of needs; the first's are read at once, while the second waits to know who is signed in. */
const both =
  (first: RouteNeeds, second: RouteNeeds): RouteNeeds =>
  async (args) => {
    const now = await first(args);
    for (const query of now) if (query) void ensureQuery(args.client, query);
    return [...now, ...(await second(args))];
  };

/** A section's list page: its discipline, and the list for the filters (and `?page=N`) in the address. */
const sectionList =
  <M,>(feature: () => Promise<M>, list: (m: M, disciplineId: string, search: URLSearchParams) => NeededQuery): RouteNeeds =>
  async ({ params, search }) => [disciplineQueries.hub(params.disciplineId!), withPages(list(await feature(), params.disciplineId!, search), search)];

/** A section's item page: its discipline, the item and its comments. */
const sectionItem =
  <M,>(feature: () => Promise<M>, type: ContentType, param: string, detail: (m: M, id: string) => NeededQuery | NeededQuery[]): RouteNeeds =>
  async ({ params }) => {
    const [m, { reactionQueries }] = await Promise.all([feature(), reactions()]);
    return [disciplineQueries.hub(params.disciplineId!), detail(m, params[param]!), reactionQueries.comments(type, params[param]!)].flat();
  };

/**
 * Every page's frame: who is signed in, the site's settings, the categories of the menus; for a
 * signed-in person also the header's bell and unread messages count.
 */
const frameNeeds: RouteNeeds = both(
  () => [authQueries.me(), settingsQueries.all(), disciplineQueries.categories()],
  whenSignedIn((m) => m.frameNeeds),
);

/** The home page: its stats for everyone, and the feed for a signed-in person. */
const homeNeeds: RouteNeeds = both(
  () => [homeQueries.stats()],
  whenSignedIn((m) => m.homeNeeds),
);

/**
 * The events page: its list, or (in the browser only: the month is the visitor's own, in their time
 * zone, which the server does not know and leaves to the browser) its calendar month.
 */
const eventsNeeds: RouteNeeds = async ({ params, search }) => {
  const { calendarMonth, eventFiltersFrom, eventQueries } = await events();
  const filters = eventFiltersFrom(search);
  const disciplineId = params.disciplineId!;
  if (filters.view === 'grid') return [disciplineQueries.hub(disciplineId), withPages(eventQueries.list(disciplineId, filters), search)];
  const { first, next } = calendarMonth(filters.month);
  return [
    disciplineQueries.hub(disciplineId),
    typeof window !== 'undefined' &&
      eventQueries.calendar(disciplineId, { q: filters.q, type: filters.type, from: first.toISOString(), to: next.toISOString() }),
  ];
};

/** The frame's pieces that belong to features; lazy: visitors never download them (messages, the bell, sign-out). */
/** A place's access and sessions; for a rider signed in, also the session form's tricks and people they follow. */
const placeNeeds: RouteNeeds = async (args) => {
  const [{ placeAccessQueries }, { sessionQueries }, { eventQueries }, user] = await Promise.all([placeAccess(), sessions(), events(), signedInUser(args)]);
  const { disciplineId, placeId } = args.params as { disciplineId: string; placeId: string };
  const form = user ? [sessionQueries.trickChoices(disciplineId), sessionQueries.following(user.id)] : [];
  return [placeAccessQueries.detail(placeId), sessionQueries.place(placeId), eventQueries.atPlace(placeId), ...form];
};

const shellParts: ShellParts = {
  SignedInLinks: lazy(withStrings(() => import('./signed-in-links.tsx'))),
  NotificationBell: lazy(withStrings(() => import('./features/notifications/notification-bell.tsx').then((m) => ({ default: m.NotificationBell })))),
};

/** The pages and the data each reads; the server renders every one (web/entry-server.tsx), the browser takes over. */
export const routes: RouteObject[] = [
  {
    element: <Layout parts={shellParts} />,
    loader: loaderOf(frameNeeds),
    // The frame itself failing (offline, a part of the header whose code was never fetched): the
    // same message as a page's, without the frame.
    errorElement: <RouteError />,
    children: [
      {
        errorElement: <RouteError />,
        children: [
          { index: true, element: <HomePage />, loader: loaderOf(homeNeeds) },
          { path: 'login', ...page('features/auth/login-page.tsx') },
          { path: 'register', ...page('features/auth/register-page.tsx') },
          { path: 'confirm-email', ...page('features/auth/confirm-email-page.tsx') },
          { path: 'forgot-password', ...page('features/auth/forgot-password-page.tsx') },
          { path: 'reset-password', ...page('features/auth/reset-password-page.tsx') },
          {
            path: 'profile',
            ...page(
              'features/profiles/own-profile-page.tsx',
              signedIn((m) => m.ownProfileNeeds, { notice: 'profile' }),
            ),
          },
          {
            path: 'profile/:userId',
            ...page('features/profiles/public-profile-page.tsx', async ({ params, search }) => {
              const [{ profileQueries }, { trickQueries }, { sessionLogPageFrom, sessionStatsQueries }] = await Promise.all([
                profiles(),
                tricks(),
                sessionStats(),
              ]);
              const id = params.userId!;
              return [
                profileQueries.public(id),
                profileQueries.activity(id),
                trickQueries.progression(id),
                disciplineQueries.disciplines(),
                sessionStatsQueries.stats(id),
                sessionStatsQueries.log(id, sessionLogPageFrom(search)),
              ];
            }),
          },
          { path: 'category/:categoryId', ...page('features/disciplines/category-page.tsx', ({ params }) => [disciplineQueries.category(params.categoryId!)]) },
          {
            path: 'discipline/:disciplineId',
            ...page('features/disciplines/discipline-page.tsx', ({ params }) => [disciplineQueries.hub(params.disciplineId!)]),
          },
          {
            path: 'discipline/:disciplineId/teams',
            ...page(
              'features/teams/teams-page.tsx',
              sectionList(teams, (m, id, search) => m.teamQueries.list(m.teamFiltersFrom(search, id))),
            ),
          },
          {
            path: 'discipline/:disciplineId/athletes',
            ...page(
              'features/athletes/athletes-page.tsx',
              sectionList(athletes, (m, id, search) => m.athleteQueries.list(id, m.athleteFiltersFrom(search))),
            ),
          },
          {
            path: 'discipline/:disciplineId/places',
            ...page(
              'features/places/places-page.tsx',
              sectionList(places, (m, id, search) => m.placeQueries.list(id, m.placeFiltersFrom(search))),
            ),
          },
          {
            path: 'discipline/:disciplineId/places/:placeId',
            ...page(
              'features/places/place-page.tsx',
              both(
                sectionItem(places, 'place', 'placeId', (m, id) => [m.placeQueries.detail(id), m.placeQueries.nearby(id), m.conditionQueries.place(id)]),
                placeNeeds,
              ),
            ),
          },
          {
            path: 'discipline/:disciplineId/articles',
            ...page(
              'features/articles/articles-page.tsx',
              sectionList(articles, (m, id, search) => m.articleQueries.list(id, m.articleFiltersFrom(search))),
            ),
          },
          {
            path: 'discipline/:disciplineId/articles/:articleId',
            ...page(
              'features/articles/article-page.tsx',
              sectionItem(articles, 'article', 'articleId', (m, id) => m.articleQueries.detail(id)),
            ),
          },
          {
            path: 'discipline/:disciplineId/shops',
            ...page(
              'features/shops/shops-page.tsx',
              sectionList(shops, (m, id, search) => m.shopQueries.list(id, m.shopFiltersFrom(search))),
            ),
          },
          {
            path: 'discipline/:disciplineId/shops/:shopId',
            ...page(
              'features/shops/shop-page.tsx',
              sectionItem(shops, 'shop', 'shopId', (m, id) => m.shopQueries.detail(id)),
            ),
          },
          {
            path: 'discipline/:disciplineId/tricktionary',
            ...page(
              'features/tricks/tricks-page.tsx',
              sectionList(tricks, (m, id, search) => m.trickQueries.list(id, m.trickFiltersFrom(search))),
            ),
          },
          {
            path: 'discipline/:disciplineId/tricktionary/:trickId',
            ...page(
              'features/tricks/trick-page.tsx',
              sectionItem(tricks, 'trick', 'trickId', (m, id) => m.trickQueries.detail(id)),
            ),
          },
          {
            path: 'discipline/:disciplineId/reviews',
            ...page(
              'features/reviews/reviews-page.tsx',
              sectionList(reviews, (m, id, search) => m.reviewQueries.list(id, m.reviewFiltersFrom(search))),
            ),
          },
          {
            path: 'discipline/:disciplineId/reviews/:reviewId',
            ...page(
              'features/reviews/review-page.tsx',
              sectionItem(reviews, 'review', 'reviewId', (m, id) => m.reviewQueries.detail(id)),
            ),
          },
          { path: 'discipline/:disciplineId/events', ...page('features/events/events-page.tsx', eventsNeeds) },
          {
            path: 'discipline/:disciplineId/events/:eventId',
            // The attendees are asked for with the event (an empty list when nobody goes yet) rather than after it.
            ...page('features/events/event-page.tsx', async ({ params, search }) => {
              const [{ eventQueries }, { reactionQueries }] = await Promise.all([events(), reactions()]);
              const reads = [eventQueries.detail(params.eventId!), eventQueries.attendees(params.eventId!), reactionQueries.comments('event', params.eventId!)];
              // Its edit form on the page (`?edit=1`, issue 38) offers the discipline's places.
              return search.get('edit') === '1' ? [...reads, eventQueries.placeChoices(params.disciplineId!, '')] : reads;
            }),
          },
          {
            path: 'teams',
            ...page('features/teams/teams-page.tsx', async ({ search }) => {
              const { teamFiltersFrom, teamQueries } = await teams();
              return [withPages(teamQueries.list(teamFiltersFrom(search)), search)];
            }),
          },
          {
            path: 'team/:teamId',
            // Its leader (or an admin) sees Manage Team with the join requests and invitations: known once the team is read.
            // Its tab is the address's (?manage=details): the details' form offers the disciplines.
            ...page('features/teams/team-page.tsx', async ({ params, search, client }) => {
              const { teamQueries } = await teams();
              const team = await client.ensureQueryData(teamQueries.detail(params.teamId!)).catch(() => undefined);
              const manage = team?.canManage;
              return [
                teamQueries.detail(params.teamId!),
                manage && teamQueries.joinRequests(team.id),
                manage && teamQueries.invitations(team.id),
                manage && search.get('manage') === 'details' && disciplineQueries.disciplines(),
              ];
            }),
          },
          { path: 'contact', ...page('features/contact/contact-page.tsx') },
          { path: 'privacy', ...page('features/legal/privacy-page.tsx') },
          { path: 'terms', ...page('features/legal/terms-page.tsx') },
          {
            path: 'admin',
            ...page(
              'features/admin/admin-page.tsx',
              signedIn((m) => m.adminNeeds, { admin: true }),
            ),
          },
          {
            path: 'admin/new/:kind',
            ...page(
              'features/admin/admin-form-page.tsx',
              signedIn((m) => m.adminFormNeeds, { admin: true }),
            ),
          },
          {
            path: 'admin/edit/:kind/:id',
            ...page(
              'features/admin/admin-form-page.tsx',
              signedIn((m) => m.adminFormNeeds, { admin: true }),
            ),
          },
          {
            path: 'notifications',
            ...page(
              'features/notifications/notifications-page.tsx',
              signedIn((m) => m.notificationsNeeds, { notice: 'notifications' }),
            ),
          },
          {
            path: 'messages',
            ...page(
              'features/messages/messages-page.tsx',
              signedIn((m) => m.messagesNeeds, { notice: 'messages' }),
            ),
          },
          {
            path: 'messages/:conversationId',
            ...page(
              'features/messages/messages-page.tsx',
              signedIn((m) => m.messagesNeeds, { notice: 'messages' }),
            ),
          },
          { path: 'setup-admin', ...page('features/admin/setup-admin-page.tsx') },
          { path: '*', ...page('components/not-found-page.tsx') },
        ],
      },
    ],
  },
];
