import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { HouseholdMessages as M, type Household, type HouseholdProfile } from '@reeltime/contract';
import { fail, mockApi, ok, type Reply } from '../../../testing/fetch-mock';
import { household, householdProfile } from '../../../testing/fixtures';
import { renderApp, signIn } from '../../../testing/render';

const owner = householdProfile({ id: 1, name: 'Asha', is_owner: true });
const kid = householdProfile({
  id: 2,
  name: 'Mia',
  is_kids: true,
  maturity_limit: 'U/A 7+',
  avatar: 'yellow',
});

async function openPage(answer: Household, more: Parameters<typeof mockApi>[0] = {}) {
  signIn('owner-token');
  const api = mockApi({ 'GET /user/profiles': ok(answer), ...more });
  renderApp('/profiles/manage');
  await screen.findByRole('list', { name: 'Profiles' });
  return { api, user: userEvent.setup() };
}

describe('Manage profiles', () => {
  it("lists the profiles with their count, and does not offer to delete the owner's", async () => {
    await openPage(household({ profiles: [owner, kid], max_profiles: 4 }));
    expect(screen.getByText('2 of 4 profiles')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Add profile' })).toBeEnabled();
    expect(screen.queryByRole('button', { name: 'Delete Asha' })).not.toBeInTheDocument();
    expect(screen.getByText("The owner's profile can't be deleted.")).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Delete Mia' })).toBeInTheDocument();
  });

  it('disables Add at the plan limit and says why', async () => {
    await openPage(household({ profiles: [owner, kid], max_profiles: 2 }));
    const add = screen.getByRole('button', { name: 'Add profile' });
    expect(add).toBeDisabled();
    expect(add).toHaveAccessibleDescription(/Your plan allows 2 profiles/);
  });

  it('adds a kids profile, which needs a maturity limit from the scale the API gives', async () => {
    const { api, user } = await openPage(household({ profiles: [owner], rating_scale: ['G', 'PG', 'R'] }), {
      'POST /user/profiles': ok(kid, M.profileCreated, 201),
    });
    await user.click(screen.getByRole('button', { name: 'Add profile' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add a profile' });
    await user.type(within(dialog).getByLabelText('Name'), 'Mia');
    await user.click(within(dialog).getByRole('checkbox', { name: 'Kids profile' }));
    const limit = within(dialog).getByLabelText('Maturity limit');
    expect(
      within(limit)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['No limit', 'Up to G', 'Up to PG', 'Up to R']);
    expect(await within(dialog).findByText(M.kidsNeedLimit)).toBeInTheDocument();
    expect(within(dialog).getByRole('option', { name: 'No limit' })).toBeDisabled();
    expect(within(dialog).getByRole('button', { name: 'Add profile' })).toBeDisabled();

    await user.selectOptions(limit, 'PG');
    await user.type(within(dialog).getByLabelText('PIN (optional, 4 digits)'), '4321');
    await user.click(within(dialog).getByRole('button', { name: 'Add profile' }));
    expect(await screen.findByText(M.profileCreated)).toBeInTheDocument();
    expect(api.calls('POST /user/profiles')[0]?.json()).toEqual({
      name: 'Mia',
      avatar: 'orange',
      is_kids: true,
      maturity_limit: 'PG',
      pin: '4321',
    });
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('asks for the account PIN once, shows a wrong one, and sends the right one with each change', async () => {
    let answer: Reply<HouseholdProfile> = fail(422, M.accountPinWrong(4), {
      account_pin: [M.accountPinWrong(4)],
    });
    const { api, user } = await openPage(household({ profiles: [owner, kid], account_pin: true }), {
      'PATCH /user/profiles/:id': () => answer,
      'DELETE /user/profiles/:id': ok(null, M.profileDeleted),
    });
    await user.click(screen.getByRole('button', { name: 'Edit Mia' }));
    const editor = await screen.findByRole('dialog', { name: 'Edit Mia' });
    await user.clear(within(editor).getByLabelText('Name'));
    await user.type(within(editor).getByLabelText('Name'), 'Mia B');
    await user.click(within(editor).getByRole('button', { name: 'Save' }));

    const pinDialog = await screen.findByRole('dialog', { name: 'Enter the account PIN' });
    await user.type(within(pinDialog).getByLabelText('Account PIN'), '9999{Enter}');
    expect(await within(pinDialog).findByText(M.accountPinWrong(4))).toBeInTheDocument();

    answer = ok({ ...kid, name: 'Mia B' }, M.profileSaved);
    const pin = within(pinDialog).getByLabelText('Account PIN');
    await user.clear(pin);
    await user.type(pin, '2468{Enter}');
    expect(await screen.findByText(M.profileSaved)).toBeInTheDocument();
    const patches = api.calls('PATCH /user/profiles/:id');
    expect(patches.map((request) => request.headers.get('X-Account-Pin'))).toEqual(['9999', '2468']);
    expect(patches[1]?.json()).toMatchObject({ name: 'Mia B', is_kids: true, maturity_limit: 'U/A 7+' });
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();

    // Asked once: deleting sends the PIN given before.
    await user.click(screen.getByRole('button', { name: 'Delete Mia' }));
    await user.click(await screen.findByRole('button', { name: 'Delete profile' }));
    expect(await screen.findByText(M.profileDeleted)).toBeInTheDocument();
    expect(api.calls('DELETE /user/profiles/:id')[0]?.headers.get('X-Account-Pin')).toBe('2468');
  });

  it('shows the lock when too many wrong account PINs were given', async () => {
    const { user } = await openPage(household({ profiles: [owner, kid], account_pin: true }), {
      'DELETE /user/profiles/:id': fail(429, M.accountPinLocked(15)),
    });
    await user.click(screen.getByRole('button', { name: 'Delete Mia' }));
    await user.click(await screen.findByRole('button', { name: 'Delete profile' }));
    const pinDialog = await screen.findByRole('dialog', { name: 'Enter the account PIN' });
    await user.type(within(pinDialog).getByLabelText('Account PIN'), '1111{Enter}');
    expect(await within(pinDialog).findByText(M.accountPinLocked(15))).toBeInTheDocument();
  });

  it('sets the account PIN with the password and shows a wrong password beside it', async () => {
    let answer: Reply<{ account_pin: boolean }> = fail(422, M.passwordWrong, { password: [M.passwordWrong] });
    const { api, user } = await openPage(household({ profiles: [owner] }), {
      'PUT /user/profiles/account-pin': () => answer,
    });
    await user.click(screen.getByRole('button', { name: 'Set account PIN' }));
    const dialog = await screen.findByRole('dialog', { name: 'Set an account PIN' });
    await user.type(within(dialog).getByLabelText('Account password'), 'wrong-one');
    await user.type(within(dialog).getByLabelText('New account PIN (4 digits)'), '2468');
    await user.click(within(dialog).getByRole('button', { name: 'Save PIN' }));
    await waitFor(() =>
      expect(within(dialog).getByLabelText('Account password')).toHaveAccessibleDescription(M.passwordWrong),
    );

    answer = ok({ account_pin: true }, M.accountPinSet);
    await user.clear(within(dialog).getByLabelText('Account password'));
    await user.type(within(dialog).getByLabelText('Account password'), 'secret1');
    await user.click(within(dialog).getByRole('button', { name: 'Save PIN' }));
    expect(await screen.findByText(M.accountPinSet)).toBeInTheDocument();
    expect(api.calls('PUT /user/profiles/account-pin')[1]?.json()).toEqual({
      password: 'secret1',
      pin: '2468',
    });
  });
});
