import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { Messages, ServerMessages } from '@reeltime/contract';
import { fail, mockApi, ok } from '../../../testing/fetch-mock';
import { renderApp, signIn } from '../../../testing/render';

async function openChangePassword() {
  signIn('old-token');
  const view = renderApp('/edit-profile');
  const user = userEvent.setup();
  await user.click(await screen.findByRole('tab', { name: 'Change Password' }));
  expect(screen.getByRole('tab', { name: 'Change Password' })).toHaveAttribute('aria-selected', 'true');
  return { ...view, user };
}

describe('Change password form', () => {
  it('shows the contract messages and keeps the button disabled until valid', async () => {
    mockApi();
    const { user } = await openChangePassword();
    const submit = screen.getByRole('button', { name: 'Change Password' });
    expect(submit).toBeDisabled();

    await user.click(screen.getByLabelText('Old password'));
    await user.tab();
    expect(await screen.findByText(Messages.oldPasswordRequired)).toBeInTheDocument();

    await user.click(screen.getByLabelText('New password'));
    await user.tab();
    expect(await screen.findByText(Messages.newPasswordRequired)).toBeInTheDocument();
    await user.type(screen.getByLabelText('New password'), 'short');
    await user.tab();
    expect(await screen.findByText(Messages.passwordMin8)).toBeInTheDocument();

    await user.click(screen.getByLabelText('Confirm password'));
    await user.tab();
    expect(await screen.findByText(Messages.confirmPasswordRequired)).toBeInTheDocument();
    await user.type(screen.getByLabelText('Confirm password'), 'different1');
    await user.tab();
    await user.type(screen.getByLabelText('Old password'), 'secret1');
    await user.clear(screen.getByLabelText('New password'));
    await user.type(screen.getByLabelText('New password'), 'longenough1');
    expect(await screen.findByText(Messages.passwordsMustMatch)).toBeInTheDocument();
    expect(submit).toBeDisabled();

    await user.clear(screen.getByLabelText('Confirm password'));
    await user.type(screen.getByLabelText('Confirm password'), 'longenough1');
    await waitFor(() => expect(submit).toBeEnabled());
  });

  it('replaces the stored token with the new one and toasts the message', async () => {
    const api = mockApi({
      'POST /user/change-password': ok({ api_token: 'new-token' }, ServerMessages.passwordChanged),
    });
    const { user } = await openChangePassword();

    await user.type(screen.getByLabelText('Old password'), 'secret1');
    await user.type(screen.getByLabelText('New password'), 'longenough1');
    await user.type(screen.getByLabelText('Confirm password'), 'longenough1');
    await user.click(screen.getByRole('button', { name: 'Change Password' }));

    expect(await screen.findByText(ServerMessages.passwordChanged)).toBeInTheDocument();
    expect(window.localStorage.getItem('token')).toBe('new-token');
    expect(api.calls('POST /user/change-password')[0]?.headers.get('Authorization')).toBe('Bearer old-token');
    expect(screen.getByLabelText('Old password')).toHaveValue('');
  });

  it('toasts the server message, or the password-change fallback', async () => {
    const api = mockApi({ 'POST /user/change-password': fail(422, ServerMessages.oldPasswordWrong) });
    const { user } = await openChangePassword();

    await user.type(screen.getByLabelText('Old password'), 'wrong-one');
    await user.type(screen.getByLabelText('New password'), 'longenough1');
    await user.type(screen.getByLabelText('Confirm password'), 'longenough1');
    await user.click(screen.getByRole('button', { name: 'Change Password' }));
    expect(await screen.findByText(ServerMessages.oldPasswordWrong)).toBeInTheDocument();

    api.set('POST /user/change-password', fail(500, ''));
    await user.click(screen.getByRole('button', { name: 'Change Password' }));
    expect(await screen.findByText(Messages.passwordChangeFailed)).toBeInTheDocument();
    expect(window.localStorage.getItem('token')).toBe('old-token');
  });
});
