import type { MySubmission, SubmissionFieldsSchema } from '@reeltime/contract';
import type { z } from 'zod';
import type { AppContext } from '../../context';
import { NotFound } from '../../lib/errors';
import { MINUTE_MS } from '../../lib/time';
import { createUserRepository } from '../users/user.repository';
import {
  deleteSubmissionImages,
  storeSubmissionImages,
  SUBMISSION_IMAGE_FOLDERS,
  type SubmissionUploads,
} from './submission-files';
import { submissionReceivedMail } from './submission-mail';
import { createSubmissionRepository, type SubmissionSummaryRow } from './submission.repository';
import { siteIdentity } from '../site-settings/site-settings.service';

type SubmissionFields = z.output<typeof SubmissionFieldsSchema>;

/** An image younger than this may belong to a submission still being written, so the sweep keeps it. */
export const UNUSED_IMAGE_MIN_AGE_MS = 60 * MINUTE_MS;

const toMySubmission = (row: SubmissionSummaryRow): MySubmission => ({
  id: row.id,
  title: row.title,
  status: row.status,
  rejection_reason: row.status === 'rejected' ? row.rejection_reason : null,
  created_at: new Date(row.created_at).toISOString(),
  thumbnail_image: row.thumbnail_image,
});

export function createSubmissionsService(ctx: AppContext) {
  const users = createUserRepository(ctx.db);
  return {
    /**
     * Stores the images, then writes the submission, its cast and the confirmation mail in one
     * transaction; if that fails the images are deleted again, so nothing is left behind.
     */
    async submit(userId: number, fields: SubmissionFields, uploads: SubmissionUploads) {
      const member = await users.findById(userId);
      if (!member) throw new NotFound();
      const images = await storeSubmissionImages(ctx.images, uploads);
      try {
        const id = await ctx.db.transaction().execute(async (trx) => {
          const submissionId = await createSubmissionRepository(trx).insert(
            {
              user_id: userId,
              name: fields.name,
              email: fields.email,
              role: fields.role,
              title: fields.title,
              description: fields.description ?? null,
              type: fields.type ?? null,
              platform: fields.platform ?? null,
              link: fields.link,
              thumbnail_image: images.thumbnail,
              status: 'pending',
              created_at: Date.now(),
            },
            fields.cast.map((person, position) => ({
              name: person.name,
              job_title: person.jobTitle,
              email: person.email ?? null,
              image: images.castImages[position]!,
              position,
            })),
          );
          await ctx.mail.send(
            submissionReceivedMail(await siteIdentity(ctx, trx), member.email, fields),
            trx,
          );
          return submissionId;
        });
        return { id, status: 'pending' as const };
      } catch (error) {
        await deleteSubmissionImages(ctx.images, [images.thumbnail, ...images.castImages]);
        throw error;
      }
    },

    /**
     * Deletes submission images no row points to (left by a process that stopped between storing
     * them and its transaction), except recent ones. Returns how many were deleted.
     */
    async sweepUnusedImages(now = Date.now()): Promise<number> {
      let deleted = 0;
      for (const folder of SUBMISSION_IMAGE_FOLDERS) {
        const candidates = await ctx.images.listImages(folder, now - UNUSED_IMAGE_MIN_AGE_MS);
        const used = await createSubmissionRepository(ctx.db).imagesAmong(candidates);
        const unused = candidates.filter((url) => !used.has(url));
        for (const url of unused) await ctx.images.deleteImage(url);
        deleted += unused.length;
      }
      return deleted;
    },

    async listMine(userId: number): Promise<MySubmission[]> {
      return (await createSubmissionRepository(ctx.db).listByUser(userId)).map(toMySubmission);
    },
  };
}
