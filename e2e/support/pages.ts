import { expect, type Page } from '@playwright/test';
import { catalogFacts, type CatalogFacts } from './env';

/** A page of the site to photograph and scan, with what shows that it is ready. */
export interface SitePage {
  name: string;
  /** The address, from the catalog facts the setup project wrote (known only once it ran). */
  path: (facts: CatalogFacts) => string;
  /** Whose view: a visitor's or the signed-in demo member's. */
  as: 'visitor' | 'member';
  ready: (page: Page) => Promise<void>;
}

const heading = (name: string | RegExp) => async (page: Page) => {
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
};

const firstCardIn = (listName: string | RegExp) => async (page: Page) => {
  await expect(page.getByRole('list', { name: listName }).getByRole('article').first()).toBeVisible();
};

const details = async (page: Page) => {
  await heading(catalogFacts().playable.name)(page);
  await expect(page.getByRole('heading', { name: 'More Like This' })).toBeVisible();
};

const browse = async (page: Page) => {
  await expect(page.getByRole('link', { name: 'Play Now' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Top 10' }).getByRole('article').first()).toBeVisible();
};

/** Every page the issue lists, plus the visitor's views of browse and details. */
export const SITE_PAGES: readonly SitePage[] = [
  { name: 'landing', path: () => '/', as: 'visitor', ready: heading('Unlimited movies, TV shows and more') },
  { name: 'login', path: () => '/login', as: 'visitor', ready: heading('Sign In') },
  { name: 'signup', path: () => '/signup', as: 'visitor', ready: heading('Sign Up') },
  {
    name: 'forgot-password',
    path: () => '/forgot-password',
    as: 'visitor',
    ready: heading('Forgot Password'),
  },
  { name: 'browse-visitor', path: () => '/browse', as: 'visitor', ready: browse },
  { name: 'browse', path: () => '/browse', as: 'member', ready: browse },
  {
    name: 'movies',
    path: () => '/movies',
    as: 'member',
    ready: async (page) => {
      await heading('Movies')(page);
      await firstCardIn('Movies')(page);
    },
  },
  {
    name: 'tv-shows',
    path: () => '/tv-show',
    as: 'member',
    ready: async (page) => {
      await heading('TV Shows')(page);
      await firstCardIn('TV Shows')(page);
    },
  },
  {
    name: 'movie-details-visitor',
    path: ({ playable }) => `/movie-details/${playable.id}`,
    as: 'visitor',
    ready: details,
  },
  {
    name: 'movie-details',
    path: ({ playable }) => `/movie-details/${playable.id}`,
    as: 'member',
    ready: details,
  },
  {
    name: 'search',
    path: ({ searchWord }) => `/search?q=${searchWord}`,
    as: 'member',
    ready: async (page) => {
      const { searchWord } = catalogFacts();
      await heading(`Results for “${searchWord}”`)(page);
      await firstCardIn(`Results for ${searchWord}`)(page);
    },
  },
  {
    name: 'my-watch-list',
    path: () => '/my-watch-list',
    as: 'member',
    ready: async (page) => {
      await heading('My WatchList')(page);
      await firstCardIn('My WatchList')(page);
    },
  },
  {
    name: 'edit-profile',
    path: () => '/edit-profile',
    as: 'member',
    ready: async (page) => {
      await heading('Edit Profile')(page);
      await expect(page.getByRole('tab', { name: 'Update Profile' })).toBeVisible();
    },
  },
  {
    name: 'playback-settings',
    path: () => '/playback-settings',
    as: 'member',
    ready: async (page) => {
      await heading('Playback settings')(page);
      await expect(page.getByRole('img', { name: 'Subtitle preview' })).toBeVisible();
    },
  },
  {
    name: 'manage-profiles',
    path: () => '/profiles/manage',
    as: 'member',
    ready: async (page) => {
      await heading('Manage profiles')(page);
      await expect(page.getByRole('button', { name: 'Add profile' })).toBeVisible();
    },
  },
  { name: 'not-found', path: () => '/no-such-page', as: 'member', ready: heading('Page not found') },
];

export const WIDTHS = [
  { width: 390, height: 844 },
  { width: 1024, height: 768 },
  { width: 1920, height: 1080 },
] as const;
