import { lazy } from 'react';
import type { RouteObject } from 'react-router';
import { Layout } from './components/shell/layout.tsx';
import { RouteError } from './components/route-error.tsx';
import { authQueries } from './features/auth/auth.api.ts';
import { disciplineQueries } from './features/disciplines/disciplines.api.ts';
import { articleQueries } from './features/articles/articles.api.ts';
import { eventQueries } from './features/events/events.api.ts';
import { homeQueries } from './features/home/home.api.ts';
import { HomePage } from './features/home/home-page.tsx';
import { placeQueries } from './features/places/places.api.ts';
import { profileQueries } from './features/profiles/profiles.api.ts';
import { reactionQueries } from './features/reactions/reactions.api.ts';
import { reviewQueries } from './features/reviews/reviews.api.ts';
import { shopQueries } from './features/shops/shops.api.ts';
import { teamQueries } from './features/teams/teams.api.ts';
import { trickQueries } from './features/tricks/tricks.api.ts';
import { settingsQueries } from './features/settings/settings.api.ts';
import { withCatalogue } from './i18n.ts';
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
          { path: 'profile/:userId', ...page(() => import('./features/profiles/public-profile-page.tsx'), ({ params }) => [profileQueries.public(params.userId!), profileQueries.activity(params.userId!), trickQueries.progression(params.userId!)]) },
          { path: 'category/:categoryId', ...page(() => import('./features/disciplines/category-page.tsx'), ({ params }) => [disciplineQueries.category(params.categoryId!)]) },
          { path: 'discipline/:disciplineId', ...page(() => import('./features/disciplines/discipline-page.tsx'), ({ params }) => [disciplineQueries.hub(params.disciplineId!)]) },
          { path: 'discipline/:disciplineId/teams', ...page(() => import('./features/teams/teams-page.tsx')) },
          { path: 'discipline/:disciplineId/athletes', ...page(() => import('./features/athletes/athletes-page.tsx')) },
          { path: 'discipline/:disciplineId/places', ...page(() => import('./features/places/places-page.tsx')) },
          { path: 'discipline/:disciplineId/places/:placeId', ...page(() => import('./features/places/place-page.tsx'), ({ params }) => [placeQueries.detail(params.placeId!), reactionQueries.comments('place', params.placeId!)]) },
          { path: 'discipline/:disciplineId/articles', ...page(() => import('./features/articles/articles-page.tsx')) },
          { path: 'discipline/:disciplineId/articles/:articleId', ...page(() => import('./features/articles/article-page.tsx'), ({ params }) => [articleQueries.detail(params.articleId!), reactionQueries.comments('article', params.articleId!)]) },
          { path: 'discipline/:disciplineId/shops', ...page(() => import('./features/shops/shops-page.tsx')) },
          { path: 'discipline/:disciplineId/shops/:shopId', ...page(() => import('./features/shops/shop-page.tsx'), ({ params }) => [disciplineQueries.hub(params.disciplineId!), shopQueries.detail(params.shopId!), reactionQueries.comments('shop', params.shopId!)]) },
          { path: 'discipline/:disciplineId/tricktionary', ...page(() => import('./features/tricks/tricks-page.tsx')) },
          { path: 'discipline/:disciplineId/tricktionary/:trickId', ...page(() => import('./features/tricks/trick-page.tsx'), ({ params }) => [disciplineQueries.hub(params.disciplineId!), trickQueries.detail(params.trickId!), reactionQueries.comments('trick', params.trickId!)]) },
          { path: 'discipline/:disciplineId/reviews', ...page(() => import('./features/reviews/reviews-page.tsx')) },
          { path: 'discipline/:disciplineId/reviews/:reviewId', ...page(() => import('./features/reviews/review-page.tsx'), ({ params }) => [disciplineQueries.hub(params.disciplineId!), reviewQueries.detail(params.reviewId!), reactionQueries.comments('review', params.reviewId!)]) },
          { path: 'discipline/:disciplineId/events', ...page(() => import('./features/events/events-page.tsx')) },
          // The attendees are asked for with the event (an empty list when nobody goes yet) rather than after it.
          { path: 'discipline/:disciplineId/events/:eventId', ...page(() => import('./features/events/event-page.tsx'), ({ params }) => [eventQueries.detail(params.eventId!), eventQueries.attendees(params.eventId!), reactionQueries.comments('event', params.eventId!)]) },
          { path: 'teams', ...page(() => import('./features/teams/teams-page.tsx')) },
          {
            path: 'team/:teamId',
            // Its leader (or an admin) sees Manage Team with the join requests and invitations: known once the team is read.
            ...page(() => import('./features/teams/team-page.tsx'), async ({ params, client }) => {
              const team = await client.ensureQueryData(teamQueries.detail(params.teamId!)).catch(() => undefined);
              return [teamQueries.detail(params.teamId!), team?.canManage && teamQueries.joinRequests(team.id), team?.canManage && teamQueries.invitations(team.id)];
            }),
          },
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
