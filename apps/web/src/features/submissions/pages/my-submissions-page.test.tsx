import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { MySubmission } from '@reeltime/contract';
import { fail, mockApi, ok } from '../../../testing/fetch-mock';
import { household } from '../../../testing/fixtures';
import { renderApp, signIn } from '../../../testing/render';

function submission(overrides: Partial<MySubmission> = {}): MySubmission {
  return {
    id: 1,
    title: 'Monsoon Letters',
    status: 'pending',
    rejection_reason: null,
    created_at: '2025-07-15T10:00:00.000Z',
    thumbnail_image: '/media/images/submission-1.jpg',
    ...overrides,
  };
}

const item = (title: string) =>
  screen.getByRole('heading', { level: 2, name: title }).closest('li') as HTMLElement;

describe('My submissions', () => {
  it('lists each submission with its status, and the operator’s reason for a rejection', async () => {
    signIn();
    mockApi({
      'GET /user/my-submissions': ok([
        submission(),
        submission({ id: 2, title: 'Salt Roads', status: 'approved' }),
        submission({
          id: 3,
          title: 'Paper Kites',
          status: 'rejected',
          rejection_reason: 'The link does not play.',
        }),
      ]),
    });
    renderApp('/my-submissions');

    expect(await screen.findByRole('heading', { level: 1, name: 'My submissions' })).toBeInTheDocument();
    const list = await screen.findByRole('list', { name: 'Your submissions' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(3);
    expect(item('Monsoon Letters')).toHaveTextContent('Pending review');
    expect(item('Monsoon Letters')).toHaveTextContent('Sent 15 July 2025');
    expect(item('Monsoon Letters')).not.toHaveTextContent('Reason');
    expect(item('Salt Roads')).toHaveTextContent('Approved');
    expect(item('Paper Kites')).toHaveTextContent('Rejected');
    expect(item('Paper Kites')).toHaveTextContent('Reason: The link does not play.');
  });

  it('says when there are none yet and links to the form', async () => {
    signIn();
    mockApi({ 'GET /user/my-submissions': ok([]) });
    renderApp('/my-submissions');

    expect(await screen.findByText('You have not submitted a movie or show yet.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Submit your first one' })).toHaveAttribute(
      'href',
      '/submit-your-movie',
    );
  });

  it('offers to try again when the list cannot be loaded', async () => {
    signIn();
    const api = mockApi({ 'GET /user/my-submissions': fail(500, 'Something went wrong on our side.') });
    renderApp('/my-submissions');

    expect(await screen.findByRole('alert')).toHaveTextContent('Your submissions could not be loaded.');
    api.set('GET /user/my-submissions', ok([submission()]));
    await userEvent.setup().click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { level: 2, name: 'Monsoon Letters' })).toBeInTheDocument();
  });

  it('is reachable from the profile menu', async () => {
    signIn();
    mockApi({
      'GET /user/tvshow-list': ok([]),
      'GET /user/profiles': ok(household()),
      'GET /user/my-submissions': ok([]),
    });
    renderApp('/tv-show');
    const user = userEvent.setup();

    await user.click(await screen.findByRole('button', { name: 'Account menu for Asha Rao' }));
    await user.click(screen.getByRole('menuitem', { name: 'My submissions' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'My submissions' })).toBeInTheDocument();
  });
});
