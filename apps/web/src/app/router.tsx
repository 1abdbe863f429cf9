import { createBrowserRouter, type RouteObject } from 'react-router';
import { adminRoutes } from '../features/admin/shell/admin-route-objects';
import { PublicLayout } from './layouts/public-layout';
import { RedirectMember, RequireMember } from './layouts/require-member';
import { AppLoading, RootLayout } from './layouts/root-layout';
import { SiteLayout } from './layouts/site-layout';
import { RouteError } from './route-error';

/** Every page is its own chunk, so the landing page and /browse load only what they show. */
export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    errorElement: <RouteError />,
    hydrateFallbackElement: <AppLoading />,
    children: [
      {
        element: <PublicLayout />,
        children: [
          {
            index: true,
            lazy: () =>
              import('../features/landing/pages/landing-page').then((m) => ({ Component: m.LandingPage })),
          },
          {
            element: <RedirectMember />,
            children: [
              {
                path: 'login',
                lazy: () =>
                  import('../features/auth/pages/login-page').then((m) => ({ Component: m.LoginPage })),
              },
              {
                path: 'signup',
                lazy: () =>
                  import('../features/auth/pages/signup-page').then((m) => ({ Component: m.SignupPage })),
              },
            ],
          },
          {
            path: 'forgot-password',
            lazy: () =>
              import('../features/auth/pages/forgot-password-page').then((m) => ({
                Component: m.ForgotPasswordPage,
              })),
          },
          {
            path: 'reset-password',
            lazy: () =>
              import('../features/auth/pages/reset-password-page').then((m) => ({
                Component: m.ResetPasswordPage,
              })),
          },
        ],
      },
      adminRoutes,
      {
        element: <SiteLayout />,
        children: [
          {
            path: 'browse',
            lazy: () =>
              import('../features/browse/pages/browse-page').then((m) => ({ Component: m.BrowsePage })),
          },
          {
            path: 'movies/:id?',
            lazy: () =>
              import('../features/titles/pages/movies-page').then((m) => ({ Component: m.MoviesPage })),
          },
          {
            path: 'tv-show',
            lazy: () =>
              import('../features/titles/pages/tv-shows-page').then((m) => ({ Component: m.TvShowsPage })),
          },
          {
            path: 'movie-details/:id',
            lazy: () =>
              import('../features/titles/pages/movie-details-page').then((m) => ({
                Component: m.MovieDetailsPage,
              })),
          },
          {
            element: <RequireMember />,
            children: [
              {
                path: 'search',
                lazy: () =>
                  import('../features/search/pages/search-page').then((m) => ({ Component: m.SearchPage })),
              },
              {
                path: 'my-watch-list',
                lazy: () =>
                  import('../features/watchlist/pages/watch-list-page').then((m) => ({
                    Component: m.WatchListPage,
                  })),
              },
              {
                path: 'mylist',
                lazy: () =>
                  import('../features/watchlist/pages/watch-list-page').then((m) => ({
                    Component: m.WatchListPage,
                  })),
              },
              {
                path: 'edit-profile',
                lazy: () =>
                  import('../features/profile/pages/edit-profile-page').then((m) => ({
                    Component: m.EditProfilePage,
                  })),
              },
              {
                path: 'submit-your-movie',
                lazy: () =>
                  import('../features/submit/pages/submit-movie-page').then((m) => ({
                    Component: m.SubmitMoviePage,
                  })),
              },
              {
                path: 'my-submissions',
                lazy: () =>
                  import('../features/submit/pages/my-submissions-page').then((m) => ({
                    Component: m.MySubmissionsPage,
                  })),
              },
              {
                path: 'plans',
                lazy: () =>
                  import('../features/plans/pages/plans-page').then((m) => ({ Component: m.PlansPage })),
              },
              {
                path: 'get-payment-detail/:plan_id',
                lazy: () =>
                  import('../features/plans/pages/payment-detail-page').then((m) => ({
                    Component: m.PaymentDetailPage,
                  })),
              },
              {
                path: 'payment-success',
                lazy: () =>
                  import('../features/plans/pages/payment-success-page').then((m) => ({
                    Component: m.PaymentSuccessPage,
                  })),
              },
              {
                path: 'billing',
                lazy: () =>
                  import('../features/billing/pages/billing-history-page').then((m) => ({
                    Component: m.BillingHistoryPage,
                  })),
              },
              {
                path: 'billing/:id/receipt',
                lazy: () =>
                  import('../features/billing/pages/receipt-page').then((m) => ({
                    Component: m.ReceiptPage,
                  })),
              },
            ],
          },
          {
            path: '*',
            lazy: () => import('./not-found-page').then((m) => ({ Component: m.NotFoundPage })),
          },
        ],
      },
    ],
  },
];

export function createRouter() {
  return createBrowserRouter(routes);
}
