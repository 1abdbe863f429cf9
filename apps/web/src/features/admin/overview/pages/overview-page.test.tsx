import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { fail, ok } from '../../../../testing/fetch-mock';
import { mockAdminApi } from '../../../../testing/admin-fetch-mock';
import { renderWithRouter } from '../../../../testing/render';
import { overviewFixture } from '../testing-fixtures';
import { OverviewPage } from './overview-page';

// jsdom has no canvas: record what the chart was given instead of drawing it.
const charts = vi.hoisted(() => ({ data: [] as unknown[], destroyed: 0 }));
vi.mock('uplot', () => ({
  default: class {
    constructor(_options: unknown, data: unknown) {
      charts.data.push(data);
    }
    setSize() {}
    destroy() {
      charts.destroyed++;
    }
  },
}));

describe('Overview page', () => {
  it('shows the headline figures, the views chart with a text alternative, plans, jobs and failures', async () => {
    mockAdminApi({ 'GET /admin/overview': ok(overviewFixture()) });
    renderWithRouter(<OverviewPage />, { path: '/admin' });

    const members = await screen.findByRole('region', { name: 'Members' });
    expect(members).toHaveTextContent('1,234');
    expect(members).toHaveTextContent('+56 in the last 7 days');
    expect(screen.getByRole('region', { name: 'Active subscriptions' })).toHaveTextContent('15');
    expect(screen.getByRole('region', { name: 'Revenue this month' })).toHaveTextContent('₹69,800.00');
    expect(screen.getByRole('region', { name: 'Media storage' })).toHaveTextContent('3.5 GB');

    expect(screen.getByRole('img', { name: /views per day over the last 30 days/ })).toBeInTheDocument();
    const lastChart = charts.data.at(-1) as [number[], number[]];
    expect(lastChart[1]).toHaveLength(30);
    expect(lastChart[1][11]).toBe(120);
    expect(screen.getByText(/the busiest day was 12 Mar with 120/)).toBeInTheDocument();
    const dayTable = screen.getByRole('table', { name: 'Views per day, last 30 days' });
    expect(within(dayTable).getAllByRole('row')).toHaveLength(31);

    const plans = screen.getByRole('table', { name: 'Active subscriptions by plan' });
    expect(within(plans).getByRole('row', { name: 'Premium 5' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '2 failed jobs' })).toHaveAttribute(
      'href',
      '/admin/jobs?state=failed',
    );
    const failures = screen.getByRole('table', { name: 'The 10 most recent job failures' });
    expect(failures).toHaveTextContent('media.transcode');
    expect(failures).toHaveTextContent('ffmpeg exited with code 1');
  });

  it('says when nothing was watched and no job failed', async () => {
    mockAdminApi({
      'GET /admin/overview': ok(
        overviewFixture({
          views_per_day: overviewFixture().views_per_day.map((entry) => ({ ...entry, views: 0 })),
          recent_job_failures: [],
          revenue_this_month: [],
        }),
      ),
    });
    renderWithRouter(<OverviewPage />, { path: '/admin' });
    expect(await screen.findByText('No views in the last 30 days.')).toBeInTheDocument();
    expect(screen.getByText('No failed jobs.')).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Revenue this month' })).toHaveTextContent('₹0.00');
  });

  it('shows the server’s message when the overview cannot load, and tries again', async () => {
    const api = mockAdminApi({ 'GET /admin/overview': fail(503, 'The database is not answering.') });
    renderWithRouter(<OverviewPage />, { path: '/admin' });
    expect(await screen.findByRole('alert')).toHaveTextContent('The database is not answering.');
    api.setAdmin('GET /admin/overview', ok(overviewFixture()));
    await userEvent.setup().click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('region', { name: 'Members' })).toBeInTheDocument();
  });
});
