import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MINUTE_MS } from '../../lib/time';
import { startTestServer, type TestServer } from '../../testing/app';
import { insertPlan } from '../../testing/billing';
import { FakeStripe, openCheckout } from '../../testing/fake-stripe';
import { signUp } from '../../testing/http';
import { createJobScheduler } from '../../jobs/job-scheduler';
import { JobMap, jobSchedules } from '../../jobs/job-map';
import { RECONCILE_AFTER_MS } from './billing.jobs';

const RECONCILE_EVERY_MS = JobMap['billing.reconcile-stripe'].every;
const queueReconcile = () => server.app.ctx.jobs.enqueue('billing.reconcile-stripe', {});

let stripe: FakeStripe;
let server: TestServer;
let planId: number;
beforeAll(async () => {
  stripe = await FakeStripe.start();
  server = await startTestServer(stripe.env);
  planId = await insertPlan(server.app, { name: 'Standard', price_minor: 39_900 });
});
afterAll(async () => {
  await server.close();
  await stripe.close();
});

type Member = Awaited<ReturnType<typeof signUp>>;
const db = () => server.app.ctx.db;
const currentPlan = async (member: Member) =>
  (
    await server.app.inject({ method: 'GET', url: '/api/v1/user/subscription-plan', headers: member.auth })
  ).json().data.activeSubscriptions as Array<{ status: string }>;
const openedAgo = (sessionId: string, ms: number) =>
  db()
    .updateTable('checkout_sessions')
    .set({ created_at: Date.now() - ms })
    .where('id', '=', sessionId)
    .execute();
const checkoutStatus = async (sessionId: string) =>
  (
    await db()
      .selectFrom('checkout_sessions')
      .select('status')
      .where('id', '=', sessionId)
      .executeTakeFirstOrThrow()
  ).status;
const queuedReconciles = () =>
  db()
    .selectFrom('jobs')
    .select(['id', 'run_at'])
    .where('type', '=', 'billing.reconcile-stripe')
    .where('status', '=', 'queued')
    .execute();

async function runReconcile(): Promise<void> {
  const [job] = await queuedReconciles();
  const ran = await server.app.jobs.runJob(job!.id);
  expect(ran?.state).toBe('done');
}

describe('the Stripe reconcile job', () => {
  it('repairs a missed webhook: a paid checkout gets its plan, a recent or expired one is left alone', async () => {
    const missed = await signUp(server.app);
    const recent = await signUp(server.app);
    const abandoned = await signUp(server.app);
    const missedCheckout = await openCheckout(server.app, missed.auth, planId);
    const recentCheckout = await openCheckout(server.app, recent.auth, planId);
    const abandonedCheckout = await openCheckout(server.app, abandoned.auth, planId);
    stripe.payCheckout(missedCheckout.session_id);
    stripe.payCheckout(recentCheckout.session_id);
    stripe.expireCheckout(abandonedCheckout.session_id);
    await openedAgo(missedCheckout.session_id, RECONCILE_AFTER_MS + MINUTE_MS);
    await openedAgo(abandonedCheckout.session_id, RECONCILE_AFTER_MS + MINUTE_MS);

    await queueReconcile();
    await runReconcile();

    expect(await currentPlan(missed)).toEqual([expect.objectContaining({ status: 'active' })]);
    // Its webhook may still be on the way; the next run asks about it.
    expect(await currentPlan(recent)).toEqual([]);
    expect(await checkoutStatus(recentCheckout.session_id)).toBe('open');
    expect(await checkoutStatus(abandonedCheckout.session_id)).toBe('expired');
    expect(await currentPlan(abandoned)).toEqual([]);
  });

  it('runs every few minutes, one run at a time, from its schedule in the job map', async () => {
    const reconcile = jobSchedules.filter((job) => job.name === 'billing.reconcile-stripe');
    const scheduler = createJobScheduler(db(), server.app.ctx.jobs, reconcile);
    const now = Date.now();
    await scheduler.check(now);
    await scheduler.check(now);
    expect(await queuedReconciles()).toHaveLength(1);
    await runReconcile();
    // A run no longer queues the next one itself: the schedule does, an interval later.
    expect(await queuedReconciles()).toHaveLength(0);
    await scheduler.check(now + RECONCILE_EVERY_MS - 1);
    expect(await queuedReconciles()).toHaveLength(0);
    await scheduler.check(now + RECONCILE_EVERY_MS);
    expect(await queuedReconciles()).toHaveLength(1);
    await runReconcile();
    await db().deleteFrom('job_schedules').execute();
  });

  it('keeps going when Stripe cannot answer for one checkout', async () => {
    const lost = await signUp(server.app);
    const paid = await signUp(server.app);
    const lostCheckout = await openCheckout(server.app, lost.auth, planId);
    const paidCheckout = await openCheckout(server.app, paid.auth, planId);
    stripe.sessions.delete(lostCheckout.session_id);
    stripe.payCheckout(paidCheckout.session_id);
    await openedAgo(lostCheckout.session_id, RECONCILE_AFTER_MS + 2 * MINUTE_MS);
    await openedAgo(paidCheckout.session_id, RECONCILE_AFTER_MS + MINUTE_MS);
    await queueReconcile();
    await runReconcile();

    expect(await currentPlan(paid)).toEqual([expect.objectContaining({ status: 'active' })]);
    expect(await checkoutStatus(lostCheckout.session_id)).toBe('open');
  });

  it('is queued when the job runner starts with Stripe as the gateway, once however many runners start', async () => {
    await db().deleteFrom('jobs').where('type', '=', 'billing.reconcile-stripe').execute();
    await server.app.jobs.start();
    await server.app.jobs.start();
    await server.app.jobs.stop();
    const pending = await db()
      .selectFrom('jobs')
      .select('status')
      .where('type', '=', 'billing.reconcile-stripe')
      .where('status', 'in', ['queued', 'running'])
      .execute();
    expect(pending).toEqual([{ status: 'queued' }]);
  });
});
