import type { Banner, Genre, MovieCard, MovieDetail, Suggestion, User } from '@reeltime/contract';

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
    is_watch_list: false,
    is_liked: false,
    likes: 0,
    genres: [{ id: 1, name: 'Drama' }],
    more_items: [],
    casts: [],
    ...overrides,
  };
}
