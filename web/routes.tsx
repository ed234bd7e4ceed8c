import { lazy } from 'react';
import type { RouteObject } from 'react-router';
import { Layout } from './components/shell/layout.tsx';
import { RouteError } from './components/route-error.tsx';
import { HomePage } from './features/home/home-page.tsx';
import { withCatalogue } from './i18n.ts';

// Each page but the home page is its own chunk, shown once the whole catalogue is there too. A
// lazy component rather than a lazy route: the browser hydrates a page the server rendered at once,
// keeping the page's own markup as it was until its chunk is in (and replaying a click made meanwhile).
const page = (load: () => Promise<{ default: React.ComponentType }>): Pick<RouteObject, 'Component'> => ({
  Component: lazy(withCatalogue(load)),
});

/** Pages anyone may see: the server renders them for visitors, so they show before any script runs. */
export const SERVER_RENDERED = { serverRendered: true } as const;
const publicPage = (load: () => Promise<{ default: React.ComponentType }>): Pick<RouteObject, 'Component' | 'handle'> => ({
  ...page(load),
  handle: SERVER_RENDERED,
});

/** The pages; the server renders the public ones for visitors (web/entry-server.tsx), the browser takes over. */
export const routes: RouteObject[] = [
  {
    element: <Layout />,
    children: [
      {
        errorElement: <RouteError />,
        children: [
          { index: true, element: <HomePage />, handle: SERVER_RENDERED },
          { path: 'login', ...page(() => import('./features/auth/login-page.tsx')) },
          { path: 'register', ...page(() => import('./features/auth/register-page.tsx')) },
          { path: 'confirm-email', ...page(() => import('./features/auth/confirm-email-page.tsx')) },
          { path: 'forgot-password', ...page(() => import('./features/auth/forgot-password-page.tsx')) },
          { path: 'reset-password', ...page(() => import('./features/auth/reset-password-page.tsx')) },
          { path: 'profile', ...page(() => import('./features/profiles/own-profile-page.tsx')) },
          { path: 'profile/:userId', ...publicPage(() => import('./features/profiles/public-profile-page.tsx')) },
          { path: 'category/:categoryId', ...publicPage(() => import('./features/disciplines/category-page.tsx')) },
          { path: 'discipline/:disciplineId', ...publicPage(() => import('./features/disciplines/discipline-page.tsx')) },
          { path: 'discipline/:disciplineId/teams', ...publicPage(() => import('./features/teams/teams-page.tsx')) },
          { path: 'discipline/:disciplineId/athletes', ...publicPage(() => import('./features/athletes/athletes-page.tsx')) },
          { path: 'discipline/:disciplineId/places', ...publicPage(() => import('./features/places/places-page.tsx')) },
          { path: 'discipline/:disciplineId/places/:placeId', ...publicPage(() => import('./features/places/place-page.tsx')) },
          { path: 'discipline/:disciplineId/articles', ...publicPage(() => import('./features/articles/articles-page.tsx')) },
          { path: 'discipline/:disciplineId/articles/:articleId', ...publicPage(() => import('./features/articles/article-page.tsx')) },
          { path: 'discipline/:disciplineId/shops', ...publicPage(() => import('./features/shops/shops-page.tsx')) },
          { path: 'discipline/:disciplineId/shops/:shopId', ...publicPage(() => import('./features/shops/shop-page.tsx')) },
          { path: 'discipline/:disciplineId/tricktionary', ...publicPage(() => import('./features/tricks/tricks-page.tsx')) },
          { path: 'discipline/:disciplineId/tricktionary/:trickId', ...publicPage(() => import('./features/tricks/trick-page.tsx')) },
          { path: 'discipline/:disciplineId/reviews', ...publicPage(() => import('./features/reviews/reviews-page.tsx')) },
          { path: 'discipline/:disciplineId/reviews/:reviewId', ...publicPage(() => import('./features/reviews/review-page.tsx')) },
          { path: 'discipline/:disciplineId/events', ...publicPage(() => import('./features/events/events-page.tsx')) },
          { path: 'discipline/:disciplineId/events/:eventId', ...publicPage(() => import('./features/events/event-page.tsx')) },
          { path: 'teams', ...publicPage(() => import('./features/teams/teams-page.tsx')) },
          { path: 'team/:teamId', ...publicPage(() => import('./features/teams/team-page.tsx')) },
          { path: 'contact', ...page(() => import('./features/contact/contact-page.tsx')) },
          { path: 'privacy', ...publicPage(() => import('./features/legal/privacy-page.tsx')) },
          { path: 'terms', ...publicPage(() => import('./features/legal/terms-page.tsx')) },
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
