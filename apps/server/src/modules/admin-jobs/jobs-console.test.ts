import { AdminJobsMessages as Said, API_BASE, type AdminJob, type AdminJobList } from '@reeltime/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { JobHandlers } from '../../jobs/job-map';
import { createDatabaseJobRunner } from '../../jobs/runner';
import { startTestServer, type TestServer } from '../../testing/app';
import { signUpAdmin } from '../../testing/http';

let server: TestServer;
let admin: Awaited<ReturnType<typeof signUpAdmin>>;

beforeAll(async () => {
  server = await startTestServer();
  admin = await signUpAdmin(server.app);
});
afterAll(() => server.close());

const db = () => server.app.ctx.db;
const queue = () => server.app.ctx.jobs;
const call = (method: 'GET' | 'POST', path: string) =>
  server.app.inject({ method, url: `${API_BASE}${path}`, headers: admin.auth });

async function auditCount(): Promise<number> {
  const row = await db()
    .selectFrom('audit_log')
    .select((eb) => eb.fn.countAll<number | string>().as('count'))
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

async function failedJob(): Promise<number> {
  const job = await queue().enqueue('billing.expire-subscription', { subscriptionId: 7 });
  await db()
    .updateTable('jobs')
    .set({ status: 'failed', attempts: 3, last_error: 'subscription 7 is gone' })
    .where('id', '=', job.id)
    .execute();
  return job.id;
}

describe('GET /admin/jobs', () => {
  it('lists jobs newest first by type and state, with a payload summary that leaves private text out', async () => {
    const reset = await queue().enqueue('auth.password-reset', { email: 'someone@example.com' });
    const transcode = await queue().enqueue('transcode', {
      videoId: 12,
      captions: { file: 'uploads/secret-path.srt', language: 'en' },
      discardSource: true,
    });
    const failed = await failedJob();

    const res = await call('GET', '/admin/jobs');
    expect(res.statusCode).toBe(200);
    const list = res.json().data as AdminJobList;
    expect(list.items.map((job) => job.id)).toEqual([failed, transcode.id, reset.id]);
    expect(list.total).toBe(3);
    expect(list.types).toContain('mail.deliver');
    expect(list.types).toContain('transcode');

    const byId = new Map(list.items.map((job) => [job.id, job]));
    expect(byId.get(transcode.id)).toMatchObject({
      type: 'transcode',
      state: 'queued',
      progress: 0,
      attempts: 0,
      payload_summary: 'videoId: 12, captions: { file: …, language: en }, discardSource: true',
    });
    expect(JSON.stringify(list)).not.toContain('secret-path');
    expect(byId.get(reset.id)?.payload_summary).toBe('email: someone@example.com');
    expect(byId.get(failed)).toMatchObject({
      state: 'failed',
      attempts: 3,
      max_attempts: 3,
      last_error: 'subscription 7 is gone',
    });

    const onlyFailed = (await call('GET', '/admin/jobs?state=failed')).json().data as AdminJobList;
    expect(onlyFailed.items.map((job) => job.id)).toEqual([failed]);
    const transcodes = (await call('GET', '/admin/jobs?type=transcode&state=queued')).json()
      .data as AdminJobList;
    expect(transcodes.items.map((job) => job.id)).toEqual([transcode.id]);
    const paged = (await call('GET', '/admin/jobs?per_page=1&page=2')).json().data as AdminJobList;
    expect(paged).toMatchObject({ total: 3, page: 2, per_page: 1 });
    expect(paged.items.map((job) => job.id)).toEqual([transcode.id]);
  });

  it('refuses a bad filter with the field named', async () => {
    const res = await call('GET', '/admin/jobs?state=stuck&type=DROP%20TABLE&page=-1');
    expect(res.statusCode).toBe(422);
    expect(Object.keys(res.json().errors).sort()).toEqual(['page', 'state', 'type']);
  });

  it('reads an empty filter as no filter, as the console sends an unset choice', async () => {
    const all = (await call('GET', '/admin/jobs')).json().data as AdminJobList;
    const res = await call('GET', '/admin/jobs?state=&type=');
    expect(res.statusCode).toBe(200);
    expect((res.json().data as AdminJobList).items.map((job) => job.id)).toEqual(
      all.items.map((job) => job.id),
    );
    expect(all.total).toBeGreaterThan(1);
  });

  it('refuses a type longer than any job name with the field named', async () => {
    const res = await call('GET', `/admin/jobs?type=${'a'.repeat(65)}`);
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.type).toBeDefined();
  });
});

