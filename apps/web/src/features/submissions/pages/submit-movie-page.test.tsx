import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { Messages, ServerMessages } from '@reeltime/contract';
import { fail, ok } from '../../../testing/fetch-mock';
import { renderApp, signIn } from '../../../testing/render';
import { pngFile as png } from '../../../testing/image-files';
import { mockUploads } from '../../../testing/xhr-mock';

/** The pixel size the browser would decode for each picture, by file name. */
function imageSizes(sizes: Record<string, { width: number; height: number }>) {
  vi.stubGlobal(
    'createImageBitmap',
    vi.fn(async (file: File) => ({
      ...(sizes[file.name] ?? { width: 300, height: 300 }),
      close: () => undefined,
    })),
  );
}

async function renderForm() {
  signIn();
  const uploads = mockUploads();
  renderApp('/submit-your-movie');
  await screen.findByRole('heading', { level: 1, name: 'Submit Your Movie' });
  return uploads;
}

const sendButton = () => screen.getByRole('button', { name: /^Send|Sending/ });
const member = (number: number) => screen.getByRole('group', { name: `Cast member ${number}` });
const alertIn = (element: HTMLElement, text: string) =>
  within(element).findByText(text, { selector: '[role="alert"]' });

async function fillValidForm(user: UserEvent) {
  await user.selectOptions(screen.getByLabelText('Role'), 'Director');
  await user.type(screen.getByLabelText('Title'), 'Monsoon Letters');
  await user.type(screen.getByLabelText('Description (optional)'), 'Two cousins write to each other.');
  await user.selectOptions(screen.getByLabelText('Platform (optional)'), 'dailymotion');
  await user.type(screen.getByLabelText('Link'), 'https://www.dailymotion.com/video/x8abc12');
  await user.upload(screen.getByLabelText('Thumbnail'), png('thumb.png'));
  const first = member(1);
  await user.type(within(first).getByLabelText('Name'), 'Ira Sen');
  await user.type(within(first).getByLabelText('Job title'), 'Lead actor');
  await user.upload(within(first).getByLabelText('Profile image'), png('ira.png'));
}

