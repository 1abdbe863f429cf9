import { DEFAULT_CONTENT_RATING_SCALE, type Household, type HouseholdProfile } from '@reeltime/contract';
import type {
  Banner,
  Genre,
  MovieCard,
  MovieDetail,
  Payment,
  PaymentDetails,
  Plan,
  Receipt,
  Subscription,
  Suggestion,
  User,
} from '@reeltime/contract';

export function movieCard(overrides: Partial<MovieCard> = {}): MovieCard {
  const id = overrides.id ?? 1;
  return {
    id,
    name: `Title ${id}`,
    type: 'movie',
    poster_image: `/media/images/poster-${id}.jpg`,
    thumbnail_image: `/media/images/thumb-${id}.jpg`,
    content_rating: 'U/A 13+',
    language: 'English',
    duration: '2:05',
    is_watch_list: false,
    ...overrides,
  };
}

export function movieCards(count: number, start = 1): MovieCard[] {
  return Array.from({ length: count }, (_, index) => movieCard({ id: start + index }));
}

export function banner(overrides: Partial<Banner['data']> = {}): Banner {
  return {
    poster_url: '/media/images/banner-1.jpg',
    data: {
      id: 7,
      name: 'Night Harbour',
      description: 'A harbour town keeps a secret.',
      release_date: '2024-05-17',
      language: 'English',
      duration: '1:52',
      imdb_rating: 7.8,
      trailer_url: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ',
      trailer_url_type: 'youtube',
      genres: [{ id: 1, name: 'Drama' }],
      ...overrides,
    },
  };
}

export function user(overrides: Partial<User> = {}): User {
  return {
    id: 1,
    first_name: 'Asha',
    last_name: 'Rao',
    email: 'asha@example.com',
    mobile: null,
    gender: null,
    date_of_birth: null,
    profile_image: null,
    is_admin: false,
    ...overrides,
  };
}

export const genres: Genre[] = [
  { id: 1, name: 'Drama' },
  { id: 2, name: 'Comedy' },
  { id: 3, name: 'Thriller' },
];

export const suggestions: Suggestion[] = [
  { id: 11, name: 'Night Harbour' },
  { id: 12, name: 'Night Shift' },
];

export function movieDetail(overrides: Partial<MovieDetail> = {}): MovieDetail {
  return {
    id: 7,
    name: 'Night Harbour',
    type: 'movie',
    description: 'A harbour town keeps a secret.',
    release_year: 2024,
    language: 'English',
    duration: '1:52',
    imdb_rating: 7.8,
    content_rating: 'U/A 13+',
    poster_image: '/media/images/poster-7.jpg',
    thumbnail_image: '/media/images/thumb-7.jpg',
    trailer_url: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ',
    trailer_url_type: 'youtube',
    video_links: [],
    needs_plan: false,
    is_watch_list: false,
    is_liked: false,
    likes: 0,
    genres: [{ id: 1, name: 'Drama' }],
    more_items: [],
    casts: [],
    ...overrides,
  };
}

/** The three plans of the demo catalog; plan 2 is the discounted one. */
export const plans: Plan[] = [
  {
    plan_id: 1,
    name: 'Basic',
    total_price: 149,
    currency: 'INR',
    duration_value: 1,
    duration: 'month',
    profiles: 2,
    plan_type: [
      { limitation_title: 'Screens', limitation_value: true, limit: '1' },
      { limitation_title: 'Downloads', limitation_value: false, limit: 'Not included' },
    ],
  },
  {
    plan_id: 2,
    name: 'Standard',
    total_price: 399,
    currency: 'INR',
    duration_value: 1,
    duration: 'month',
    profiles: 4,
    plan_type: [
      { limitation_title: 'Screens', limitation_value: true, limit: '2' },
      { limitation_title: 'Downloads', limitation_value: true, limit: { devices: 2, titles: 25 } },
    ],
  },
  {
    plan_id: 3,
    name: 'Premium',
    total_price: 6490,
    currency: 'INR',
    duration_value: 12,
    duration: 'month',
    profiles: 5,
    plan_type: [{ limitation_title: 'Screens', limitation_value: true, limit: '4' }],
  },
];

export function subscription(overrides: Partial<Subscription> = {}): Subscription {
  return {
    id: 5,
    plan_id: 2,
    name: 'Standard',
    status: 'active',
    start_date: '2025-07-15',
    end_date: '2025-08-15',
    renews_automatically: false,
    can_extend: true,
    ...overrides,
  };
}

/** Standard at 10% off with 18% GST: 399 - 39.90 = 359.10, + 64.64 = 423.74. */
export function paymentDetails(overrides: Partial<PaymentDetails> = {}): PaymentDetails {
  return {
    plan_id: 2,
    currency: 'INR',
    price: 399,
    discount: '10% off',
    discount_amount: 39.9,
    subtotal: 359.1,
    tax_array: [{ name: 'GST', value: 18, tax_amount: 64.64 }],
    total: 423.74,
    change: 'new',
    new_end_date: '2025-08-15',
    ...overrides,
  };
}

export function payment(overrides: Partial<Payment> = {}): Payment {
  return {
    id: 31,
    plan_id: 2,
    plan_name: 'Standard',
    amount: 423.74,
    currency: 'INR',
    paid_at: '2025-07-15T12:00:00.000Z',
    card_brand: 'visa',
    card_last4: '4242',
    ...overrides,
  };
}

export function receipt(overrides: Partial<Receipt> = {}): Receipt {
  return {
    ...payment(),
    receipt_number: 'RT-2025-000031',
    site_name: 'Reeltime',
    member_name: 'Asha Rao',
    member_email: 'asha@example.com',
    period_start: '2025-07-15',
    period_end: '2025-08-15',
    details: paymentDetails({
      credit: { description: 'Unused days of Basic', amount: 50 },
      total: 373.74,
    }),
    amount: 373.74,
    ...overrides,
  };
}

export function householdProfile(overrides: Partial<HouseholdProfile> = {}): HouseholdProfile {
  return {
    id: 1,
    name: 'Asha',
    avatar: 'red',
    avatar_image: null,
    is_owner: false,
    is_kids: false,
    maturity_limit: null,
    has_pin: false,
    locked_until: null,
    ...overrides,
  };
}

/** An account's household: by default the owner's profile alone, acting as it. */
export function household(overrides: Partial<Household> = {}): Household {
  const profiles = overrides.profiles ?? [householdProfile({ is_owner: true })];
  return {
    profiles,
    current_profile_id: profiles[0]?.id ?? 1,
    max_profiles: 4,
    account_pin: false,
    rating_scale: [...DEFAULT_CONTENT_RATING_SCALE],
    ...overrides,
  };
}
