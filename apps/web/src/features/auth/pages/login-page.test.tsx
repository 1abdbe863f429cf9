import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { Messages, ServerMessages, type LoginData } from '@reeltime/contract';
import { fail, mockApi, ok, type Reply } from '../../../testing/fetch-mock';
import { household, movieDetail, user as userFixture } from '../../../testing/fixtures';
import { renderApp } from '../../../testing/render';

const loginData: LoginData = { ...userFixture(), api_token: 'fresh-token' };

function browseMocks() {
  return {
    'GET /user/banners': ok([]),
    'GET /user/popular-movie': ok([]),
    'GET /user/continue-watching': ok([]),
    // "Who's watching?" goes straight on for an account with one profile.
    'GET /user/profiles': ok(household()),
  } as const;
}

async function openLogin() {
  const view = renderApp('/login');
  await screen.findByRole('heading', { level: 1, name: 'Sign In' });
  return view;
}

describe('Login page', () => {
  it('shows the fields, Remember me and both links; Sign In starts disabled', async () => {
    mockApi();
    await openLogin();

    expect(screen.getByLabelText('Email')).toBeInTheDocument();
    expect(screen.getByLabelText('Password')).toBeInTheDocument();
    expect(screen.getByRole('checkbox', { name: 'Remember me' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Forgot Password' })).toHaveAttribute('href', '/forgot-password');
    expect(screen.getByRole('link', { name: 'Sign up now' })).toHaveAttribute('href', '/signup');
    expect(screen.getByRole('button', { name: 'Sign In' })).toBeDisabled();
    expect(document.title).toBe('Login | Reeltime');
  });

  it('shows the contract messages and enables Sign In only when valid', async () => {
    mockApi();
    await openLogin();
    const user = userEvent.setup();
    const email = screen.getByLabelText('Email');
    const password = screen.getByLabelText('Password');
    const submit = screen.getByRole('button', { name: 'Sign In' });

    await user.type(email, 'not-an-email');
    await user.tab();
    expect(await screen.findByText(Messages.emailInvalid)).toBeInTheDocument();
    expect(email).toHaveAttribute('aria-invalid', 'true');

    await user.clear(email);
    expect(await screen.findByText(Messages.emailRequired)).toBeInTheDocument();

    await user.type(password, '123');
    await user.tab();
    expect(await screen.findByText(Messages.passwordMin6)).toBeInTheDocument();
    await user.clear(password);
    expect(await screen.findByText(Messages.passwordRequired)).toBeInTheDocument();
    expect(submit).toBeDisabled();

    await user.type(email, 'asha@example.com');
    await user.type(password, 'secret1');
    await waitFor(() => expect(submit).toBeEnabled());
    expect(screen.queryByText(Messages.emailRequired)).not.toBeInTheDocument();
  });

  it('signs in: Signing In... while busy, stores token and user, goes to /browse', async () => {
    let answer: (reply: Reply<LoginData>) => void = () => undefined;
    const api = mockApi({
      ...browseMocks(),
      'POST /login': () => new Promise<Reply<LoginData>>((resolve) => (answer = resolve)),
    });
    const { router } = await openLogin();
    const user = userEvent.setup();

    await user.type(screen.getByLabelText('Email'), ' Asha@Example.com ');
    await user.type(screen.getByLabelText('Password'), 'secret1');
    await user.click(screen.getByRole('button', { name: 'Sign In' }));

    expect(await screen.findByRole('button', { name: 'Signing In...' })).toBeDisabled();
    expect(api.calls('POST /login')[0]?.json()).toEqual({ email: 'asha@example.com', password: 'secret1' });

    answer(ok(loginData, ServerMessages.loginSuccess));

    await waitFor(() => expect(router.state.location.pathname).toBe('/browse'));
    expect(window.localStorage.getItem('token')).toBe('fresh-token');
    expect(JSON.parse(window.localStorage.getItem('user') ?? '{}')).toMatchObject({
      email: 'asha@example.com',
    });
    expect(await screen.findByText(ServerMessages.loginSuccess)).toBeInTheDocument();
  });

  it("toasts the server's message on failure, or Login failed! when there is none", async () => {
    const api = mockApi({ 'POST /login': fail(422, ServerMessages.loginWrong) });
    const { router } = await openLogin();
    const user = userEvent.setup();

    await user.type(screen.getByLabelText('Email'), 'asha@example.com');
    await user.type(screen.getByLabelText('Password'), 'wrong-password');
    await user.click(screen.getByRole('button', { name: 'Sign In' }));
    expect(await screen.findByText(ServerMessages.loginWrong)).toBeInTheDocument();

    api.set('POST /login', fail(500, ''));
    await user.click(screen.getByRole('button', { name: 'Sign In' }));
    expect(await screen.findByText(Messages.loginFailed)).toBeInTheDocument();

    expect(router.state.location.pathname).toBe('/login');
    expect(window.localStorage.getItem('token')).toBeNull();
  });

  it('shows a message the server gives for a field beside that field only, without a toast over the form', async () => {
    mockApi({
      'POST /login': fail(422, ServerMessages.loginWrong, { email: [ServerMessages.loginWrong] }),
    });
    await openLogin();
    const user = userEvent.setup();

    await user.type(screen.getByLabelText('Email'), 'asha@example.com');
    await user.type(screen.getByLabelText('Password'), 'wrong-password');
    await user.click(screen.getByRole('button', { name: 'Sign In' }));

    await waitFor(() =>
      expect(screen.getByLabelText('Email')).toHaveAccessibleDescription(ServerMessages.loginWrong),
    );
    expect(screen.getAllByText(ServerMessages.loginWrong)).toHaveLength(1);
    expect(screen.queryByRole('status')?.textContent ?? '').not.toContain(ServerMessages.loginWrong);
  });

  async function signInFrom(pathname: string) {
    mockApi({
      ...browseMocks(),
      'POST /login': ok(loginData, ServerMessages.loginSuccess),
      // The title the sign-in returns to loads as soon as it is shown.
      'GET /user/movie-details/:id': ok(movieDetail({ id: 7 })),
    });
    const view = renderApp(pathname);
    await screen.findByRole('heading', { level: 1, name: 'Sign In' });
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Email'), 'asha@example.com');
    await user.type(screen.getByLabelText('Password'), 'secret1');
    await user.click(screen.getByRole('button', { name: 'Sign In' }));
    return view.router;
  }

  it('returns to the title the visitor was sent from', async () => {
    const router = await signInFrom('/login?next=%2Fmovie-details%2F7');
    await waitFor(() => expect(router.state.location.pathname).toBe('/movie-details/7'), { timeout: 5_000 });
  });

  it('links sign-up with the page to come back to', async () => {
    mockApi();
    renderApp('/login?next=%2Fmovie-details%2F7');
    expect(await screen.findByRole('link', { name: 'Sign up now' })).toHaveAttribute(
      'href',
      '/signup?next=%2Fmovie-details%2F7',
    );
  });

  it.each(['//evil.example', 'https://evil.example', '/\\evil.example'])(
    'never follows ?next=%s off the site: it goes to /browse',
    async (next) => {
      const router = await signInFrom(`/login?next=${encodeURIComponent(next)}`);
      await waitFor(() => expect(router.state.location.pathname).toBe('/browse'), { timeout: 5_000 });
    },
  );
});
