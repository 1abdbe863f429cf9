import {
  AdminSubmissionsMessages as M,
  linkIsOnPlatform,
  type AdminSubmission,
  type AdminSubmissionsPage,
  type AdminSubmissionsQuerySchema,
  type ApproveSubmissionResult,
  type LinkType,
} from '@reeltime/contract';
import type { z } from 'zod';
import { makeImageVariants } from '../../adapters/storage/image-variants';
import type { AppContext } from '../../context';
import { Conflict, NotFound } from '../../lib/errors';
import { toPage } from '../../lib/page';
import { auditActor, recordAudit } from '../audit/audit';
import { invalidateCatalog } from '../catalog/catalog-invalidation';
import {
  copyStoredImage,
  deleteImagesQuietly,
  DRAFT_POSTER_FOLDER,
  DRAFT_THUMBNAIL_FOLDER,
  PERSON_PHOTO,
} from '../admin-library/library-images';
import { createPeopleRepository } from '../people/people.repository';
import { widthsColumn } from '../titles/thumbnail-sources';
import { createTitlesRepository } from '../titles/titles.repository';
import { submissionApprovedMail, submissionRejectedMail } from './submission-review-mail';
import {
  createSubmissionRepository,
  type SubmissionCastRow,
  type SubmissionRow,
} from '../submissions/submission.repository';
import { createUserRepository } from '../users/user.repository';
import { siteIdentity } from '../site-settings/site-settings.service';

type ReviewQuery = z.output<typeof AdminSubmissionsQuerySchema>;

const EMBEDDED_PLATFORMS = ['youtube', 'vimeo', 'dailymotion'] as const;

/** How the link plays: in its platform's player when it is on one, else as a plain link. */
export function linkTypeOf(link: string): LinkType {
  return EMBEDDED_PLATFORMS.find((platform) => linkIsOnPlatform(link, platform)) ?? 'url';
}

/** The member chose `Movie` or `TV show` (or nothing, read as a movie). */
const titleTypeOf = (type: string | null) => (type && /tv|show|series/i.test(type) ? 'tvshow' : 'movie');

const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());

function toAdminSubmission(row: SubmissionRow, cast: SubmissionCastRow[]): AdminSubmission {
  return {
    id: row.id,
    title: row.title,
    description: row.description,
    type: row.type,
    platform: row.platform,
    link: row.link,
    link_type: linkTypeOf(row.link),
    thumbnail_image: row.thumbnail_image,
    status: row.status,
    created_at: new Date(row.created_at).toISOString(),
    reviewed_at: iso(row.reviewed_at),
    rejection_reason: row.rejection_reason,
    draft_title_id: row.draft_title_id,
    submitter: { user_id: row.user_id, name: row.name, email: row.email, role: row.role },
    cast: cast.map((person) => ({
      name: person.name,
      job_title: person.job_title,
      email: person.email,
      image: person.image,
    })),
  };
}

const alreadyReviewed = (row: SubmissionRow) =>
  new Conflict(M.submissionAlreadyReviewed(row.status === 'rejected' ? 'rejected' : 'approved'));

/** A cast member of the draft: a person already known by that address, or one to add. */
type DraftCast = SubmissionCastRow & { existingPersonId?: number; photo?: string };

/**
 * The review of members' submissions. Approving turns one into an unpublished draft title with its
 * cast as people (images copied, so the submission and the title own their files apart); either
 * outcome is mailed to the member and shows in their My submissions.
 */
