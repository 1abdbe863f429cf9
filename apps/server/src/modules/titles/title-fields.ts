import type { LinkType } from '@reeltime/contract';
import type { TitleRow } from '../../db/database';

/** The stored trailer columns as the console shows them: null when there is no link. */
export function trailerOf(row: { trailer_url: string; trailer_url_type: LinkType }) {
  return row.trailer_url ? { type: row.trailer_url_type, url: row.trailer_url } : null;
}

/** A title's own editable fields, as the console's editor and the audit log both show them. */
export function titleFields(row: TitleRow) {
  return {
    type: row.type,
    name: row.name,
    description: row.description,
    release_date: row.release_date,
    language: row.language,
    duration_minutes: row.duration_minutes,
    imdb_rating: Number(row.imdb_rating),
    content_rating: row.content_rating,
    poster_image: row.poster_image,
    thumbnail_image: row.thumbnail_image,
    trailer: trailerOf(row),
    is_free: Number(row.is_free) === 1,
    is_published: Number(row.is_published) === 1,
  };
}
