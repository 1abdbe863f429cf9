import type { ReactElement } from 'react';
import { render } from '@testing-library/react';
import type { QueryClient } from '@tanstack/react-query';
import {
  createMemoryRouter,
  RouterProvider,
  useLocation,
  type InitialEntry,
  type RouteObject,
} from 'react-router';
import { Providers } from '../app/providers';
import { createQueryClient } from '../app/query-client';
import { routerOptions, routes } from '../app/router';

/** The app's query client settings, without retries. */
export function testQueryClient(): QueryClient {
  const client = createQueryClient();
  const defaults = client.getDefaultOptions();
  client.setDefaultOptions({
    queries: { ...defaults.queries, retry: false, gcTime: Infinity },
    mutations: { ...defaults.mutations, retry: false },
  });
  return client;
}

/** Shows the current location so tests can assert navigation. */
export function LocationProbe() {
  const location = useLocation();
  return <output data-testid="location">{location.pathname + location.search}</output>;
}

/** Renders the real app routes (lazy pages included) at `entry`. */
export function renderApp(entry: InitialEntry) {
  const router = createMemoryRouter(routes, { ...routerOptions, initialEntries: [entry] });
  const queryClient = testQueryClient();
  const result = render(
    <Providers queryClient={queryClient}>
      <RouterProvider router={router} />
    </Providers>,
  );
  return { ...result, router, queryClient };
}

/** Renders one element inside providers and a memory router (any path renders it). */
export function renderWithRouter(ui: ReactElement, { path = '/', extraRoutes = [] as RouteObject[] } = {}) {
  const router = createMemoryRouter(
    [
      ...extraRoutes,
      {
        path: '*',
        element: (
          <>
            {ui}
            <LocationProbe />
          </>
        ),
      },
    ],
    { initialEntries: [path] },
  );
  const queryClient = testQueryClient();
  const result = render(
    <Providers queryClient={queryClient}>
      <RouterProvider router={router} />
    </Providers>,
  );
  return { ...result, router, queryClient };
}

export function signIn(token = 'test-token', userJson?: object): void {
  window.localStorage.setItem('token', token);
  window.localStorage.setItem(
    'user',
    JSON.stringify(
      userJson ?? {
        id: 1,
        first_name: 'Asha',
        last_name: 'Rao',
        email: 'asha@example.com',
        mobile: null,
        gender: null,
        date_of_birth: null,
        profile_image: null,
        is_admin: false,
      },
    ),
  );
}
