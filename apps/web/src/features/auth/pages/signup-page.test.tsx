import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { AdminSettingsMessages, Messages, ServerMessages } from '@reeltime/contract';
import { fail, mockApi, ok } from '../../../testing/fetch-mock';
import { user as userFixture } from '../../../testing/fixtures';
import { renderApp } from '../../../testing/render';

describe('Signup page', () => {
  it('prefills the email from the landing page and links to sign in', async () => {
    mockApi();
    renderApp({ pathname: '/signup', state: { email: 'asha@example.com' } });

    expect(await screen.findByRole('heading', { level: 1, name: 'Sign Up' })).toBeInTheDocument();
    expect(screen.getByLabelText('Email')).toHaveValue('asha@example.com');
    expect(screen.getByRole('link', { name: 'Sign in now' })).toHaveAttribute('href', '/login');
    expect(screen.getByRole('button', { name: 'Sign Up' })).toBeDisabled();
  });

  it('shows the contract messages for each field', async () => {
    mockApi();
    renderApp('/signup');
    await screen.findByRole('heading', { name: 'Sign Up' });
    const user = userEvent.setup();

    await user.click(screen.getByLabelText('First name'));
    await user.tab();
    expect(await screen.findByText(Messages.firstNameRequired)).toBeInTheDocument();
    await user.tab();
    expect(await screen.findByText(Messages.lastNameRequired)).toBeInTheDocument();
    await user.type(screen.getByLabelText('Email'), 'asha@');
    await user.tab();
    expect(await screen.findByText(Messages.emailInvalid)).toBeInTheDocument();
    await user.type(screen.getByLabelText('Password'), '12345');
    await user.tab();
    expect(await screen.findByText(Messages.passwordMin6)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Sign Up' })).toBeDisabled();
  });

  it('creates the account, toasts the success text and goes to /login', async () => {
    const api = mockApi({ 'POST /register': ok(userFixture(), ServerMessages.registerSuccess, 201) });
    const { router } = renderApp('/signup');
    await screen.findByRole('heading', { name: 'Sign Up' });
    const user = userEvent.setup();

    await user.type(screen.getByLabelText('First name'), 'Asha');
    await user.type(screen.getByLabelText('Last name'), 'Rao');
    await user.type(screen.getByLabelText('Email'), 'asha@example.com');
    await user.type(screen.getByLabelText('Password'), 'secret1');
    const submit = screen.getByRole('button', { name: 'Sign Up' });
    await waitFor(() => expect(submit).toBeEnabled());
    await user.click(submit);

    expect(await screen.findByText(Messages.signupSuccess)).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    // The sign-in form already has the new account's email.
    await screen.findByRole('heading', { level: 1, name: 'Sign In' });
    expect(screen.getByLabelText('Email')).toHaveValue('asha@example.com');
    expect(api.calls('POST /register')[0]?.json()).toEqual({
      first_name: 'Asha',
      last_name: 'Rao',
      email: 'asha@example.com',
      password: 'secret1',
    });
  });

  it('toasts the server message when the email is taken', async () => {
    mockApi({
      'POST /register': fail(409, ServerMessages.emailTaken),
    });
    renderApp('/signup');
    await screen.findByRole('heading', { name: 'Sign Up' });
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('First name'), 'Asha');
    await user.type(screen.getByLabelText('Last name'), 'Rao');
    await user.type(screen.getByLabelText('Email'), 'asha@example.com');
    await user.type(screen.getByLabelText('Password'), 'secret1');
    await user.click(screen.getByRole('button', { name: 'Sign Up' }));

    expect(await screen.findByText(ServerMessages.emailTaken)).toBeInTheDocument();
  });

  it('says sign-ups are closed when the operator closed them, instead of the form', async () => {
    const meta = document.createElement('meta');
    meta.name = 'signups-open';
    meta.content = 'false';
    document.head.append(meta);
    try {
      mockApi();
      renderApp('/signup');
      expect(await screen.findByRole('heading', { name: 'Sign Up' })).toBeInTheDocument();
      expect(screen.getByText(AdminSettingsMessages.signupsClosed)).toBeInTheDocument();
      expect(screen.queryByLabelText('Email')).not.toBeInTheDocument();
      expect(screen.getByRole('link', { name: 'Sign in now' })).toBeInTheDocument();
    } finally {
      meta.remove();
    }
  });

  it('shows the closed notice when sign-ups close while the form is open', async () => {
    mockApi({ 'POST /register': fail(403, AdminSettingsMessages.signupsClosed) });
    renderApp('/signup');
    await screen.findByRole('heading', { name: 'Sign Up' });
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('First name'), 'Asha');
    await user.type(screen.getByLabelText('Last name'), 'Rao');
    await user.type(screen.getByLabelText('Email'), 'asha@example.com');
    await user.type(screen.getByLabelText('Password'), 'secret1');
    await user.click(screen.getByRole('button', { name: 'Sign Up' }));
    expect(await screen.findAllByText(AdminSettingsMessages.signupsClosed)).toHaveLength(2);
    expect(screen.queryByLabelText('Email')).not.toBeInTheDocument();
  });
});
