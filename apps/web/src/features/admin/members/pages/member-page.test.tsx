import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { AdminMembersMessages } from '@reeltime/contract';
import { fail, ok } from '../../../../testing/fetch-mock';
import { renderWithRouter, signIn } from '../../../../testing/render';
import { memberDetail } from '../testing/fixtures';
import { mockAdminApi } from '../../../../testing/admin-fetch-mock';
import { MemberPage } from './member-page';

function renderMember(id = 7) {
  return renderWithRouter(<></>, {
    path: `/admin/members/${id}`,
    extraRoutes: [{ path: '/admin/members/:id', element: <MemberPage /> }],
  });
}

describe('Member page', () => {
  it('shows the profile, subscription, payments and recent viewing', async () => {
    mockAdminApi({ 'GET /admin/members/:id': ok(memberDetail()) });
    renderMember();
    expect(await screen.findByRole('heading', { level: 1, name: 'Grace Hopper' })).toBeInTheDocument();
    expect(screen.getByText('2 devices')).toBeInTheDocument();
    const payments = screen.getByRole('table', { name: 'Payments' });
    expect(payments).toHaveTextContent('₹499.00');
    expect(payments).toHaveTextContent('Visa ·4242');
    expect(screen.getByRole('table', { name: 'Subscriptions' })).toHaveTextContent('Premium');
    const viewing = screen.getByRole('region', { name: 'Recent viewing' });
    expect(viewing).toHaveTextContent('Night Train');
    expect(viewing).toHaveTextContent('12:34 of 1:30:00');
  });

  it('disables the member after a confirmation, with the server’s message, and can enable them again', async () => {
    const api = mockAdminApi({
      'GET /admin/members/:id': ok(memberDetail()),
      'POST /admin/members/:id/disable': ok(
        memberDetail({ status: 'disabled', disabled_at: '2026-11-04T09:00:00.000Z', sessions: 0 }),
        AdminMembersMessages.memberDisabled,
      ),
      'POST /admin/members/:id/enable': ok(memberDetail(), AdminMembersMessages.memberEnabled),
    });
    renderMember();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Disable' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Disable Grace Hopper?' });
    expect(dialog).toHaveTextContent('signed out on every device');
    // The safe choice has the focus.
    expect(within(dialog).getByRole('button', { name: 'Cancel' })).toHaveFocus();
    expect(api.adminCalls('POST /admin/members/:id/disable')).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: 'Disable' }));

    expect(await screen.findByText(AdminMembersMessages.memberDisabled)).toBeInTheDocument();
    expect(api.adminCalls('POST /admin/members/:id/disable')).toHaveLength(1);
    expect(screen.getByText('0 devices')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Enable' }));
    await user.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Enable' }));
    expect(await screen.findByText(AdminMembersMessages.memberEnabled)).toBeInTheDocument();
  });

  it('toasts a refusal such as the last admin, and changes nothing on screen', async () => {
    mockAdminApi({
      'GET /admin/members/:id': ok(memberDetail({ is_admin: true })),
      'POST /admin/members/:id/revoke-admin': fail(409, AdminMembersMessages.lastAdmin),
    });
    renderMember();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Revoke admin' }));
    await user.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Revoke admin' }));
    expect(await screen.findByText(AdminMembersMessages.lastAdmin)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Revoke admin' })).toBeInTheDocument();
  });

  it('does not offer to disable the signed-in admin’s own account', async () => {
    signIn('admin-token', { ...memberDetail(), is_admin: true });
    mockAdminApi({ 'GET /admin/members/:id': ok(memberDetail({ is_admin: true })) });
    renderMember();
    expect(await screen.findByRole('button', { name: 'Disable' })).toBeDisabled();
    expect(screen.getByText(/your own account/)).toBeInTheDocument();
  });

  it('says so when the member does not exist', async () => {
    mockAdminApi({ 'GET /admin/members/:id': fail(404, AdminMembersMessages.memberNotFound) });
    renderMember(999);
    expect(await screen.findByText('There is no member with this id.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to the members' })).toHaveAttribute(
      'href',
      '/admin/members',
    );
  });
  it('lists the household’s profiles and clears a locked profile’s PIN after a confirmation', async () => {
    const kids = {
      id: 22,
      name: 'Ada',
      is_owner: false,
      is_kids: true,
      maturity_limit: 'U/A 7+',
      has_pin: true,
      locked: true,
      locked_until: '2026-11-04T09:15:00.000Z',
    };
    const profiles = memberDetail().profiles;
    const api = mockAdminApi({
      'GET /admin/members/:id': ok(memberDetail({ profiles: [...profiles, kids], account_pin: true })),
      'POST /admin/members/:id/profiles/:profileId/clear-pin': ok(
        memberDetail({
          profiles: [...profiles, { ...kids, has_pin: false, locked: false, locked_until: null }],
        }),
        AdminMembersMessages.profilePinCleared,
      ),
    });
    renderMember();
    const table = await screen.findByRole('table', { name: 'Profiles' });
    const rows = within(table).getAllByRole('row');
    expect(rows[1]).toHaveTextContent('GraceOwnerNo limitNone');
    expect(rows[2]).toHaveTextContent(/^AdaKidsU\/A 7\+Locked until 4 Nov 2026/);
    expect(screen.getByText('Managing profiles needs the account PIN.')).toBeInTheDocument();
    // Only a profile with a PIN offers to clear it.
    expect(within(rows[1]!).queryByRole('button')).toBeNull();

    const user = userEvent.setup();
    await user.click(within(rows[2]!).getByRole('button', { name: 'Clear the PIN of Ada' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Clear the PIN of Ada?' });
    expect(dialog).toHaveTextContent('audit log');
    expect(api.adminCalls('POST /admin/members/:id/profiles/:profileId/clear-pin')).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: 'Clear PIN' }));

    expect(await screen.findByText(AdminMembersMessages.profilePinCleared)).toBeInTheDocument();
    expect(api.adminCalls('POST /admin/members/:id/profiles/:profileId/clear-pin')).toHaveLength(1);
    const after = within(screen.getByRole('table', { name: 'Profiles' })).getAllByRole('row');
    expect(after[2]).toHaveTextContent('AdaKidsU/A 7+None');
    expect(within(after[2]!).queryByRole('button')).toBeNull();
  });
});
