import { createBrowserRouter, type DOMRouterOpts, type RouteObject } from 'react-router';
import { discoverConsole } from '../features/admin/shell/admin-route-objects';
import { patterns } from '../lib/paths';
import { PublicLayout } from './layouts/public-layout';
import { RedirectMember, RequireAccount, RequireMember } from './layouts/require-member';
import { AppLoading, RootLayout } from './layouts/root-layout';
import { SiteLayout } from './layouts/site-layout';
import { RouteError } from './route-error';

const ROOT_ROUTE_ID = 'root';

/**
 * Every page is its own chunk, so the landing page and /browse load only what they show. The
 * console's routes join under the root route when an address under /admin is first opened.
 */
export const routes: RouteObject[] = [
  {
    id: ROOT_ROUTE_ID,
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
                path: patterns.login,
                lazy: () =>
                  import('../features/auth/pages/login-page').then((m) => ({ Component: m.LoginPage })),
              },
              {
                path: patterns.signup,
                lazy: () =>
                  import('../features/auth/pages/signup-page').then((m) => ({ Component: m.SignupPage })),
              },
            ],
          },
          {
            path: patterns.forgotPassword,
            lazy: () =>
              import('../features/auth/pages/forgot-password-page').then((m) => ({
                Component: m.ForgotPasswordPage,
              })),
          },
          {
            path: patterns.resetPassword,
            lazy: () =>
              import('../features/auth/pages/reset-password-page').then((m) => ({
                Component: m.ResetPasswordPage,
              })),
          },
        ],
      },
      {
        // The watch view fills the screen: no site header or footer around it.
        element: <RequireMember />,
        children: [
          {
            path: patterns.watch,
            lazy: () =>
              import('../features/titles/pages/watch-page').then((m) => ({ Component: m.WatchPage })),
          },
          {
            path: patterns.profiles,
            lazy: () =>
              import('../features/household/pages/who-is-watching-page').then((m) => ({
                Component: m.WhoIsWatchingPage,
              })),
          },
        ],
      },
      {
        element: <SiteLayout />,
        children: [
          {
            path: patterns.browse,
            lazy: () =>
              import('../features/browse/pages/browse-page').then((m) => ({ Component: m.BrowsePage })),
          },
          {
            path: patterns.movies,
            lazy: () =>
              import('../features/titles/pages/movies-page').then((m) => ({ Component: m.MoviesPage })),
          },
          {
            path: patterns.tvShows,
            lazy: () =>
              import('../features/titles/pages/tv-shows-page').then((m) => ({ Component: m.TvShowsPage })),
          },
          {
            path: patterns.movie,
            lazy: () =>
              import('../features/titles/pages/movie-details-page').then((m) => ({
                Component: m.MovieDetailsPage,
              })),
          },
          {
            element: <RequireMember />,
            children: [
              {
                path: patterns.search,
                lazy: () =>
                  import('../features/search/pages/search-page').then((m) => ({ Component: m.SearchPage })),
              },
              {
                path: patterns.watchList,
                lazy: () =>
                  import('../features/watchlist/pages/watch-list-page').then((m) => ({
                    Component: m.WatchListPage,
                  })),
              },
              {
                path: patterns.watchListAlias,
                lazy: () =>
                  import('../features/watchlist/pages/watch-list-page').then((m) => ({
                    Component: m.WatchListPage,
                  })),
              },
              {
                path: patterns.playbackPreferences,
                lazy: () =>
                  import('../features/playback-preferences/pages/playback-preferences-page').then((m) => ({
                    Component: m.PlaybackPreferencesPage,
                  })),
              },
              {
                // Account pages: a kids profile is asked to fetch a grown-up instead (decision 0039).
                element: <RequireAccount />,
                children: [
                  {
                    path: patterns.editProfile,
                    lazy: () =>
                      import('../features/profile/pages/edit-profile-page').then((m) => ({
                        Component: m.EditProfilePage,
                      })),
                  },
                  {
                    path: patterns.submitMovie,
                    lazy: () =>
                      import('../features/submissions/pages/submit-movie-page').then((m) => ({
                        Component: m.SubmitMoviePage,
                      })),
                  },
                  {
                    path: patterns.mySubmissions,
                    lazy: () =>
                      import('../features/submissions/pages/my-submissions-page').then((m) => ({
                        Component: m.MySubmissionsPage,
                      })),
                  },
                  {
                    path: patterns.plans,
                    lazy: () =>
                      import('../features/plans/pages/plans-page').then((m) => ({ Component: m.PlansPage })),
                  },
                  {
                    path: patterns.paymentDetail,
                    lazy: () =>
                      import('../features/plans/pages/payment-detail-page').then((m) => ({
                        Component: m.PaymentDetailPage,
                      })),
                  },
                  {
                    path: patterns.paymentSuccess,
                    lazy: () =>
                      import('../features/plans/pages/payment-success-page').then((m) => ({
                        Component: m.PaymentSuccessPage,
                      })),
                  },
                  {
                    path: patterns.billing,
                    lazy: () =>
                      import('../features/billing/pages/billing-history-page').then((m) => ({
                        Component: m.BillingHistoryPage,
                      })),
                  },
                  {
                    path: patterns.receipt,
                    lazy: () =>
                      import('../features/billing/pages/receipt-page').then((m) => ({
                        Component: m.ReceiptPage,
                      })),
                  },
                  {
                    path: patterns.manageProfiles,
                    lazy: () =>
                      import('../features/household/pages/manage-profiles-page').then((m) => ({
                        Component: m.ManageProfilesPage,
                      })),
                  },
                ],
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

/** What the router needs besides its routes (also for the tests' memory router). */
export const routerOptions = {
  patchRoutesOnNavigation: discoverConsole(ROOT_ROUTE_ID),
} satisfies DOMRouterOpts;

export function createRouter() {
  return createBrowserRouter(routes, routerOptions);
}
