import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { AdminJobsMessages, type AdminJob } from '@reeltime/contract';
import { ok } from '../../../../testing/fetch-mock';
import { renderWithRouter } from '../../../../testing/render';
import { job } from '../testing/fixtures';
import { mockAdminApi } from '../../../../testing/admin-fetch-mock';
import { JobsPage } from './jobs-page';

const list = (items: AdminJob[]) =>
  ok({ items, total: items.length, page: 1, per_page: 25, types: ['mail.deliver', 'transcode'] });

describe('Jobs page', () => {
  it('shows type, state, progress, attempts and payload, and refreshes while a job runs', async () => {
    let progress = 40;
    const api = mockAdminApi({
      'GET /admin/jobs': () => {
        progress += 20;
        return list([job({ progress })]);
      },
    });
    renderWithRouter(<JobsPage />, { path: '/admin/jobs' });
    const bar = await screen.findByRole('progressbar', { name: 'Job 31 progress' });
    expect(bar).toHaveAttribute('aria-valuenow', '60');
    const row = bar.closest('tr')!;
    expect(row).toHaveTextContent('transcode');
    expect(row).toHaveTextContent('videoId: 12');
    expect(row).toHaveTextContent('1/3');
    await waitFor(() => expect(bar).toHaveAttribute('aria-valuenow', '80'), { timeout: 4000 });
    expect(api.adminCalls('GET /admin/jobs').length).toBeGreaterThanOrEqual(2);
  });

  it('sends no filter for an empty one in the address, and shows every job', async () => {
    const api = mockAdminApi({ 'GET /admin/jobs': list([job({ state: 'done', progress: 100 })]) });
    renderWithRouter(<JobsPage />, { path: '/admin/jobs?state=&type=' });
    expect(await screen.findByText('Done')).toBeInTheDocument();
    const sent = api.adminCalls('GET /admin/jobs')[0]!.url.searchParams;
    expect(sent.has('state')).toBe(false);
    expect(sent.has('type')).toBe(false);
    expect(screen.getByLabelText('State')).toHaveValue('');
  });

  it('stops refreshing once nothing is under way', async () => {
    const api = mockAdminApi({ 'GET /admin/jobs': list([job({ state: 'done', progress: 100 })]) });
    renderWithRouter(<JobsPage />, { path: '/admin/jobs' });
    expect(await screen.findByText('Done')).toBeInTheDocument();
    await new Promise((resolve) => setTimeout(resolve, 2500));
    expect(api.adminCalls('GET /admin/jobs')).toHaveLength(1);
  });

  it('retries a failed job and cancels a queued one after a confirmation', async () => {
    const failed = job({ id: 40, state: 'failed', last_error: 'ffmpeg exited with 1', attempts: 3 });
    const queued = job({
      id: 41,
      type: 'mail.deliver',
      state: 'queued',
      progress: 0,
      payload_summary: 'outboxId: 3',
    });
    const api = mockAdminApi({
      'GET /admin/jobs': list([failed, queued]),
      'POST /admin/jobs/:id/retry': ok(job({ id: 40, state: 'queued' }), AdminJobsMessages.jobRequeued),
      'POST /admin/jobs/:id/cancel': ok(job({ id: 41, state: 'cancelled' }), AdminJobsMessages.jobCancelled),
    });
    renderWithRouter(<JobsPage />, { path: '/admin/jobs?state=failed' });
    const user = userEvent.setup();
    expect(await screen.findByText('ffmpeg exited with 1')).toBeInTheDocument();
    expect(api.adminCalls('GET /admin/jobs')[0]!.url.searchParams.get('state')).toBe('failed');

    await user.click(screen.getByRole('button', { name: 'Retry job 40 (transcode)' }));
    expect(await screen.findByText(AdminJobsMessages.jobRequeued)).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Cancel job 41 (mail.deliver)' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Cancel job 41?' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel the job' }));
    expect(await screen.findByText(AdminJobsMessages.jobCancelled)).toBeInTheDocument();
    expect(api.adminCalls('POST /admin/jobs/:id/cancel')[0]!.url.pathname).toBe(
      '/api/v1/admin/jobs/41/cancel',
    );

    await user.selectOptions(screen.getByLabelText('Type'), 'transcode');
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('type=transcode'));
  });
});
