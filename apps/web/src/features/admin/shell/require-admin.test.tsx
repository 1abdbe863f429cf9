import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { ok } from '../../../testing/fetch-mock';
import { mockAdminApi, signInAdmin } from '../../../testing/admin-fetch-mock';
import { renderApp, signIn } from '../../../testing/render';
import { overviewFixture } from '../overview/testing-fixtures';
import { adminSections } from './admin-sections';
import { sectionTitle } from './use-section-title';

vi.mock('uplot', () => ({
  default: class {
    setSize() {}
    destroy() {}
  },
}));

describe('The console guard', () => {
  it('sends a visitor to sign in, remembering where they were going', async () => {
    mockAdminApi();
    const { router } = renderApp('/admin/audit?actor=ada');
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(router.state.location.state).toEqual({ from: '/admin/audit?actor=ada' });
  });

  it('sends a member back to the site', async () => {
    signIn();
    // What /browse asks for first.
    mockAdminApi(
      {},
      {
        'GET /user/banners': ok([]),
        'GET /user/popular-movie': ok([]),
        'GET /user/continue-watching': ok([]),
      },
    );
    const { router } = renderApp('/admin');
    await waitFor(() => expect(router.state.location.pathname).toBe('/browse'));
  });

  it('names the section on screen in the page title', async () => {
    signInAdmin();
    mockAdminApi({ 'GET /admin/audit': ok({ items: [], total: 0, page: 1, per_page: 25 }) });
    renderApp('/admin/audit');
    expect(await screen.findByRole('heading', { level: 1, name: 'Audit log' })).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('Audit log · Console | Reeltime'));
    expect(sectionTitle('/admin/plans')).toBe('Plans and taxes · Console | Reeltime');
    expect(sectionTitle('/admin/members/12')).toBe('Members · Console | Reeltime');
  });

  it('shows an admin the console: skip link, every section, their name and a sign-out', async () => {
    signInAdmin();
    mockAdminApi({ 'GET /admin/overview': ok(overviewFixture()) });
    renderApp('/admin');
    expect(await screen.findByRole('heading', { level: 1, name: 'Overview' })).toBeInTheDocument();
    const nav = screen.getByRole('navigation', { name: 'Console' });
    for (const section of adminSections) {
      expect(nav).toContainElement(screen.getByRole('link', { name: section.label }));
    }
    expect(screen.getByRole('link', { name: 'Skip to content' })).toHaveAttribute('href', '#main');
    expect(screen.getByRole('main')).toHaveAttribute('id', 'main');
    expect(nav).toHaveTextContent('Ada Admin');
    expect(screen.getByRole('button', { name: 'Sign out' })).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('Overview · Console | Reeltime'));
  });
});
