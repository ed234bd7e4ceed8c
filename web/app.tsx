import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { Suspense } from 'react';
import { I18nextProvider } from 'react-i18next';
import { createBrowserRouter, RouterProvider, type RouteObject } from 'react-router';
import { Layout } from './components/shell/layout.tsx';
import { RouteError } from './components/route-error.tsx';
import { PageSpinner } from './components/ui/spinner.tsx';
import { HomePage } from './features/home/home-page.tsx';
import { catalogueComplete, i18n } from './i18n.ts';

// Each page but the home page is its own chunk, shown once the whole catalogue is there too.
const page = (load: () => Promise<{ default: React.ComponentType }>): Pick<RouteObject, 'lazy'> => ({
  lazy: async () => {
    const [module] = await Promise.all([load(), catalogueComplete()]);
    return { Component: module.default };
  },
});

const routes: RouteObject[] = [
  {
    element: <Layout />,
    children: [
      {
        errorElement: <RouteError />,
        children: [
          { index: true, element: <HomePage /> },
          { path: 'login', ...page(() => import('./features/auth/login-page.tsx')) },
          { path: 'register', ...page(() => import('./features/auth/register-page.tsx')) },
          { path: 'auth/callback', ...page(() => import('./features/auth/auth-callback-page.tsx')) },
          { path: 'forgot-password', ...page(() => import('./features/auth/forgot-password-page.tsx')) },
          { path: 'reset-password', ...page(() => import('./features/auth/reset-password-page.tsx')) },
          { path: 'profile', ...page(() => import('./features/profiles/own-profile-page.tsx')) },
          { path: 'profile/:userId', ...page(() => import('./features/profiles/public-profile-page.tsx')) },
          { path: 'category/:categoryId', ...page(() => import('./features/disciplines/category-page.tsx')) },
          { path: 'discipline/:disciplineId', ...page(() => import('./features/disciplines/discipline-page.tsx')) },
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

const router = createBrowserRouter(routes);

export function App({ queryClient }: { queryClient: QueryClient }) {
  return (
    <I18nextProvider i18n={i18n}>
      <QueryClientProvider client={queryClient}>
        <Suspense fallback={<PageSpinner />}>
          <RouterProvider router={router} />
        </Suspense>
      </QueryClientProvider>
    </I18nextProvider>
  );
}
