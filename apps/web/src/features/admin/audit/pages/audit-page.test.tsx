import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { AdminAuditMessages, type AuditEntry } from '@reeltime/contract';
import { ok } from '../../../../testing/fetch-mock';
import { mockAdminApi } from '../../../../testing/admin-fetch-mock';
import { renderWithRouter } from '../../../../testing/render';
import { AuditPage } from './audit-page';

const entry = (overrides: Partial<AuditEntry> = {}): AuditEntry => ({
  id: 1,
  actor_id: 1,
  actor_email: 'ada@ops.example',
  action: 'title.update',
  entity_type: 'title',
  entity_id: '7',
  before: { name: 'Old name', is_free: false, genres: [1] },
  after: { name: 'New name', is_free: false, genres: [1, 2] },
  created_at: '2025-03-10T12:00:00.000Z',
  ...overrides,
});

const page = (items: AuditEntry[], total = items.length) => ok({ items, total, page: 1, per_page: 25 });

describe('Audit log page', () => {
  it('sends the filters in the URL and shows what changed as a diff', async () => {
    const api = mockAdminApi({ 'GET /admin/audit': page([entry()]) });
    renderWithRouter(<AuditPage />, { path: '/admin/audit?actor=ada&from=2025-03-01' });
    const user = userEvent.setup();

    const row = (await screen.findByText('ada@ops.example')).closest('tr')!;
    expect(row).toHaveTextContent('title.update');
    expect(row).toHaveTextContent('title #7');
    const query = api.adminCalls('GET /admin/audit')[0]!.url.searchParams;
    expect(query.get('actor')).toBe('ada');
    expect(query.get('from')).toBe('2025-03-01');
    expect(query.get('page')).toBe('1');
    expect(screen.getByLabelText('Actor email')).toHaveValue('ada');

    await user.click(within(row).getByText('2 fields changed'));
    const diff = within(row).getByRole('table');
    expect(within(diff).getByRole('row', { name: /name Old name New name/ })).toBeInTheDocument();
    expect(within(diff).getByRole('row', { name: /genres \[1\] \[1,2\]/ })).toBeInTheDocument();
    expect(within(row).getByText('1 unchanged field not shown')).toBeInTheDocument();
  });

  it('applies filters into the URL and back to page 1; Clear removes them', async () => {
    const api = mockAdminApi({ 'GET /admin/audit': page([entry()], 60) });
    renderWithRouter(<AuditPage />, { path: '/admin/audit?page=2' });
    const user = userEvent.setup();
    await screen.findByText('ada@ops.example');
    expect(screen.getByText('Showing 26–50 of 60')).toBeInTheDocument();

    await user.type(screen.getByLabelText('Action'), 'member.');
    await user.click(screen.getByRole('button', { name: 'Apply filters' }));
    expect(await screen.findByTestId('location')).toHaveTextContent('/admin/audit?action=member.');
    const last = api.adminCalls('GET /admin/audit').at(-1)!.url.searchParams;
    expect(last.get('action')).toBe('member.');
    expect(last.get('page')).toBe('1');

    await user.click(screen.getByRole('button', { name: 'Clear' }));
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/admin\/audit$/);
  });

  it('refuses a start date after the end date without calling the server', async () => {
    const api = mockAdminApi({ 'GET /admin/audit': page([]) });
    renderWithRouter(<AuditPage />, { path: '/admin/audit' });
    const user = userEvent.setup();
    expect(await screen.findByText('Nothing has been changed in the console yet.')).toBeInTheDocument();
    await user.type(screen.getByLabelText('From'), '2025-03-12');
    await user.type(screen.getByLabelText('To'), '2025-03-11');
    await user.click(screen.getByRole('button', { name: 'Apply filters' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(AdminAuditMessages.auditRangeInvalid);
    expect(api.adminCalls('GET /admin/audit')).toHaveLength(1);
  });

  it('offers to clear filters that match nothing', async () => {
    mockAdminApi({ 'GET /admin/audit': page([]) });
    renderWithRouter(<AuditPage />, { path: '/admin/audit?actor=nobody' });
    expect(await screen.findByText('No entries match these filters.')).toBeInTheDocument();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Clear filters' }));
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/admin\/audit$/);
  });
});
