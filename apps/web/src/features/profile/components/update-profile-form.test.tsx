import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { Messages, ServerMessages } from '@reeltime/contract';
import { mockApi } from '../../../testing/fetch-mock';
import { pngFile } from '../../../testing/image-files';
import { renderApp, signIn } from '../../../testing/render';

async function openProfile() {
  signIn();
  mockApi();
  renderApp('/edit-profile');
  await screen.findByLabelText('Date of birth', {}, { timeout: 5_000 });
  return userEvent.setup({ applyAccept: false });
}

describe('Update profile form', () => {
  it('says a date of birth in the future is refused as soon as it is entered, before leaving the field', async () => {
    await openProfile();
    const date = screen.getByLabelText('Date of birth');
    const nextYear = new Date().getUTCFullYear() + 1;
    fireEvent.change(date, { target: { value: `${nextYear}-01-15` } });

    expect(await screen.findByText(Messages.dateOfBirthInFuture)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Update Profile' })).toBeDisabled();
  });

  it.each([
    ['a text file', new File(['plain words'], 'me.txt', { type: 'text/plain' })],
    ['a text file named .png', new File(['plain words'], 'me.png', { type: 'image/png' })],
  ])(
    'refuses %s as the picture at once, with the server’s message and no broken preview',
    async (_, file) => {
      const user = await openProfile();
      await user.upload(screen.getByLabelText('Choose picture'), file);
      expect(await screen.findByText(ServerMessages.unsupportedMedia)).toBeInTheDocument();
      expect(screen.queryByRole('img', { name: 'Profile picture' })).not.toBeInTheDocument();
      await waitFor(() => expect(screen.getByRole('button', { name: 'Update Profile' })).toBeDisabled());
    },
  );
  it('refuses a picture over the site’s upload limit at once, with the server’s message naming that limit', async () => {
    const meta = document.createElement('meta');
    meta.name = 'max-upload-mb';
    meta.content = '2';
    document.head.append(meta);
    try {
      const user = await openProfile();
      expect(screen.getByText('JPEG, PNG, WebP or GIF, up to 2 MB.')).toBeInTheDocument();
      await user.upload(screen.getByLabelText('Choose picture'), pngFile('big.png', 2 * 1024 * 1024));
      expect(await screen.findByText(ServerMessages.fileTooLarge('picture', 2))).toBeInTheDocument();
      expect(screen.getByText('The picture must be at most 2 MB.')).toBeInTheDocument();
      expect(screen.queryByRole('img', { name: 'Profile picture' })).not.toBeInTheDocument();

      await user.upload(screen.getByLabelText('Choose picture'), pngFile('small.png', 1024 * 1024));
      expect(await screen.findByRole('img', { name: 'Profile picture' })).toBeInTheDocument();
      expect(screen.queryByText(ServerMessages.fileTooLarge('picture', 2))).not.toBeInTheDocument();
    } finally {
      meta.remove();
    }
  });
});
