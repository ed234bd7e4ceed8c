import { lazy } from 'react';
import { redirect, type RouteObject } from 'react-router';
import { Layout } from './components/shell/layout.tsx';
import { RouteError } from './components/route-error.tsx';
import { authQueries } from './features/auth/auth.api.ts';
import { disciplineQueries } from './features/disciplines/disciplines.api.ts';
import { homeQueries } from './features/home/home.api.ts';
import { HomePage } from './features/home/home-page.tsx';
import { settingsQueries } from './features/settings/settings.api.ts';
import { withCatalogue } from './i18n.ts';
import { ensureQuery, loaderOf, type RouteNeeds, type RouteNeedsArgs } from './lib/route-data.ts';
import type { SignedInNeeds } from './signed-in-needs.ts';

type PageModule = () => Promise<{ default: React.ComponentType }>;

// Each page but the home page is its own chunk, shown once the whole catalogue is there too. A
// lazy component rather than a lazy route: the browser hydrates a page the server rendered at once,
// keeping the page's own markup as it was until its chunk is in (and replaying a click made meanwhile).
// The route's loader fetches the page's data and its chunk together (web/lib/route-data.ts).
const page = (load: PageModule, needs?: RouteNeeds): Pick<RouteObject, 'Component' | 'loader'> => {
  const complete = withCatalogue(load);
  return { Component: lazy(complete), loader: loaderOf(needs, complete) };
};

/** Who is signed in (null for a visitor), read once per render and shared by every loader of it. */
const signedInUser = async ({ client }: RouteNeedsArgs) => (await client.ensureQueryData(authQueries.me()).catch(() => ({ user: null }))).user;

// The signed-in pages' needs are their own chunk: a visitor's first load does without them.
type SignedInModule = typeof import('./signed-in-needs.ts');
const signedInNeeds = () => import('./signed-in-needs.ts');

/** For a signed-in person only, the needs `pick` names; nothing for a visitor. */
const whenSignedIn =
  (pick: (m: SignedInModule) => SignedInNeeds): RouteNeeds =>
  async (args) => {
    const user = await signedInUser(args);
    return user ? pick(await signedInNeeds())({ ...args, user }) : [];
  };

/**
 * A page only for signed-in people (or only admins): a visitor is sent to log in and come back, a
 * member to an admin page home, before anything of the page is read.
 */
