import { lazy } from 'react';
import type { RouteObject } from 'react-router';
import { Layout } from './components/shell/layout.tsx';
import { RouteError } from './components/route-error.tsx';
import { authQueries } from './features/auth/auth.api.ts';
import { articleFiltersFrom, articleQueries } from './features/articles/articles.api.ts';
import { athleteFiltersFrom, athleteQueries } from './features/athletes/athletes.api.ts';
import { disciplineQueries } from './features/disciplines/disciplines.api.ts';
import { calendarMonth, eventFiltersFrom, eventQueries } from './features/events/events.api.ts';
import { homeQueries } from './features/home/home.api.ts';
import { HomePage } from './features/home/home-page.tsx';
import { placeFiltersFrom, placeQueries } from './features/places/places.api.ts';
import { reviewFiltersFrom, reviewQueries } from './features/reviews/reviews.api.ts';
import { settingsQueries } from './features/settings/settings.api.ts';
import { shopFiltersFrom, shopQueries } from './features/shops/shops.api.ts';
import { teamFiltersFrom, teamQueries } from './features/teams/teams.api.ts';
import { trickFiltersFrom, trickQueries } from './features/tricks/tricks.api.ts';
import { withCatalogue } from './i18n.ts';
import { withPages } from './lib/content-list.ts';
import { loaderOf, type RouteNeeds } from './lib/route-data.ts';

type PageModule = () => Promise<{ default: React.ComponentType }>;

// Each page but the home page is its own chunk, shown once the whole catalogue is there too. A
// lazy component rather than a lazy route: the browser hydrates a page the server rendered at once,
// keeping the page's own markup as it was until its chunk is in (and replaying a click made meanwhile).
// The route's loader fetches the page's data and its chunk together (web/lib/route-data.ts).
const page = (load: PageModule, needs?: RouteNeeds): Pick<RouteObject, 'Component' | 'loader'> => {
  const complete = withCatalogue(load);
  return { Component: lazy(complete), loader: loaderOf(needs, complete) };
};

/** Every page's frame: who is signed in, the site's settings, the categories of the menus. */
const frameNeeds: RouteNeeds = () => [authQueries.me(), settingsQueries.all(), disciplineQueries.categories()];

/**
 * The events page: its list, or (in the browser only: the month is the visitor's own, in their time
 * zone, which the server does not know and leaves to the browser) its calendar month.
 */
const eventsNeeds: RouteNeeds = ({ params, search }) => {
  const filters = eventFiltersFrom(search);
  const disciplineId = params.disciplineId!;
  if (filters.view === 'grid') return [disciplineQueries.hub(disciplineId), withPages(eventQueries.list(disciplineId, filters), search)];
  const { first, next } = calendarMonth(filters.month);
  return [disciplineQueries.hub(disciplineId), typeof window !== 'undefined' && eventQueries.calendar(disciplineId, { q: filters.q, type: filters.type, from: first.toISOString(), to: next.toISOString() })];
};

