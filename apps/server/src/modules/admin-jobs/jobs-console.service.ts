import {
  AdminJobsMessages as Said,
  type AdminJob,
  type AdminJobList,
  type AdminJobsFilter,
} from '@reeltime/contract';
import type { AppContext } from '../../context';
import { jobNames } from '../../jobs/job-map';
import type { JobDetails, JobInfo } from '../../jobs/queue';
import { Conflict, NotFound } from '../../lib/errors';
import { toPage } from '../../lib/page';
import { auditActor, recordAudit } from '../audit/audit';
import { payloadSummary } from './payload-summary';

const iso = (at: number) => new Date(at).toISOString();

const toAdminJob = (job: JobDetails): AdminJob => ({
  id: job.id,
  type: job.name,
  state: job.state,
  progress: job.progress,
  attempts: job.attempts,
  max_attempts: job.maxAttempts,
  last_error: job.lastError,
  run_at: iso(job.runAt),
  created_at: iso(job.createdAt),
  updated_at: iso(job.updatedAt),
  payload_summary: payloadSummary(job.payload),
});

const auditedState = (job: JobInfo) => ({
  state: job.state,
  attempts: job.attempts,
  last_error: job.lastError,
});

/** Background jobs for the operator: what ran, what failed and why, and a retry or a cancel. */
export function createJobsConsoleService(ctx: Pick<AppContext, 'db' | 'jobs'>) {
  /** The job as listed, with its payload summary. */
  async function job(id: number): Promise<AdminJob> {
    const details = await ctx.jobs.get(id);
    if (!details) throw new NotFound(Said.jobNotFound);
    return toAdminJob(details);
  }

  /** A retry or a cancel, in one transaction with its audit entry. */
  async function change(
    actorId: number,
    id: number,
    action: 'job.retry' | 'job.cancel',
    refused: string,
  ): Promise<AdminJob> {
    await ctx.db.transaction().execute(async (trx) => {
      const before = await ctx.jobs.get(id, { within: trx });
      if (!before) throw new NotFound(Said.jobNotFound);
      const changed =
        action === 'job.retry'
          ? await ctx.jobs.retry(id, { within: trx })
          : await ctx.jobs.cancel(id, { within: trx });
      if (!changed) throw new Conflict(refused);
      const after = await ctx.jobs.get(id, { within: trx });
      await recordAudit(trx, {
        actor: await auditActor(trx, actorId),
        action,
        entityType: 'job',
        entityId: id,
        before: { type: before.name, ...auditedState(before) },
        after: after && auditedState(after),
      });
    });
    return job(id);
  }

  return {
    async list(query: AdminJobsFilter): Promise<AdminJobList> {
      const { limit, offset } = toPage(query);
      const { jobs, total } = await ctx.jobs.list({
        ...(query.type ? { name: query.type } : {}),
        ...(query.state ? { state: query.state } : {}),
        limit,
        offset,
      });
      return {
        items: jobs.map(toAdminJob),
        total,
        page: query.page,
        per_page: query.per_page,
        types: [...jobNames].sort(),
      };
    },

    retry: (actorId: number, id: number) => change(actorId, id, 'job.retry', Said.jobNotRetryable),

    /** A running job stops at its worker's next heartbeat. */
    cancel: (actorId: number, id: number) => change(actorId, id, 'job.cancel', Said.jobNotCancellable),
  };
}
