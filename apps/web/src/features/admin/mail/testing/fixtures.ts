import type { AdminMailMessage } from '@reeltime/contract';

export function mailMessage(overrides: Partial<AdminMailMessage> = {}): AdminMailMessage {
  return {
    id: 21,
    to: 'grace@example.com',
    subject: 'Reset your Reeltime password',
    status: 'failed',
    attempts: 3,
    last_error: 'connect ECONNREFUSED 127.0.0.1:25',
    created_at: '2026-11-03T20:00:00.000Z',
    sent_at: null,
    reply_to: null,
    text: 'Hello Grace, open this link.',
    html: '<p>Hello <b>Grace</b></p><script>window.parent.hacked = true</script>',
    ...overrides,
  };
}
