import type { AdminMemberDetail, AdminMemberSummary } from '@reeltime/contract';

export function memberSummary(overrides: Partial<AdminMemberSummary> = {}): AdminMemberSummary {
  return {
    id: 7,
    first_name: 'Grace',
    last_name: 'Hopper',
    email: 'grace@example.com',
    is_admin: false,
    status: 'active',
    disabled_at: null,
    created_at: '2026-03-01T10:00:00.000Z',
    plan: { subscription_id: 3, plan_id: 2, name: 'Premium', status: 'active', end_date: '2026-12-01' },
    ...overrides,
  };
}

export function memberDetail(overrides: Partial<AdminMemberDetail> = {}): AdminMemberDetail {
  return {
    ...memberSummary(),
    mobile: null,
    gender: null,
    date_of_birth: null,
    profile_image: null,
    updated_at: '2026-03-02T10:00:00.000Z',
    sessions: 2,
    profiles: [
      {
        id: 21,
        name: 'Grace',
        is_owner: true,
        is_kids: false,
        maturity_limit: null,
        has_pin: false,
        locked: false,
        locked_until: null,
      },
    ],
    account_pin: false,
    subscriptions: [
      {
        id: 3,
        plan_id: 2,
        plan_name: 'Premium',
        status: 'active',
        start_date: '2026-11-01',
        end_date: '2026-12-01',
        gateway: 'builtin',
        past_due: false,
        created_at: '2026-11-01T10:00:00.000Z',
      },
    ],
    payments: [
      {
        id: 11,
        plan_name: 'Premium',
        amount: 499,
        currency: 'INR',
        paid_at: '2026-11-01T10:00:00.000Z',
        card_brand: 'Visa',
        card_last4: '4242',
      },
    ],
    progress: [
      {
        title_id: 5,
        title_name: 'Night Train',
        episode_id: null,
        episode_name: null,
        position_seconds: 754,
        duration_seconds: 5400,
        finished: false,
        updated_at: '2026-11-03T20:00:00.000Z',
      },
    ],
    views: [
      { title_id: 5, title_name: 'Night Train', day: '2026-11-03', created_at: '2026-11-03T20:00:00.000Z' },
    ],
    ...overrides,
  };
}