/** The pages and the data each reads; the server renders every one (web/entry-server.tsx), the browser takes over. */
export const routes: RouteObject[] = [
  {
    element: <Layout />,
    loader: loaderOf(frameNeeds),
    children: [
      {
        errorElement: <RouteError />,
        children: [
          { index: true, element: <HomePage />, loader: loaderOf(() => [homeQueries.stats()]) },
          { path: 'login', ...page(() => import('./features/auth/login-page.tsx')) },
          { path: 'register', ...page(() => import('./features/auth/register-page.tsx')) },
          { path: 'confirm-email', ...page(() => import('./features/auth/confirm-email-page.tsx')) },
          { path: 'forgot-password', ...page(() => import('./features/auth/forgot-password-page.tsx')) },
          { path: 'reset-password', ...page(() => import('./features/auth/reset-password-page.tsx')) },
          { path: 'profile', ...page(() => import('./features/profiles/own-profile-page.tsx')) },
          { path: 'profile/:userId', ...page(() => import('./features/profiles/public-profile-page.tsx')) },
          { path: 'category/:categoryId', ...page(() => import('./features/disciplines/category-page.tsx'), ({ params }) => [disciplineQueries.category(params.categoryId!)]) },
          { path: 'discipline/:disciplineId', ...page(() => import('./features/disciplines/discipline-page.tsx'), ({ params }) => [disciplineQueries.hub(params.disciplineId!)]) },
          { path: 'discipline/:disciplineId/teams', ...page(() => import('./features/teams/teams-page.tsx'), ({ params, search }) => [disciplineQueries.hub(params.disciplineId!), withPages(teamQueries.list(teamFiltersFrom(search, params.disciplineId)), search)]) },
          { path: 'discipline/:disciplineId/athletes', ...page(() => import('./features/athletes/athletes-page.tsx'), ({ params, search }) => [disciplineQueries.hub(params.disciplineId!), withPages(athleteQueries.list(params.disciplineId!, athleteFiltersFrom(search)), search)]) },
          { path: 'discipline/:disciplineId/places', ...page(() => import('./features/places/places-page.tsx'), ({ params, search }) => [disciplineQueries.hub(params.disciplineId!), withPages(placeQueries.list(params.disciplineId!, placeFiltersFrom(search)), search)]) },
          { path: 'discipline/:disciplineId/places/:placeId', ...page(() => import('./features/places/place-page.tsx')) },
          { path: 'discipline/:disciplineId/articles', ...page(() => import('./features/articles/articles-page.tsx'), ({ params, search }) => [disciplineQueries.hub(params.disciplineId!), withPages(articleQueries.list(params.disciplineId!, articleFiltersFrom(search)), search)]) },
          { path: 'discipline/:disciplineId/articles/:articleId', ...page(() => import('./features/articles/article-page.tsx')) },
          { path: 'discipline/:disciplineId/shops', ...page(() => import('./features/shops/shops-page.tsx'), ({ params, search }) => [disciplineQueries.hub(params.disciplineId!), withPages(shopQueries.list(params.disciplineId!, shopFiltersFrom(search)), search)]) },
          { path: 'discipline/:disciplineId/shops/:shopId', ...page(() => import('./features/shops/shop-page.tsx')) },
          { path: 'discipline/:disciplineId/tricktionary', ...page(() => import('./features/tricks/tricks-page.tsx'), ({ params, search }) => [disciplineQueries.hub(params.disciplineId!), withPages(trickQueries.list(params.disciplineId!, trickFiltersFrom(search)), search)]) },
          { path: 'discipline/:disciplineId/tricktionary/:trickId', ...page(() => import('./features/tricks/trick-page.tsx')) },
          { path: 'discipline/:disciplineId/reviews', ...page(() => import('./features/reviews/reviews-page.tsx'), ({ params, search }) => [disciplineQueries.hub(params.disciplineId!), withPages(reviewQueries.list(params.disciplineId!, reviewFiltersFrom(search)), search)]) },
          { path: 'discipline/:disciplineId/reviews/:reviewId', ...page(() => import('./features/reviews/review-page.tsx')) },
          { path: 'discipline/:disciplineId/events', ...page(() => import('./features/events/events-page.tsx'), eventsNeeds) },
          { path: 'discipline/:disciplineId/events/:eventId', ...page(() => import('./features/events/event-page.tsx')) },
          { path: 'teams', ...page(() => import('./features/teams/teams-page.tsx'), ({ search }) => [withPages(teamQueries.list(teamFiltersFrom(search)), search)]) },
          { path: 'team/:teamId', ...page(() => import('./features/teams/team-page.tsx')) },
          { path: 'contact', ...page(() => import('./features/contact/contact-page.tsx')) },
          { path: 'privacy', ...page(() => import('./features/legal/privacy-page.tsx')) },
          { path: 'terms', ...page(() => import('./features/legal/terms-page.tsx')) },
          { path: 'admin', ...page(() => import('./features/admin/admin-page.tsx')) },
          { path: 'admin/new/:kind', ...page(() => import('./features/admin/admin-form-page.tsx')) },
          { path: 'admin/edit/:kind/:id', ...page(() => import('./features/admin/admin-form-page.tsx')) },
          { path: 'notifications', ...page(() => import('./features/notifications/notifications-page.tsx')) },
          { path: 'messages', ...page(() => import('./features/messages/messages-page.tsx')) },
          { path: 'messages/:conversationId', ...page(() => import('./features/messages/messages-page.tsx')) },
          { path: 'setup-admin', ...page(() => import('./features/admin/setup-admin-page.tsx')) },
          { path: '*', ...page(() => import('./components/not-found-page.tsx')) },
        ],
      },
    ],
  },
];