const signedIn =
  (pick?: (m: SignedInModule) => SignedInNeeds, { admin = false } = {}): RouteNeeds =>
  async (args) => {
    const user = await signedInUser(args);
    if (!user) throw redirect(`/login?next=${encodeURIComponent(`${args.url.pathname}${args.url.search}`)}`);
    if (admin && user.role !== 'admin') throw redirect('/');
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

/**
 * Every page's frame: who is signed in, the site's settings, the categories of the menus; for a
 * signed-in person also the header's bell and unread messages count.
 */
const frameNeeds: RouteNeeds = both(() => [authQueries.me(), settingsQueries.all(), disciplineQueries.categories()], whenSignedIn((m) => m.frameNeeds));

/** The home page: its stats for everyone, and the feed for a signed-in person. */
const homeNeeds: RouteNeeds = both(() => [homeQueries.stats()], whenSignedIn((m) => m.homeNeeds));

/** The pages and the data each reads; the server renders every one (web/entry-server.tsx), the browser takes over. */
export const routes: RouteObject[] = [
  {
    element: <Layout />,
    loader: loaderOf(frameNeeds),
    children: [
      {
        errorElement: <RouteError />,
        children: [
          { index: true, element: <HomePage />, loader: loaderOf(homeNeeds) },
          { path: 'login', ...page(() => import('./features/auth/login-page.tsx')) },
          { path: 'register', ...page(() => import('./features/auth/register-page.tsx')) },
          { path: 'confirm-email', ...page(() => import('./features/auth/confirm-email-page.tsx')) },
          { path: 'forgot-password', ...page(() => import('./features/auth/forgot-password-page.tsx')) },
          { path: 'reset-password', ...page(() => import('./features/auth/reset-password-page.tsx')) },
          { path: 'profile', ...page(() => import('./features/profiles/own-profile-page.tsx'), signedIn((m) => m.ownProfileNeeds)) },
          { path: 'profile/:userId', ...page(() => import('./features/profiles/public-profile-page.tsx')) },
          { path: 'category/:categoryId', ...page(() => import('./features/disciplines/category-page.tsx'), ({ params }) => [disciplineQueries.category(params.categoryId!)]) },
          { path: 'discipline/:disciplineId', ...page(() => import('./features/disciplines/discipline-page.tsx'), ({ params }) => [disciplineQueries.hub(params.disciplineId!)]) },
          { path: 'discipline/:disciplineId/teams', ...page(() => import('./features/teams/teams-page.tsx')) },
          { path: 'discipline/:disciplineId/athletes', ...page(() => import('./features/athletes/athletes-page.tsx')) },
          { path: 'discipline/:disciplineId/places', ...page(() => import('./features/places/places-page.tsx')) },
          { path: 'discipline/:disciplineId/places/:placeId', ...page(() => import('./features/places/place-page.tsx')) },
          { path: 'discipline/:disciplineId/articles', ...page(() => import('./features/articles/articles-page.tsx')) },
          { path: 'discipline/:disciplineId/articles/:articleId', ...page(() => import('./features/articles/article-page.tsx')) },
          { path: 'discipline/:disciplineId/shops', ...page(() => import('./features/shops/shops-page.tsx')) },
          { path: 'discipline/:disciplineId/shops/:shopId', ...page(() => import('./features/shops/shop-page.tsx')) },
          { path: 'discipline/:disciplineId/tricktionary', ...page(() => import('./features/tricks/tricks-page.tsx')) },
          { path: 'discipline/:disciplineId/tricktionary/:trickId', ...page(() => import('./features/tricks/trick-page.tsx')) },
          { path: 'discipline/:disciplineId/reviews', ...page(() => import('./features/reviews/reviews-page.tsx')) },
          { path: 'discipline/:disciplineId/reviews/:reviewId', ...page(() => import('./features/reviews/review-page.tsx')) },
          { path: 'discipline/:disciplineId/events', ...page(() => import('./features/events/events-page.tsx')) },
          { path: 'discipline/:disciplineId/events/:eventId', ...page(() => import('./features/events/event-page.tsx')) },
          { path: 'teams', ...page(() => import('./features/teams/teams-page.tsx')) },
          { path: 'team/:teamId', ...page(() => import('./features/teams/team-page.tsx')) },
          { path: 'contact', ...page(() => import('./features/contact/contact-page.tsx')) },
          { path: 'privacy', ...page(() => import('./features/legal/privacy-page.tsx')) },
          { path: 'terms', ...page(() => import('./features/legal/terms-page.tsx')) },
          { path: 'admin', ...page(() => import('./features/admin/admin-page.tsx'), signedIn((m) => m.adminNeeds, { admin: true })) },
          { path: 'admin/new/:kind', ...page(() => import('./features/admin/admin-form-page.tsx'), signedIn((m) => m.adminFormNeeds, { admin: true })) },
          { path: 'admin/edit/:kind/:id', ...page(() => import('./features/admin/admin-form-page.tsx'), signedIn((m) => m.adminFormNeeds, { admin: true })) },
          { path: 'notifications', ...page(() => import('./features/notifications/notifications-page.tsx'), signedIn((m) => m.notificationsNeeds)) },
          { path: 'messages', ...page(() => import('./features/messages/messages-page.tsx'), signedIn((m) => m.messagesNeeds)) },
          { path: 'messages/:conversationId', ...page(() => import('./features/messages/messages-page.tsx'), signedIn((m) => m.messagesNeeds)) },
          { path: 'setup-admin', ...page(() => import('./features/admin/setup-admin-page.tsx')) },
          { path: '*', ...page(() => import('./components/not-found-page.tsx')) },
        ],
      },
    ],
  },
];
