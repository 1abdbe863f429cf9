import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { HouseholdMessages as M, type SelectedProfile } from '@reeltime/contract';
import { fail, mockApi, ok, type MockRequest, type Reply } from '../../../testing/fetch-mock';
import { household, householdProfile, movieCards } from '../../../testing/fixtures';
import { renderApp, signIn } from '../../../testing/render';

const owner = householdProfile({ id: 1, name: 'Asha', is_owner: true, has_pin: true, avatar: 'red' });
const kid = householdProfile({
  id: 2,
  name: 'Mia',
  is_kids: true,
  maturity_limit: 'U/A 7+',
  avatar: 'yellow',
});
const family = household({ profiles: [owner, kid], current_profile_id: 1 });

const selected = (profile: typeof owner, token: string): SelectedProfile => ({ api_token: token, profile });

/** The household as the server answers it: acting as the profile the token was issued for. */
const familyFor = (request: MockRequest) =>
  ok({ ...family, current_profile_id: request.headers.get('Authorization') === 'Bearer kid-token' ? 2 : 1 });

function browseMocks() {
  return {
    'GET /user/banners': ok([]),
    'GET /user/popular-movie': ok([]),
    'GET /user/continue-watching': ok([]),
  } as const;
}

describe("Who's watching?", () => {
  it('goes straight on to the page asked for when the account has one profile', async () => {
    signIn();
    mockApi({ 'GET /user/profiles': ok(household()), 'GET /user/tvshow-list': ok([]) });
    const { router } = renderApp('/profiles?next=%2Ftv-show');
    await waitFor(() => expect(router.state.location.pathname).toBe('/tv-show'));
    // The header keeps naming the account, as before profiles.
    expect(await screen.findByRole('button', { name: 'Account menu for Asha Rao' })).toBeInTheDocument();
    expect(window.localStorage.getItem('profile')).toBeNull();
  });

  it('shows every profile with its kids badge and PIN lock, and opens one without a PIN at once', async () => {
    signIn('owner-token');
    const api = mockApi({
      ...browseMocks(),
      'GET /user/profiles': familyFor,
      'POST /user/profiles/:id/select': ok(selected(kid, 'kid-token'), M.profileSelected),
    });
    const { router } = renderApp('/profiles');

    const list = await screen.findByRole('list', { name: 'Profiles' });
    expect(screen.getByRole('heading', { level: 1, name: "Who's watching?" })).toBeInTheDocument();
    const asha = within(list).getByRole('button', { name: /Asha/ });
    const mia = within(list).getByRole('button', { name: /Mia/ });
    expect(asha).toHaveTextContent('PIN protected');
    expect(mia).toHaveTextContent('Kids');
    expect(mia).not.toHaveTextContent('PIN protected');

    await userEvent.setup().click(mia);
    await waitFor(() => expect(router.state.location.pathname).toBe('/browse'));
    expect(api.calls('POST /user/profiles/:id/select')[0]?.params).toEqual({ id: '2' });
    // The profile's token replaces the stored one, so the choice lasts across reloads.
    expect(window.localStorage.getItem('token')).toBe('kid-token');
    expect(JSON.parse(window.localStorage.getItem('profile') ?? '{}')).toMatchObject({
      id: 2,
      is_kids: true,
    });
    // Browse asks as the kids profile.
    await waitFor(() => expect(api.calls('GET /user/banners').length).toBeGreaterThan(0));
    expect(api.calls('GET /user/banners').at(-1)?.headers.get('Authorization')).toBe('Bearer kid-token');
  });

  it('asks for the PIN in a dialog, shows the tries left and the lock, and goes on with the right PIN', async () => {
    signIn('kid-token');
    window.localStorage.setItem('profile', JSON.stringify(kid));
    let answer: Reply<SelectedProfile> = fail(422, M.pinWrong(4), { pin: [M.pinWrong(4)] });
    const api = mockApi({
      ...browseMocks(),
      'GET /user/watch-list': ok(movieCards(1)),
      'GET /user/profiles': familyFor,
      'POST /user/profiles/:id/select': () => answer,
    });
    const { router } = renderApp('/profiles?next=%2Fmy-watch-list');
    const user = userEvent.setup();

    await user.click(await screen.findByRole('button', { name: /Asha/ }));
    const dialog = await screen.findByRole('dialog', { name: "Enter Asha's PIN" });
    const pin = within(dialog).getByLabelText('PIN');
    expect(pin).toHaveAttribute('inputmode', 'numeric');
    expect(pin).toHaveFocus();
    const open = within(dialog).getByRole('button', { name: 'Open profile' });
    expect(open).toBeDisabled();

    await user.type(pin, '1111{Enter}');
    expect(await within(dialog).findByText(M.pinWrong(4))).toBeInTheDocument();
    expect(api.calls('POST /user/profiles/:id/select')[0]?.json()).toEqual({ pin: '1111' });
    expect(window.localStorage.getItem('token')).toBe('kid-token');

    answer = fail(429, M.profileLocked(15));
    await user.clear(pin);
    await user.type(pin, '2222{Enter}');
    expect(await within(dialog).findByText(M.profileLocked(15))).toBeInTheDocument();

    answer = ok(selected(owner, 'owner-token'));
    await user.clear(pin);
    await user.type(pin, '1234{Enter}');
    await waitFor(() => expect(router.state.location.pathname).toBe('/my-watch-list'));
    expect(window.localStorage.getItem('token')).toBe('owner-token');
    expect(JSON.parse(window.localStorage.getItem('profile') ?? '{}')).toMatchObject({
      id: 1,
      is_kids: false,
    });
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('closes the PIN dialog with Escape and keeps the profile', async () => {
    signIn('owner-token');
    mockApi({ 'GET /user/profiles': ok(family) });
    renderApp('/profiles');
    const user = userEvent.setup();
    const asha = await screen.findByRole('button', { name: /Asha/ });
    asha.focus();
    await user.keyboard('{Enter}');
    expect(await screen.findByRole('dialog')).toBeInTheDocument();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(window.localStorage.getItem('token')).toBe('owner-token');
  });
});
