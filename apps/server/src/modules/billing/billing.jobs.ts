import type { AppContext } from '../../context';
import type { JobHandlers } from '../../jobs/job-map';
import { createUserRepository } from '../users/user.repository';
import { renewalReminderMail } from './billing-mail';
import { createBillingRepository } from './billing.repository';
import { createEntitlementService } from './entitlement.service';

/** Billing's jobs: access ends at a subscription's end, and a reminder a week before. */
export function billingJobHandlers(
  ctx: AppContext,
): Pick<JobHandlers, 'billing.expire-subscription' | 'billing.renewal-reminder'> {
  const repo = createBillingRepository(ctx.db);
  return {
    'billing.expire-subscription': {
      async run({ subscriptionId }) {
        const row = await repo.subscription(subscriptionId);
        // Renewed (its end moved) or already ended: nothing to do.
        if (!row || row.ends_at > Date.now()) return;
        if (await repo.end(subscriptionId)) await createEntitlementService(ctx).forget(row.user_id);
      },
    },
    'billing.renewal-reminder': {
      async run({ subscriptionId }) {
        const row = await repo.subscription(subscriptionId);
        // Only a plan that is still running and will not be replaced or renewed gets a reminder.
        if (!row || row.status !== 'active' || row.ends_at <= Date.now()) return;
        const member = await createUserRepository(ctx.db).findById(row.user_id);
        if (member) await ctx.mail.send(renewalReminderMail(ctx.config, member, row.plan_name, row.ends_at));
      },
    },
  };
}