describe('retrying and cancelling jobs', () => {
  it('queues a failed job again with fresh attempts, and it runs', async () => {
    const id = await failedJob();
    const res = await call('POST', `/admin/jobs/${id}/retry`);
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe(Said.jobRequeued);
    expect(res.json().data).toMatchObject({ id, state: 'queued', attempts: 0 } satisfies Partial<AdminJob>);
    expect(await server.app.jobs.runJob(id)).toMatchObject({ state: 'done' });
    const entry = await db()
      .selectFrom('audit_log')
      .selectAll()
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(entry).toMatchObject({ actor_id: admin.id, action: 'job.retry', entity_id: String(id) });
    expect(JSON.parse(entry.before!)).toMatchObject({
      state: 'failed',
      last_error: 'subscription 7 is gone',
    });
    expect(JSON.parse(entry.after!)).toMatchObject({ state: 'queued', attempts: 0 });

    const audits = await auditCount();
    const again = await call('POST', `/admin/jobs/${id}/retry`);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(Said.jobNotRetryable);
    const cancelDone = await call('POST', `/admin/jobs/${id}/cancel`);
    expect(cancelDone.statusCode).toBe(409);
    expect(cancelDone.json().message).toBe(Said.jobNotCancellable);
    expect(await auditCount()).toBe(audits);
    expect((await queue().get(id))?.state).toBe('done');
  });

  it('cancels a queued job, which then never runs, and can retry it', async () => {
    const job = await queue().enqueue('auth.password-reset', { email: 'nobody@example.com' });
    const res = await call('POST', `/admin/jobs/${job.id}/cancel`);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ state: 'cancelled' });
    expect(await server.app.jobs.runJob(job.id)).toBeUndefined();
    expect((await call('POST', `/admin/jobs/${job.id}/retry`)).json().data).toMatchObject({
      state: 'queued',
    });
  });

  it('stops a running job at its worker’s next heartbeat', async () => {
    let aborted = false;
    let started!: () => void;
    const running = new Promise<void>((resolve) => (started = resolve));
    const handlers = {
      'auth.password-reset': {
        run: (_payload, job) =>
          new Promise<void>((_resolve, reject) => {
            started();
            job.signal.addEventListener('abort', () => {
              aborted = true;
              reject(new Error('stopped'));
            });
          }),
      },
    } as Partial<JobHandlers> as JobHandlers;
    const runner = createDatabaseJobRunner(db(), handlers, {
      concurrency: { media: 0, light: 1 },
      worker: { pollIntervalMs: 10, heartbeatMs: 20 },
    });
    const job = await queue().enqueue('auth.password-reset', { email: 'long@example.com' });
    const finished = runner.runJob(job.id);
    await running;
    expect((await call('GET', '/admin/jobs?state=running')).json().data.items).toMatchObject([
      { id: job.id },
    ]);

    const res = await call('POST', `/admin/jobs/${job.id}/cancel`);
    expect(res.statusCode).toBe(200);
    expect(await finished).toMatchObject({ state: 'cancelled' });
    expect(aborted).toBe(true);
  });

  it('is a 404 for an unknown job and a 422 for a bad id, writing nothing', async () => {
    const audits = await auditCount();
    for (const action of ['retry', 'cancel']) {
      const missing = await call('POST', `/admin/jobs/987654/${action}`);
      expect(missing.statusCode).toBe(404);
      expect(missing.json().message).toBe(Said.jobNotFound);
      expect((await call('POST', `/admin/jobs/1.5/${action}`)).statusCode).toBe(422);
    }
    expect(await auditCount()).toBe(audits);
  });
});
