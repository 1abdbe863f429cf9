import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { Messages, ServerMessages } from '@reeltime/contract';
import { fail, mockApi, ok } from '../../../testing/fetch-mock';
import { renderApp } from '../../../testing/render';

describe('Forgot password', () => {
  it('keeps the button disabled until changed and valid, then shows the server message and goes to /', async () => {
    const api = mockApi({
      'POST /forgot-password': ok(null, ServerMessages.forgotPasswordSent),
      // The landing page the member is sent to loads its banners.
      'GET /user/banners': ok([]),
    });
    const { router } = renderApp('/forgot-password');
    const user = userEvent.setup();
    const submit = await screen.findByRole('button', { name: 'Send Reset Link' });
    expect(submit).toBeDisabled();

    await user.type(screen.getByLabelText('Email'), 'asha@');
    await user.tab();
    expect(await screen.findByText(Messages.emailInvalid)).toBeInTheDocument();
    expect(submit).toBeDisabled();

    await user.type(screen.getByLabelText('Email'), 'example.com');
    await waitFor(() => expect(submit).toBeEnabled());
    await user.click(submit);

    expect(await screen.findByText(ServerMessages.forgotPasswordSent)).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(api.calls('POST /forgot-password')[0]?.json()).toEqual({ email: 'asha@example.com' });
  });

  it('falls back to its own failure text', async () => {
    mockApi({ 'POST /forgot-password': fail(500, '') });
    renderApp('/forgot-password');
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Email'), 'asha@example.com');
    await user.click(screen.getByRole('button', { name: 'Send Reset Link' }));
    expect(await screen.findByText(Messages.forgotPasswordFailed)).toBeInTheDocument();
  });
});

describe('Reset password', () => {
  it('posts token, password and confirmation, then goes to /login', async () => {
    const api = mockApi({ 'POST /reset-password': ok(null, ServerMessages.resetPasswordDone) });
    const { router } = renderApp('/reset-password?token=abc123');
    const user = userEvent.setup();
    const submit = await screen.findByRole('button', { name: 'Reset Password' });

    await user.type(screen.getByLabelText('New password'), 'longenough1');
    await user.type(screen.getByLabelText('Confirm password'), 'longenough2');
    await user.tab();
    expect(await screen.findByText(Messages.passwordsMustMatch)).toBeInTheDocument();
    expect(submit).toBeDisabled();

    await user.clear(screen.getByLabelText('Confirm password'));
    await user.type(screen.getByLabelText('Confirm password'), 'longenough1');
    await waitFor(() => expect(submit).toBeEnabled());
    await user.click(submit);

    expect(await screen.findByText(ServerMessages.resetPasswordDone)).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(api.calls('POST /reset-password')[0]?.json()).toEqual({
      token: 'abc123',
      password: 'longenough1',
      password_confirmation: 'longenough1',
    });
  });

  it('explains a missing token instead of showing the form', async () => {
    mockApi();
    renderApp('/reset-password');
    expect(await screen.findByRole('alert')).toHaveTextContent(Messages.tokenRequired);
    expect(screen.queryByRole('button', { name: 'Reset Password' })).not.toBeInTheDocument();
  });
});