describe('Submit Your Movie', () => {
  beforeEach(() => imageSizes({}));

  it('starts with the member’s name and email and Send disabled until the form is valid', async () => {
    const user = userEvent.setup();
    await renderForm();
    expect(screen.getByLabelText('Your name')).toHaveValue('Asha Rao');
    expect(screen.getByLabelText('Email')).toHaveValue('asha@example.com');
    expect(sendButton()).toBeDisabled();
    expect(screen.getByLabelText('Role')).toHaveDisplayValue('Choose your role');
    expect(
      Array.from((screen.getByLabelText('Role') as HTMLSelectElement).options).map((option) => option.text),
    ).toEqual(['Choose your role', 'Actor', 'Director', 'Executive Producer', 'Producer']);
    expect(
      Array.from((screen.getByLabelText('Platform (optional)') as HTMLSelectElement).options).map(
        (option) => option.value,
      ),
    ).toEqual(['', 'youtube', 'vimeo', 'dailymotion', 'other']);

    await fillValidForm(user);
    await waitFor(() => expect(sendButton()).toBeEnabled());

    await user.clear(screen.getByLabelText('Title'));
    await waitFor(() => expect(sendButton()).toBeDisabled());
  });

  it('shows the message of every rule once a field is left', async () => {
    const user = userEvent.setup();
    await renderForm();
    const form = (await screen.findByRole('heading', { level: 1 })).parentElement!;

    await user.clear(screen.getByLabelText('Your name'));
    await user.tab();
    expect(await alertIn(form, Messages.yourNameRequired)).toBeInTheDocument();

    await user.clear(screen.getByLabelText('Email'));
    await user.tab();
    expect(await alertIn(form, Messages.emailRequired)).toBeInTheDocument();
    await user.type(screen.getByLabelText('Email'), 'not-an-email');
    expect(await alertIn(form, Messages.emailInvalid)).toBeInTheDocument();

    screen.getByLabelText('Role').focus();
    await user.tab();
    expect(await alertIn(form, Messages.roleRequired)).toBeInTheDocument();

    screen.getByLabelText('Title').focus();
    await user.tab();
    expect(await alertIn(form, Messages.titleRequired)).toBeInTheDocument();

    await user.type(screen.getByLabelText('Link'), 'not a link');
    await user.tab();
    expect(await alertIn(form, Messages.urlInvalid)).toBeInTheDocument();

    screen.getByLabelText('Thumbnail').focus();
    await user.tab();
    expect(await alertIn(form, Messages.thumbnailRequired)).toBeInTheDocument();

    const first = member(1);
    within(first).getByLabelText('Name').focus();
    await user.tab();
    expect(await alertIn(first, Messages.castNameRequired)).toBeInTheDocument();
    await user.tab();
    expect(await alertIn(first, Messages.jobTitleRequired)).toBeInTheDocument();
    await user.type(within(first).getByLabelText('Email (optional)'), 'nope');
    await user.tab();
    expect(await alertIn(first, Messages.castEmailInvalid)).toBeInTheDocument();
    within(first).getByLabelText('Profile image').focus();
    await user.tab();
    expect(await alertIn(first, Messages.profileImageRequired)).toBeInTheDocument();

    // Fixing a field takes its message away.
    await user.type(screen.getByLabelText('Title'), 'Monsoon Letters');
    await waitFor(() => expect(within(form).queryByText(Messages.titleRequired)).not.toBeInTheDocument());
    await user.upload(within(first).getByLabelText('Profile image'), png('ira.png'));
    await waitFor(() =>
      expect(within(first).queryByText(Messages.profileImageRequired)).not.toBeInTheDocument(),
    );
    expect(within(first).getByRole('img', { name: 'Profile image preview' })).toHaveAttribute(
      'src',
      'blob:ira.png',
    );
  });

  it('adds and removes cast members, needs at least one and allows at most 20', async () => {
    const user = userEvent.setup();
    await renderForm();
    await fillValidForm(user);
    await waitFor(() => expect(sendButton()).toBeEnabled());
    const add = screen.getByRole('button', { name: 'Add cast member' });

    await user.click(add);
    expect(screen.getAllByRole('group', { name: /^Cast member/ })).toHaveLength(2);
    expect(within(member(2)).getByLabelText('Name')).toHaveFocus();
    // The new member's fields are required too, but say so only once they were left.
    await waitFor(() => expect(sendButton()).toBeDisabled());
    expect(within(member(2)).queryByRole('alert')).not.toBeInTheDocument();
    await user.tab();
    expect(await alertIn(member(2), Messages.castNameRequired)).toBeInTheDocument();
    expect(within(member(2)).queryByText(Messages.jobTitleRequired)).not.toBeInTheDocument();

    await user.click(within(member(2)).getByRole('button', { name: 'Remove cast member 2' }));
    expect(screen.getAllByRole('group', { name: /^Cast member/ })).toHaveLength(1);
    expect(add).toHaveFocus();
    expect(within(member(1)).getByLabelText('Name')).toHaveValue('Ira Sen');
    await waitFor(() => expect(sendButton()).toBeEnabled());

    await user.click(within(member(1)).getByRole('button', { name: 'Remove cast member 1' }));
    expect(screen.queryByRole('group', { name: /^Cast member/ })).not.toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent(Messages.castRequired);
    await waitFor(() => expect(sendButton()).toBeDisabled());

    for (let count = 1; count <= 20; count += 1) fireEvent.click(add);
    expect(screen.getAllByRole('group', { name: /^Cast member/ })).toHaveLength(20);
    expect(add).toBeDisabled();
  });

  it('recommends 400x400 for a cast picture that is larger', async () => {
    imageSizes({ 'large.png': { width: 800, height: 600 }, 'square.png': { width: 400, height: 400 } });
    const user = userEvent.setup();
    await renderForm();
    const picture = await within(await screen.findByRole('group', { name: 'Cast member 1' })).findByLabelText(
      'Profile image',
    );

    await user.upload(picture, png('large.png'));
    expect(await screen.findByText(Messages.recommendedImage)).toBeInTheDocument();
    expect(picture).toHaveAccessibleDescription(new RegExp(Messages.recommendedImage.replaceAll('.', '\\.')));

    await user.upload(picture, png('square.png'));
    await waitFor(() => expect(screen.queryByText(Messages.recommendedImage)).not.toBeInTheDocument());
  });

  it('refuses a picture larger than the server takes before anything is sent', async () => {
    const user = userEvent.setup();
    const uploads = await renderForm();
    await fillValidForm(user);
    await waitFor(() => expect(sendButton()).toBeEnabled());

    const picture = within(member(1)).getByLabelText('Profile image');
    expect(picture).toHaveAccessibleDescription('JPEG, PNG, WebP or GIF, up to 2 MB.');
    await user.upload(picture, png('big.png', 2 * 1024 * 1024));
    // Said the moment it is chosen, with the server's message.
    expect(await alertIn(member(1), ServerMessages.castImageTooLarge)).toBeInTheDocument();
    await waitFor(() => expect(sendButton()).toBeDisabled());
    expect(uploads.requests).toHaveLength(0);
  });

  it('flags a 6 MB thumbnail the moment it is chosen', async () => {
    const user = userEvent.setup();
    await renderForm();
    const thumbnail = screen.getByLabelText('Thumbnail');
    await user.upload(thumbnail, png('huge.png', 6 * 1024 * 1024));
    expect(await screen.findByText(ServerMessages.thumbnailTooLarge)).toBeInTheDocument();
    expect(thumbnail).toHaveAttribute('aria-invalid', 'true');
    expect(screen.queryByRole('img', { name: 'Thumbnail preview' })).not.toBeInTheDocument();
  });

  it.each([
    ['a text file', new File(['just words'], 'notes.txt', { type: 'text/plain' })],
    ['a text file named .png', new File(['just words'], 'fake.png', { type: 'image/png' })],
  ])('refuses %s as a thumbnail at once, without a broken preview', async (_, file) => {
    const user = userEvent.setup({ applyAccept: false });
    await renderForm();
    const thumbnail = screen.getByLabelText('Thumbnail');
    await user.upload(thumbnail, file);
    expect(await screen.findByText(ServerMessages.unsupportedMedia)).toBeInTheDocument();
    expect(screen.queryByRole('img', { name: 'Thumbnail preview' })).not.toBeInTheDocument();
  });

  it('sends the fields and files with upload progress, then toasts and resets the form', async () => {
    const user = userEvent.setup();
    const uploads = await renderForm();
    await fillValidForm(user);
    await user.click(screen.getByRole('button', { name: 'Add cast member' }));
    const second = member(2);
    await user.type(within(second).getByLabelText('Name'), 'Dev Rao');
    await user.type(within(second).getByLabelText('Job title'), 'Cinematographer');
    await user.type(within(second).getByLabelText('Email (optional)'), 'dev@example.com');
    await user.upload(within(second).getByLabelText('Profile image'), png('dev.png'));
    await waitFor(() => expect(sendButton()).toBeEnabled());

    await user.click(sendButton());
    const request = uploads.latest();
    expect(request.method).toBe('POST');
    expect(request.url.pathname).toBe('/api/v1/user/movie-detail-request');
    expect(request.headers.get('Authorization')).toBe('Bearer test-token');
    const body = request.body;
    expect(Object.fromEntries([...body.entries()].filter(([, value]) => typeof value === 'string'))).toEqual({
      name: 'Asha Rao',
      email: 'asha@example.com',
      role: 'Director',
      title: 'Monsoon Letters',
      description: 'Two cousins write to each other.',
      type: '',
      platform: 'dailymotion',
      link: 'https://www.dailymotion.com/video/x8abc12',
      'cast[0][name]': 'Ira Sen',
      'cast[0][jobTitle]': 'Lead actor',
      'cast[0][email]': '',
      'cast[1][name]': 'Dev Rao',
      'cast[1][jobTitle]': 'Cinematographer',
      'cast[1][email]': 'dev@example.com',
    });
    expect((body.get('thumnail') as File).name).toBe('thumb.png');
    expect((body.get('cast[0][image]') as File).name).toBe('ira.png');
    expect((body.get('cast[1][image]') as File).name).toBe('dev.png');

    await waitFor(() => expect(sendButton()).toHaveTextContent('Sending...'));
    expect(sendButton()).toBeDisabled();
    act(() => request.progress(45, 100));
    const progress = screen.getByRole('progressbar', { name: 'Upload progress' });
    expect(progress).toHaveAttribute('aria-valuenow', '45');
    expect(screen.getByText('45%')).toBeInTheDocument();

    act(() =>
      request.respond(ok({ id: 9, status: 'pending' }, 'Thanks! Your movie was sent for review.', 201)),
    );
    expect(await screen.findByText('Thanks! Your movie was sent for review.')).toBeInTheDocument();
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
    expect(screen.getByLabelText('Title')).toHaveValue('');
    expect(screen.getByLabelText('Link')).toHaveValue('');
    expect(screen.getByLabelText('Role')).toHaveValue('');
    expect(screen.getByLabelText('Your name')).toHaveValue('Asha Rao');
    expect(screen.getAllByRole('group', { name: /^Cast member/ })).toHaveLength(1);
    expect(within(member(1)).getByLabelText('Name')).toHaveValue('');
    expect((screen.getByLabelText('Thumbnail') as HTMLInputElement).files).toHaveLength(0);
    expect(screen.queryByRole('img', { name: 'Thumbnail preview' })).not.toBeInTheDocument();
    await waitFor(() => expect(sendButton()).toBeDisabled());
  });

  it('shows the server’s field message beside its field, without a toast over the form, and keeps the form', async () => {
    const user = userEvent.setup();
    const uploads = await renderForm();
    await fillValidForm(user);
    await waitFor(() => expect(sendButton()).toBeEnabled());

    await user.click(sendButton());
    act(() =>
      uploads.latest().respond(fail(422, 'The given data was invalid.', { link: ['Must be a valid URL'] })),
    );
    await waitFor(() =>
      expect(screen.getByLabelText('Link')).toHaveAccessibleDescription(Messages.urlInvalid),
    );
    expect(screen.queryByText('The given data was invalid.')).not.toBeInTheDocument();
    expect(screen.getByLabelText('Title')).toHaveValue('Monsoon Letters');
  });

  it('says Something went wrong when no answer comes back', async () => {
    const user = userEvent.setup();
    const uploads = await renderForm();
    await fillValidForm(user);
    await waitFor(() => expect(sendButton()).toBeEnabled());

    await user.click(sendButton());
    act(() => uploads.latest().failNetwork());
    expect(await screen.findByText(Messages.somethingWentWrong)).toBeInTheDocument();
    await waitFor(() => expect(sendButton()).toBeEnabled());
  });
});
