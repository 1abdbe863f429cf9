import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { AdminMailMessages } from '@reeltime/contract';
import { ok } from '../../../../testing/fetch-mock';
import { renderWithRouter } from '../../../../testing/render';
import { mailMessage } from '../testing/fixtures';
import { mockAdminApi } from '../../../../testing/admin-fetch-mock';
import { MailPage } from './mail-page';

const { text: _text, html: _html, reply_to: _replyTo, ...summary } = mailMessage();

describe('Mail page', () => {
  it('lists the outbox with status and error, filtered from the URL', async () => {
    const api = mockAdminApi({
      'GET /admin/mail': ok({ items: [summary], total: 1, page: 1, per_page: 25 }),
    });
    renderWithRouter(<MailPage />, { path: '/admin/mail?status=failed' });
    const row = (await screen.findByRole('button', { name: 'Reset your Reeltime password' })).closest('tr')!;
    expect(row).toHaveTextContent('grace@example.com');
    expect(within(row).getByText('Failed')).toBeInTheDocument();
    expect(row).toHaveTextContent('ECONNREFUSED');
    expect(api.adminCalls('GET /admin/mail')[0]!.url.searchParams.get('status')).toBe('failed');
    expect(screen.getByLabelText('Status')).toHaveValue('failed');
  });

  it('shows a message’s HTML only inside a sandboxed frame, and sends a failed one again', async () => {
    const api = mockAdminApi({
      'GET /admin/mail': ok({ items: [summary], total: 1, page: 1, per_page: 25 }),
      'GET /admin/mail/:id': ok(mailMessage()),
      'POST /admin/mail/:id/retry': ok(
        mailMessage({ status: 'pending', last_error: null }),
        AdminMailMessages.mailRequeued,
      ),
    });
    renderWithRouter(<MailPage />, { path: '/admin/mail' });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Reset your Reeltime password' }));

    const dialog = await screen.findByRole('dialog', { name: 'Reset your Reeltime password' });
    const frame = await within(dialog).findByTitle('The message as HTML');
    expect(frame.tagName).toBe('IFRAME');
    expect(frame.getAttribute('sandbox')).toBe('');
    expect(frame.getAttribute('srcdoc')).toContain('<b>Grace</b>');
    expect(frame.getAttribute('srcdoc')).toContain("default-src 'none'");
    // Never parsed into the console's own page.
    expect(document.querySelector('script')).toBeNull();
    expect(document.querySelector('b')).toBeNull();
    expect(dialog).toHaveTextContent('Hello Grace, open this link.');

    await user.click(within(dialog).getByRole('button', { name: 'Send again' }));
    expect(await screen.findByText(AdminMailMessages.mailRequeued)).toBeInTheDocument();
    expect(api.adminCalls('POST /admin/mail/:id/retry')[0]!.url.pathname).toBe('/api/v1/admin/mail/21/retry');
    expect(within(dialog).queryByRole('button', { name: 'Send again' })).not.toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('says when the outbox is empty', async () => {
    mockAdminApi({ 'GET /admin/mail': ok({ items: [], total: 0, page: 1, per_page: 25 }) });
    renderWithRouter(<MailPage />, { path: '/admin/mail' });
    expect(await screen.findByText('No mail yet.')).toBeInTheDocument();
  });
});
