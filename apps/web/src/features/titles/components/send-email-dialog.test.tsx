import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { Cast } from '@reeltime/contract';
import { fail, mockApi, ok } from '../../../testing/fetch-mock';
import { movieDetail } from '../../../testing/fixtures';
import { renderApp, signIn } from '../../../testing/render';

const casts: Cast[] = [
  { id: 21, name: 'Ira Sen', profile_image: '/media/images/ira.jpg', job_title: 'Actor', has_email: true },
  {
    id: 22,
    name: 'Dev Rao',
    profile_image: '/media/images/dev.jpg',
    job_title: 'Director',
    has_email: false,
  },
];

async function openDetails() {
  signIn();
  const api = mockApi({ 'GET /user/movie-details/:id': ok(movieDetail({ casts })) });
  renderApp('/movie-details/7');
  await screen.findByRole('heading', { level: 2, name: 'Cast and Crew' });
  return api;
}

const dialog = () => screen.getByRole('dialog', { name: 'Send Email to Ira Sen' });
const sendButton = () => within(dialog()).getByRole('button', { name: /^Send|Sending/ });

describe('Send Email to a cast member', () => {
  it('offers Send Email only for a cast member with an address', async () => {
    await openDetails();
    expect(screen.getByRole('button', { name: 'Send Email to Ira Sen' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Send Email to Dev Rao' })).not.toBeInTheDocument();
  });

  it('opens a dialog with the message box focused, a counter, and Send disabled while empty', async () => {
    const user = userEvent.setup();
    await openDetails();
    await user.click(screen.getByRole('button', { name: 'Send Email to Ira Sen' }));

    const message = within(dialog()).getByLabelText('Message');
    expect(message).toHaveFocus();
    expect(message).toHaveAttribute('maxlength', '2000');
    expect(message).toHaveAccessibleDescription('0 / 2000 characters');
    expect(sendButton()).toBeDisabled();

    await user.type(message, '   ');
    expect(sendButton()).toBeDisabled();
    await user.type(message, 'Loved your work');
    expect(message).toHaveAccessibleDescription('18 / 2000 characters');
    expect(sendButton()).toBeEnabled();
  });

  it('keeps Tab inside, and closes with Escape or Cancel, focus back on the button', async () => {
    const user = userEvent.setup();
    await openDetails();
    const opener = screen.getByRole('button', { name: 'Send Email to Ira Sen' });

    await user.click(opener);
    await user.type(within(dialog()).getByLabelText('Message'), 'Hello');
    await user.tab();
    expect(within(dialog()).getByRole('button', { name: 'Cancel' })).toHaveFocus();
    await user.tab();
    expect(sendButton()).toHaveFocus();
    await user.tab();
    expect(within(dialog()).getByLabelText('Message')).toHaveFocus();
    await user.tab({ shift: true });
    expect(sendButton()).toHaveFocus();

    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(opener).toHaveFocus();

    await user.click(opener);
    // A new opening starts with an empty message.
    expect(within(dialog()).getByLabelText('Message')).toHaveValue('');
    await user.click(within(dialog()).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(opener).toHaveFocus();
  });

  it('sends the message, toasts the server’s answer and closes', async () => {
    const user = userEvent.setup();
    const api = await openDetails();
    let release: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => (release = resolve));
    api.set('POST /user/send-mail-to-cast', async () => {
      await gate;
      return ok(null, 'Your message was sent to Ira Sen.');
    });
    const opener = screen.getByRole('button', { name: 'Send Email to Ira Sen' });

    await user.click(opener);
    await user.type(within(dialog()).getByLabelText('Message'), '  Loved your work in Night Harbour.  ');
    await user.click(sendButton());
    expect(sendButton()).toHaveTextContent('Sending...');
    expect(sendButton()).toBeDisabled();

    release();
    expect(await screen.findByText('Your message was sent to Ira Sen.')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(opener).toHaveFocus();
    expect(api.calls('POST /user/send-mail-to-cast')[0]?.json()).toEqual({
      cast_id: 21,
      message: 'Loved your work in Night Harbour.',
    });
  });

  it('toasts the server’s message on failure and keeps the message', async () => {
    const user = userEvent.setup();
    const api = await openDetails();
    api.set('POST /user/send-mail-to-cast', fail(429, 'Too many attempts. Please try again later.'));

    await user.click(screen.getByRole('button', { name: 'Send Email to Ira Sen' }));
    await user.type(within(dialog()).getByLabelText('Message'), 'Hello');
    await user.click(sendButton());

    expect(await screen.findByText('Too many attempts. Please try again later.')).toBeInTheDocument();
    expect(within(dialog()).getByLabelText('Message')).toHaveValue('Hello');
    await waitFor(() => expect(sendButton()).toBeEnabled());
  });

  it('sends a visitor to sign in first', async () => {
    mockApi({ 'GET /user/movie-details/:id': ok(movieDetail({ casts })) });
    renderApp('/movie-details/7');
    const link = await screen.findByRole('link', { name: 'Send Email to Ira Sen' });
    expect(link).toHaveAttribute('href', '/login?next=%2Fmovie-details%2F7');
  });
});
