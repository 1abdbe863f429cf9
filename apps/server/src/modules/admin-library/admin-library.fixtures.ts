import sharp from 'sharp';
import type { App } from '../../app';
import { multipart, type Part } from '../../testing/http';

/** Helpers for the library and review tests. Not used by the server itself. */
export const API = '/api/v1';

/** A small solid PNG. */
export const png = (width = 64, height = 64, background = '#3a7') =>
  sharp({ create: { width, height, channels: 3, background } })
    .png()
    .toBuffer();

export const imagePart = (name: string, value: Buffer, filename = 'picture.png'): Part => ({
  name,
  value,
  filename,
  contentType: 'image/png',
});

/** Rows of the audit log for one action, oldest first. */
export const auditRows = (app: App, action: string) =>
  app.ctx.db.selectFrom('audit_log').selectAll().where('action', '=', action).orderBy('id').execute();

export const countRows = async (app: App, table: 'genres' | 'people' | 'banners' | 'titles' | 'audit_log') =>
  Number(
    (
      await app.ctx.db
        .selectFrom(table)
        .select((eb) => eb.fn.countAll<number>().as('count'))
        .executeTakeFirstOrThrow()
    ).count,
  );

/** Sends a submission as a member would: one thumbnail and the cast given (each with a photo). */
export async function submitMovie(
  app: App,
  auth: { authorization: string },
  options: {
    title?: string;
    type?: string;
    link?: string;
    platform?: string;
    cast?: { name: string; jobTitle: string; email?: string }[];
  } = {},
): Promise<number> {
  const image = await png(32, 32, '#c33');
  const cast = options.cast ?? [{ name: 'Lead Actor', jobTitle: 'Actor', email: 'lead@example.com' }];
  const parts: Part[] = [
    { name: 'name', value: 'Asha Rao' },
    { name: 'email', value: 'asha@example.com' },
    { name: 'role', value: 'Director' },
    { name: 'title', value: options.title ?? 'Monsoon Letters' },
    { name: 'description', value: 'A short film about <letters> & rain.' },
    { name: 'type', value: options.type ?? 'Movie' },
    { name: 'platform', value: options.platform ?? 'youtube' },
    { name: 'link', value: options.link ?? 'https://www.youtube.com/watch?v=abcdefghijk' },
    imagePart('thumnail', image),
  ];
  cast.forEach((member, index) => {
    parts.push(
      { name: `cast[${index}][name]`, value: member.name },
      { name: `cast[${index}][jobTitle]`, value: member.jobTitle },
      { name: `cast[${index}][email]`, value: member.email ?? '' },
      imagePart(`cast[${index}][image]`, image),
    );
  });
  const form = multipart(parts);
  const response = await app.inject({
    method: 'POST',
    url: `${API}/user/movie-detail-request`,
    headers: { ...auth, ...form.headers },
    payload: form.payload,
  });
  if (response.statusCode !== 201) throw new Error(`submission failed: ${response.body}`);
  return (response.json().data as { id: number }).id;
}
