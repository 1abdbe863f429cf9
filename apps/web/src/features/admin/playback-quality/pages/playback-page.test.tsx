import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { AdminPlaybackQuality } from '@reeltime/contract';
import { ok } from '../../../../testing/fetch-mock';
import { mockAdminApi } from '../../../../testing/admin-fetch-mock';
import { renderWithRouter } from '../../../../testing/render';
import { PlaybackPage } from './playback-page';

// jsdom has no canvas: record what the chart was given instead of drawing it.
const charts = vi.hoisted(() => ({ data: [] as unknown[] }));
vi.mock('uplot', () => ({
  default: class {
    constructor(_options: unknown, data: unknown) {
      charts.data.push(data);
    }
    setSize() {}
    destroy() {}
  },
}));

const quiet: AdminPlaybackQuality['total'] = {
  plays: 0,
  failures: 0,
  rebuffer_ratio: null,
  start_p50_ms: null,
  start_p75_ms: null,
  start_p95_ms: null,
};

const totalOf = ({ day: _day, ...figures }: AdminPlaybackQuality['per_day'][number]) => figures;

function figures(days = 7): AdminPlaybackQuality {
  const perDay = Array.from({ length: days }, (_, index) => ({
    day: `2026-11-${String(20 + index).padStart(2, '0')}`,
    ...quiet,
  }));
  perDay[days - 1] = {
    day: perDay[days - 1]!.day,
    plays: 14,
    failures: 3,
    rebuffer_ratio: 0.04,
    start_p50_ms: 1400,
    start_p75_ms: 2600,
    start_p95_ms: 5000,
  };
  const broken = {
    title_id: 9,
    title_name: 'Broken Reel',
    plays: 4,
    failures: 3,
    failure_rate: 0.75,
    rebuffer_ratio: 0.4,
    start_p50_ms: 3000,
    start_p75_ms: 3000,
    start_p95_ms: 3000,
    top_failures: [
      { failure: 'network', plays: 2 },
      { failure: 'media', plays: 1 },
    ],
  };
  return {
    days,
    target_start_ms: 2000,
    per_day: perDay,
    total: totalOf(perDay[days - 1]!),
    by_device: [
      {
        device_class: 'desktop',
        plays: 13,
        failures: 2,
        rebuffer_ratio: 0.04,
        start_p50_ms: 1400,
        start_p75_ms: 2000,
        start_p95_ms: 5000,
      },
      {
        device_class: 'phone',
        plays: 1,
        failures: 1,
        rebuffer_ratio: null,
        start_p50_ms: null,
        start_p75_ms: null,
        start_p95_ms: null,
      },
    ],
    failures_by_title: [broken],
    worst_titles: [broken],
  };
}

describe('Playback page', () => {
  it('shows start times against the target, the rebuffer ratio, failures by device and title, and the worst titles', async () => {
    mockAdminApi({ 'GET /admin/playback-quality': ok(figures()) });
    renderWithRouter(<PlaybackPage />, { path: '/admin/playback' });

    const start = await screen.findByRole('region', { name: 'Start time (p75)' });
    expect(start).toHaveTextContent('2.6 s');
    expect(start).toHaveTextContent('target 2.0 s; p50 1.4 s, p95 5.0 s');
    expect(screen.getByRole('region', { name: 'Rebuffer ratio' })).toHaveTextContent('4.0%');
    expect(screen.getByRole('region', { name: 'Start failures' })).toHaveTextContent(
      '21.4% of plays never started',
    );

    expect(
      screen.getByRole('img', { name: /Start time percentiles per day over the last 7 days/ }),
    ).toBeInTheDocument();
    const [, target, p50, p75] = charts.data.at(-1) as (number | null)[][];
    expect(target).toEqual(Array(7).fill(2));
    expect(p50!.at(-1)).toBe(1.4);
    expect(p75!.slice(0, 6)).toEqual(Array(6).fill(null));

    const days = screen.getByRole('table', { name: 'Plays per day, last 7 days' });
    // Days without plays are left out of the table.
    expect(within(days).getAllByRole('row')).toHaveLength(2);
    expect(within(days).getByRole('row', { name: /2026-11-26/ })).toHaveTextContent('141.4 s2.6 s5.0 s4.0%3');

    const devices = screen.getByRole('table', { name: 'Plays by device' });
    expect(
      within(devices)
        .getAllByRole('rowheader')
        .map((cell) => cell.textContent),
    ).toEqual(['Computers', 'Phones']);
    const failures = screen.getByRole('table', { name: 'Start failures by title' });
    expect(failures).toHaveTextContent('network (2 plays), media (1 play)');
    expect(within(failures).getByRole('link', { name: 'Broken Reel' })).toHaveAttribute(
      'href',
      '/admin/titles/9',
    );
    expect(screen.getByRole('table', { name: 'Titles whose plays went worst' })).toHaveTextContent(
      '3 (75.0%)',
    );
  });

  it('reads another period from the URL and changes it there', async () => {
    const api = mockAdminApi({
      'GET /admin/playback-quality': (request) =>
        ok(figures(Number(request.url.searchParams.get('days') ?? 30))),
    });
    renderWithRouter(<PlaybackPage />, { path: '/admin/playback?days=7' });
    expect(await screen.findByRole('table', { name: 'Plays per day, last 7 days' })).toBeInTheDocument();
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Period' }), 'Last 90 days');
    expect(await screen.findByRole('table', { name: 'Plays per day, last 90 days' })).toBeInTheDocument();
    expect(
      api.adminCalls('GET /admin/playback-quality').map((call) => call.url.searchParams.get('days')),
    ).toEqual(['7', '90']);
  });

  it('says so when no play was reported', async () => {
    const empty = figures();
    mockAdminApi({
      'GET /admin/playback-quality': ok({
        ...empty,
        per_day: empty.per_day.map((day) => ({ ...day, ...quiet })),
        total: quiet,
        by_device: [],
        failures_by_title: [],
        worst_titles: [],
      }),
    });
    renderWithRouter(<PlaybackPage />, { path: '/admin/playback' });
    expect(await screen.findByText('No plays reported in the last 7 days.')).toBeInTheDocument();
  });
});
