import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { AdminSubmissionsMessages as M, type AdminSubmission } from '@reeltime/contract';
import { mockAdminApi } from '../../../../testing/admin-fetch-mock';
import { fail, ok } from '../../../../testing/fetch-mock';
import { renderWithRouter } from '../../../../testing/render';
import { SubmissionsReviewPage } from './submissions-page';

const submission = (fields: Partial<AdminSubmission> = {}): AdminSubmission => ({
  id: 5,
  title: 'Monsoon Letters',
  description: 'A short film about rain.',
  type: 'Movie',
  platform: 'youtube',
  link: 'https://www.youtube.com/watch?v=abcdefghijk',
  link_type: 'youtube',
  thumbnail_image: '/media/uploads/submissions/t.webp',
  status: 'pending',
  created_at: '2026-11-20T10:00:00.000Z',
  reviewed_at: null,
  rejection_reason: null,
  draft_title_id: null,
  submitter: { user_id: 3, name: 'Asha Rao', email: 'asha@example.com', role: 'Director' },
  cast: [
    {
      name: 'Lead Actor',
      job_title: 'Actor',
      email: 'lead@example.com',
      image: '/media/uploads/submission-cast/c.webp',
    },
  ],
  ...fields,
});
const page = (items: AdminSubmission[]) => ok({ items, total: items.length, page: 1, per_page: 10 });

describe('Submissions review page', () => {
  it('shows what waits for review: thumbnail, the video in its player, the sender and the cast', async () => {
    const api = mockAdminApi({ 'GET /admin/submissions': page([submission()]) });
    renderWithRouter(<SubmissionsReviewPage />, { path: '/admin/submissions' });
    const card = await screen.findByRole('article', { name: /Monsoon Letters/ });
    expect(within(card).getByTitle('Video of “Monsoon Letters”')).toHaveAttribute(
      'src',
      expect.stringContaining('youtube-nocookie.com/embed/abcdefghijk'),
    );
    expect(card).toHaveTextContent('Asha Rao (Director, asha@example.com)');
    expect(card).toHaveTextContent('Lead Actor, Actor');
    expect(card).toHaveTextContent('lead@example.com');
    expect(card).toHaveTextContent('Pending review');
    expect(api.adminCalls('GET /admin/submissions')[0]!.url.searchParams.get('status')).toBe('pending');
  });

  it('links out to a video it cannot embed', async () => {
    mockAdminApi({
      'GET /admin/submissions': page([
        submission({ link: 'https://example.com/film.mp4', link_type: 'url', platform: 'other' }),
      ]),
    });
    renderWithRouter(<SubmissionsReviewPage />, { path: '/admin/submissions' });
    const card = await screen.findByRole('article', { name: /Monsoon Letters/ });
    expect(within(card).queryByTitle(/Video of/)).not.toBeInTheDocument();
    expect(within(card).getByRole('link', { name: /example\.com\/film\.mp4/ })).toHaveAttribute(
      'rel',
      'noopener noreferrer',
    );
  });

  it('approves after asking and offers the draft title', async () => {
    const approved = submission({
      status: 'approved',
      draft_title_id: 77,
      reviewed_at: '2026-11-21T10:00:00.000Z',
    });
    const api = mockAdminApi({
      'GET /admin/submissions': page([submission()]),
      'POST /admin/submissions/:id/approve': ok(
        { draft_title_id: 77, submission: approved },
        M.submissionApproved,
      ),
    });
    renderWithRouter(<SubmissionsReviewPage />, { path: '/admin/submissions' });
    await userEvent.click(await screen.findByRole('button', { name: 'Approve Monsoon Letters' }));
    api.setAdmin('GET /admin/submissions', page([]));
    await userEvent.click(
      within(screen.getByRole('alertdialog', { name: 'Approve “Monsoon Letters”?' })).getByRole('button', {
        name: 'Approve and create draft',
      }),
    );
    expect(
      await screen.findByText('“Monsoon Letters” approved: draft title #77 created, unpublished.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Open the draft title' })).toHaveAttribute(
      'href',
      '/admin/titles/77',
    );
    expect(await screen.findByText('Nothing waiting for review.')).toBeInTheDocument();
    expect(api.adminCalls('POST /admin/submissions/:id/approve')[0]!.url.pathname).toMatch(
      /\/submissions\/5\/approve$/,
    );
  });

  it('rejects only with a reason, and shows a 409 when someone else reviewed it first', async () => {
    const api = mockAdminApi({
      'GET /admin/submissions': page([submission()]),
      'POST /admin/submissions/:id/reject': fail(409, M.submissionAlreadyReviewed('approved')),
    });
    renderWithRouter(<SubmissionsReviewPage />, { path: '/admin/submissions' });
    await userEvent.click(await screen.findByRole('button', { name: 'Reject Monsoon Letters' }));
    const dialog = screen.getByRole('dialog', { name: 'Reject “Monsoon Letters”' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Reject and tell the member' }));
    expect(await within(dialog).findByText(M.rejectionReasonRequired)).toBeInTheDocument();
    expect(api.adminCalls('POST /admin/submissions/:id/reject')).toHaveLength(0);

    await userEvent.type(
      within(dialog).getByLabelText('Reason (sent to the member)'),
      'The link is private.',
    );
    expect(within(dialog).getByText('20 / 1000')).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Reject and tell the member' }));
    expect(await screen.findByText(M.submissionAlreadyReviewed('approved'))).toBeInTheDocument();
    expect(api.adminCalls('POST /admin/submissions/:id/reject')[0]!.json()).toEqual({
      reason: 'The link is private.',
    });
  });

  it('shows reviewed submissions with their outcome when filtered', async () => {
    const api = mockAdminApi({
      'GET /admin/submissions': page([
        submission({
          id: 6,
          title: 'Declined',
          status: 'rejected',
          rejection_reason: 'Too long.',
          reviewed_at: '2026-11-21T10:00:00.000Z',
        }),
      ]),
    });
    renderWithRouter(<SubmissionsReviewPage />, { path: '/admin/submissions?status=rejected' });
    const card = await screen.findByRole('article', { name: /Declined/ });
    expect(card).toHaveTextContent('Reason given: Too long.');
    expect(within(card).queryByRole('button', { name: /Approve/ })).not.toBeInTheDocument();
    await userEvent.selectOptions(screen.getByLabelText('Show'), 'all');
    await waitFor(() =>
      expect(api.adminCalls('GET /admin/submissions').at(-1)!.url.searchParams.get('status')).toBeNull(),
    );
  });
});
