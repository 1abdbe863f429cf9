import {
  DEFAULT_CONTENT_RATING_SCALE,
  type AdminGenre,
  type AdminPerson,
  type AdminTitleDetail,
  type AdminTitleRow,
  type SiteSettings,
} from '@reeltime/contract';

/** The site settings the title editor reads its rating scale from. */
export const siteSettings: SiteSettings = {
  site_name: 'Reeltime',
  signups_open: true,
  ad_slot_url: '',
  support_email: '',
  content_rating_scale: [...DEFAULT_CONTENT_RATING_SCALE],
  updated_at: null,
};

export const genres: AdminGenre[] = [
  { id: 1, name: 'Comedy', title_count: 3 },
  { id: 2, name: 'Drama', title_count: 5 },
];

export function titleRow(fields: Partial<AdminTitleRow> = {}): AdminTitleRow {
  return {
    id: 7,
    name: 'Harbour Lights',
    type: 'movie',
    poster_image: '/media/images/posters/7.webp',
    thumbnail_image: '/media/images/thumbs/7.webp',
    genres: [{ id: 2, name: 'Drama' }],
    is_published: true,
    is_free: false,
    video_state: 'ready',
    episodes: null,
    release_date: '2021-06-04',
    views: 1200,
    created_at: '2026-11-01T10:00:00.000Z',
    ...fields,
  };
}

export function titleDetail(fields: Partial<AdminTitleDetail> = {}): AdminTitleDetail {
  return {
    id: 7,
    type: 'movie',
    name: 'Harbour Lights',
    description: 'A ferry pilot finds a letter.',
    release_date: '2021-06-04',
    language: 'English',
    duration_minutes: 104,
    imdb_rating: 7.4,
    content_rating: 'PG-13',
    poster_image: '/media/images/posters/7.webp',
    thumbnail_image: '/media/images/thumbs/7.webp',
    trailer: { type: 'youtube', url: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ' },
    is_free: false,
    is_published: true,
    genres: [{ id: 2, name: 'Drama' }],
    cast: [{ person_id: 3, name: 'Ada Stone', profile_image: '', job_title: 'Actor' }],
    video_state: 'ready',
    seasons: [],
    views: 1200,
    likes: 40,
    created_at: '2026-11-01T10:00:00.000Z',
    updated_at: '2026-11-02T10:00:00.000Z',
    ...fields,
  };
}

export function person(fields: Partial<AdminPerson> = {}): AdminPerson {
  return {
    id: 4,
    name: 'Ben Hill',
    profile_image: '',
    email: null,
    has_email: false,
    title_count: 1,
    ...fields,
  };
}
