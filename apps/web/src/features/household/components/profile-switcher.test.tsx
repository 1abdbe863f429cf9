import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { HouseholdMessages as M } from '@reeltime/contract';
import { fail, mockApi, ok, type MockRequest } from '../../../testing/fetch-mock';
import { household, householdProfile, user as accountUser } from '../../../testing/fixtures';
import { renderApp, signIn } from '../../../testing/render';

const owner = householdProfile({ id: 1, name: 'Asha', is_owner: true, has_pin: true });
const partner = householdProfile({ id: 3, name: 'Ravi', avatar: 'blue' });
const kid = householdProfile({
  id: 2,
  name: 'Mia',
  is_kids: true,
  maturity_limit: 'U/A 7+',
  avatar: 'yellow',
});
const tokens: Record<string, number> = {
  'Bearer owner-token': 1,
  'Bearer kid-token': 2,
  'Bearer ravi-token': 3,
};
const familyFor = (request: MockRequest) =>
  ok(
    household({
      profiles: [owner, kid, partner],
      current_profile_id: tokens[request.headers.get('Authorization') ?? ''] ?? 1,
    }),
  );

function browseMocks() {
  return {
    'GET /user/banners': ok([]),
    'GET /user/popular-movie': ok([]),
    'GET /user/continue-watching': ok([]),
    'GET /user/tvshow-list': ok([]),
  } as const;
}

async function openMenu(name: string) {
  const user = userEvent.setup();
  await user.click(await screen.findByRole('button', { name: `Account menu for ${name}` }));
  return { user, menu: screen.getByRole('menu', { name: 'Account' }) };
}

describe('Profile switcher in the account menu', () => {
  it('lists the other profiles and Manage profiles; switching stores the token and survives a reload', async () => {
    signIn('owner-token');
    window.localStorage.setItem('profile', JSON.stringify(owner));
    const api = mockApi({
      ...browseMocks(),
      'GET /user/profiles': familyFor,
      'POST /user/profiles/:id/select': ok({ api_token: 'ravi-token', profile: partner }),
    });
    const { router } = renderApp('/tv-show');
    const { user, menu } = await openMenu('Asha');

    const ravi = await within(menu).findByRole('menuitem', { name: 'Switch to Ravi' });
    expect(within(menu).getByRole('menuitem', { name: 'Switch to Mia (kids)' })).toBeInTheDocument();
    expect(within(menu).queryByRole('menuitem', { name: /Switch to Asha/ })).not.toBeInTheDocument();
    expect(within(menu).getByRole('menuitem', { name: 'Manage profiles' })).toHaveAttribute(
      'href',
      '/profiles/manage',
    );
    expect(within(menu).getByRole('menuitem', { name: "Who's watching?" })).toHaveAttribute(
      'href',
      '/profiles',
    );

    await user.click(ravi);
    await waitFor(() => expect(router.state.location.pathname).toBe('/browse'));
    expect(await screen.findByRole('button', { name: 'Account menu for Ravi' })).toBeInTheDocument();
    expect(window.localStorage.getItem('token')).toBe('ravi-token');
    expect(api.calls('POST /user/profiles/:id/select')[0]?.params).toEqual({ id: '3' });

    // A reload: a fresh app reads the stored token and profile.
    cleanup();
    const reloaded = mockApi({ ...browseMocks(), 'GET /user/profiles': familyFor });
    renderApp('/browse');
    expect(await screen.findByRole('button', { name: 'Account menu for Ravi' })).toBeInTheDocument();
    await waitFor(() => expect(reloaded.calls('GET /user/banners').length).toBeGreaterThan(0));
    expect(reloaded.calls('GET /user/banners')[0]?.headers.get('Authorization')).toBe('Bearer ravi-token');
  });

  it('asks for the PIN of a locked profile and shows a wrong one', async () => {
    signIn('kid-token');
    window.localStorage.setItem('profile', JSON.stringify(kid));
    mockApi({
      ...browseMocks(),
      'GET /user/profiles': familyFor,
      'POST /user/profiles/:id/select': fail(422, M.pinWrong(3), { pin: [M.pinWrong(3)] }),
    });
    renderApp('/tv-show');
    const { user, menu } = await openMenu('Mia');
    await user.click(await within(menu).findByRole('menuitem', { name: 'Switch to Asha, PIN protected' }));
    const dialog = await screen.findByRole('dialog', { name: "Enter Asha's PIN" });
    await user.type(within(dialog).getByLabelText('PIN'), '0000{Enter}');
    expect(await within(dialog).findByText(M.pinWrong(3))).toBeInTheDocument();
    expect(window.localStorage.getItem('token')).toBe('kid-token');
  });
});

describe('Kids profile', () => {
  it('gets the kids layout and a menu without account pages', async () => {
    signIn('kid-token', accountUser({ is_admin: true }));
    window.localStorage.setItem('profile', JSON.stringify(kid));
    mockApi({ ...browseMocks(), 'GET /user/profiles': familyFor });
    const { container } = renderApp('/tv-show');
    const { menu } = await openMenu('Mia');
    await within(menu).findByRole('menuitem', { name: 'Switch to Ravi' });

    expect(container.querySelector('.site-layout')).toHaveClass('site-layout--kids');
    for (const name of [
      'Subscription plans',
      'Billing history',
      'My submissions',
      'Account',
      'Console',
      'Manage profiles',
    ])
      expect(within(menu).queryByRole('menuitem', { name })).not.toBeInTheDocument();
    expect(within(menu).getByRole('menuitem', { name: 'Logout' })).toBeInTheDocument();
    const footer = screen.getByRole('navigation', { name: 'Footer' });
    expect(within(footer).queryByRole('link', { name: 'Subscription Plans' })).not.toBeInTheDocument();
    expect(within(footer).queryByRole('link', { name: 'Submit Your Movie' })).not.toBeInTheDocument();
  });

  it.each([
    '/billing',
    '/plans',
    '/edit-profile',
    '/my-submissions',
    '/submit-your-movie',
    '/profiles/manage',
  ])('is asked to fetch a grown-up on %s, without calling the account endpoint', async (path) => {
    signIn('kid-token');
    window.localStorage.setItem('profile', JSON.stringify(kid));
    const api = mockApi();
    renderApp(path);
    expect(await screen.findByRole('heading', { level: 1, name: 'Ask a grown-up' })).toBeInTheDocument();
    expect(api.requests).toHaveLength(0);
  });
});
