import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fail, ok } from '../../../../testing/fetch-mock';
import { renderWithRouter } from '../../../../testing/render';
import { memberSummary } from '../testing/fixtures';
import { mockAdminApi } from '../../../../testing/admin-fetch-mock';
import { MembersPage } from './members-page';

const page = (items = [memberSummary()], total = items.length) => ok({ items, total, page: 1, per_page: 25 });

describe('Members page', () => {
  it('searches with the search kept in the URL, and shows status and plan', async () => {
    const api = mockAdminApi({ 'GET /admin/members': page() });
    renderWithRouter(<MembersPage />, { path: '/admin/members?search=grace' });

    const row = (await screen.findByRole('link', { name: 'Grace Hopper' })).closest('tr')!;
    expect(row).toHaveTextContent('grace@example.com');
    expect(within(row).getByText('Active')).toBeInTheDocument();
    expect(row).toHaveTextContent('Premium');
    expect(screen.getByRole('link', { name: 'Grace Hopper' })).toHaveAttribute('href', '/admin/members/7');
    expect(api.adminCalls('GET /admin/members')[0]!.url.searchParams.get('search')).toBe('grace');
    expect(screen.getByRole('searchbox', { name: 'Search members' })).toHaveValue('grace');

    const user = userEvent.setup();
    const box = screen.getByRole('searchbox', { name: 'Search members' });
    await user.clear(box);
    await user.type(box, 'hopper{Enter}');
    await waitFor(() =>
      expect(screen.getByTestId('location')).toHaveTextContent('/admin/members?search=hopper'),
    );
    await user.selectOptions(screen.getByLabelText('Status'), 'disabled');
    await waitFor(() =>
      expect(screen.getByTestId('location')).toHaveTextContent(
        '/admin/members?search=hopper&status=disabled',
      ),
    );
    const last = api.adminCalls('GET /admin/members').at(-1)!.url.searchParams;
    expect(last.get('status')).toBe('disabled');
    expect(last.get('search')).toBe('hopper');
  });

  it('says when nothing matches and clears the filters', async () => {
    mockAdminApi({ 'GET /admin/members': page([]) });
    renderWithRouter(<MembersPage />, { path: '/admin/members?search=nobody' });
    expect(await screen.findByText('No member matches.')).toBeInTheDocument();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Clear the filters' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/admin\/members$/));
  });

  it('shows the server’s message when the list cannot load, with a retry', async () => {
    const api = mockAdminApi({ 'GET /admin/members': fail(500, 'Something went wrong.') });
    renderWithRouter(<MembersPage />, { path: '/admin/members' });
    expect(await screen.findByRole('alert')).toHaveTextContent('Something went wrong.');
    api.setAdmin('GET /admin/members', page());
    await userEvent.setup().click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('link', { name: 'Grace Hopper' })).toBeInTheDocument();
  });
});