export function createSubmissionsReviewService(ctx: AppContext) {
  const repo = createSubmissionRepository(ctx.db);

  async function pendingSubmission(id: number): Promise<SubmissionRow> {
    const row = await repo.find(id);
    if (!row) throw new NotFound(M.submissionNotFound);
    if (row.status !== 'pending') throw alreadyReviewed(row);
    return row;
  }

  /** After a lost race, read in the review's own transaction: the review that won already decided. */
  async function conflictNow(review: typeof repo, id: number): Promise<never> {
    const row = await review.find(id);
    if (!row) throw new NotFound(M.submissionNotFound);
    throw alreadyReviewed(row);
  }

  async function reviewed(id: number): Promise<AdminSubmission> {
    const row = (await repo.find(id))!;
    return toAdminSubmission(row, await repo.castOf([id]));
  }

  return {
    async list(query: ReviewQuery): Promise<AdminSubmissionsPage> {
      const { rows, total } = await repo.page(query.status, toPage(query));
      const cast = await repo.castOf(rows.map((row) => row.id));
      return {
        items: rows.map((row) =>
          toAdminSubmission(
            row,
            cast.filter((person) => person.submission_id === row.id),
          ),
        ),
        total,
        page: query.page,
        per_page: query.per_page,
      };
    },

    async approve(adminId: number, id: number): Promise<ApproveSubmissionResult> {
      const submission = await pendingSubmission(id);
      const people = createPeopleRepository(ctx.db);
      const cast: DraftCast[] = [];
      for (const member of await repo.castOf([id])) {
        const known = member.email ? await people.findByEmail(member.email) : undefined;
        cast.push(known ? { ...member, existingPersonId: known.id } : member);
      }
      const copies: string[] = [];
      const copy = async (url: string, folder: string) => {
        const copied = await copyStoredImage(ctx.files, url, folder);
        if (copied) copies.push(copied);
        return copied;
      };
      try {
        const poster = await copy(submission.thumbnail_image, DRAFT_POSTER_FOLDER);
        const thumbnail = await copy(submission.thumbnail_image, DRAFT_THUMBNAIL_FOLDER);
        // The draft's cards draw its thumbnail: its smaller copies are made with it.
        const thumbnailWidths = thumbnail ? await makeImageVariants(ctx.files, thumbnail) : undefined;
        for (const member of cast) {
          if (member.existingPersonId === undefined)
            member.photo = await copy(member.image, PERSON_PHOTO.folder);
        }
        const draftTitleId = await ctx.db.transaction().execute(async (trx) => {
          const actor = await auditActor(trx, adminId);
          const review = createSubmissionRepository(trx);
          const titlesRepo = createTitlesRepository(trx, ctx.dialect);
          const now = Date.now();
          const title = {
            type: titleTypeOf(submission.type),
            name: submission.title,
            description: submission.description ?? '',
            release_date: null,
            language: '',
            duration_minutes: null,
            content_rating: '',
            imdb_rating: 0,
            poster_image: poster,
            thumbnail_image: thumbnail,
            trailer_url: submission.link,
            trailer_url_type: linkTypeOf(submission.link),
            is_free: 0,
            is_published: 0,
            like_count: 0,
            view_count: 0,
            created_at: now,
            updated_at: now,
          } as const;
          const titleId = await titlesRepo.insertTitle({
            ...title,
            thumbnail_widths: thumbnailWidths ? widthsColumn(thumbnailWidths) : '',
          });
          if (!(await review.decide(id, { status: 'approved', reviewed_at: now, draft_title_id: titleId }))) {
            await conflictNow(review, id);
          }
          const castRows = new Map<
            string,
            { title_id: number; person_id: number; job_title: string; position: number }
          >();
          for (const [position, member] of cast.entries()) {
            let personId = member.existingPersonId;
            if (personId === undefined) {
              const person = { name: member.name, email: member.email, profile_image: member.photo ?? '' };
              personId = await createPeopleRepository(trx).insert(person);
              await recordAudit(trx, {
                actor,
                action: 'person.create',
                entityType: 'person',
                entityId: personId,
                after: person,
              });
            }
            const key = `${personId}:${member.job_title}`;
            if (!castRows.has(key))
              castRows.set(key, {
                title_id: titleId,
                person_id: personId,
                job_title: member.job_title,
                position,
              });
          }
          await titlesRepo.insertCredits([...castRows.values()]);
          await recordAudit(trx, {
            actor,
            action: 'title.create',
            entityType: 'title',
            entityId: titleId,
            after: { ...title, from_submission: id },
          });
          await recordAudit(trx, {
            actor,
            action: 'submission.approve',
            entityType: 'submission',
            entityId: id,
            before: { status: 'pending' },
            after: { status: 'approved', draft_title_id: titleId },
          });
          const to = await createUserRepository(trx).emailOf(submission.user_id);
          if (to)
            await ctx.mail.send(submissionApprovedMail(await siteIdentity(ctx, trx), to, submission), trx);
          return titleId;
        });
        await invalidateCatalog(ctx.cache);
        return { draft_title_id: draftTitleId, submission: await reviewed(id) };
      } catch (error) {
        await deleteImagesQuietly(ctx.images, copies, ctx.log);
        throw error;
      }
    },

    async reject(adminId: number, id: number, reason: string): Promise<AdminSubmission> {
      const submission = await pendingSubmission(id);
      await ctx.db.transaction().execute(async (trx) => {
        const actor = await auditActor(trx, adminId);
        const review = createSubmissionRepository(trx);
        const decided = await review.decide(id, {
          status: 'rejected',
          reviewed_at: Date.now(),
          rejection_reason: reason,
        });
        if (!decided) await conflictNow(review, id);
        await recordAudit(trx, {
          actor,
          action: 'submission.reject',
          entityType: 'submission',
          entityId: id,
          before: { status: 'pending' },
          after: { status: 'rejected', rejection_reason: reason },
        });
        const to = await createUserRepository(trx).emailOf(submission.user_id);
        if (to)
          await ctx.mail.send(
            submissionRejectedMail(await siteIdentity(ctx, trx), to, submission, reason),
            trx,
          );
      });
      return reviewed(id);
    },
  };
}
