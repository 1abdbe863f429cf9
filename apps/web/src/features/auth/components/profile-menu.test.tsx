import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { mockApi, ok } from '../../../testing/fetch-mock';
import { household } from '../../../testing/fixtures';
import { renderApp, signIn } from '../../../testing/render';

const admin = {
  id: 1,
  first_name: 'Ada',
  last_name: 'Admin',
  email: 'admin@example.com',
  mobile: null,
  gender: null,
  date_of_birth: null,
  profile_image: null,
  is_admin: true,
};

async function openMenu(name: string) {
  const user = userEvent.setup();
  await user.click(await screen.findByRole('button', { name: `Account menu for ${name}` }));
  return screen.getByRole('menu', { name: 'Account' });
}

describe('Profile menu', () => {
  it('links an admin to the console', async () => {
    signIn('admin-token', admin);
    mockApi({ 'GET /user/tvshow-list': ok([]), 'GET /user/profiles': ok(household()) });
    renderApp('/tv-show');
    const menu = await openMenu('Ada Admin');
    expect(within(menu).getByRole('menuitem', { name: 'Console' })).toHaveAttribute('href', '/admin');
  });

  it('shows members no console link', async () => {
    signIn();
    mockApi({ 'GET /user/tvshow-list': ok([]), 'GET /user/profiles': ok(household()) });
    renderApp('/tv-show');
    const menu = await openMenu('Asha Rao');
    expect(within(menu).queryByRole('menuitem', { name: 'Console' })).not.toBeInTheDocument();
  });
});
