import {
  AdminMembersMessages as Said,
  type AdminMemberDetail,
  type AdminMemberList,
  type AdminMembersFilter,
  type AdminMemberSummary,
} from '@reeltime/contract';
import type { AppContext } from '../../context';
import type { Db } from '../../db/connection';
import type { UserRow } from '../../db/database';
import { Conflict, Forbidden, NotFound } from '../../lib/errors';
import { toPage } from '../../lib/page';
import { auditActor, recordAudit } from '../audit/audit';
import { createBillingRepository, type CurrentPlanRow } from '../billing/billing.repository';
import { createHouseholdRepository } from '../household/household.repository';
import { createPlaybackRepository } from '../playback/playback.repository';
import { createPasswordResetRepository } from '../users/password-reset.repository';
import { createUserRepository } from '../users/user.repository';

const iso = (at: number) => new Date(at).toISOString();

/** What the audit log keeps of a member before and after a change. */
const auditedState = (row: UserRow) => ({
  email: row.email,
  is_admin: row.is_admin === 1,
  disabled_at: row.disabled_at === null ? null : iso(row.disabled_at),
});

function toSummary(row: UserRow, plan: CurrentPlanRow | undefined): AdminMemberSummary {
  return {
    id: row.id,
    first_name: row.first_name,
    last_name: row.last_name,
    email: row.email,
    is_admin: row.is_admin === 1,
    status: row.disabled_at === null ? 'active' : 'disabled',
    disabled_at: row.disabled_at === null ? null : iso(row.disabled_at),
    created_at: iso(row.created_at),
    plan: plan
      ? {
          subscription_id: plan.subscription_id,
          plan_id: plan.plan_id,
          name: plan.name,
          status: plan.status,
          end_date: plan.end_date,
        }
      : null,
  };
}

/** One change to a member: what it does inside the transaction, and how the audit log names it. */
interface MemberChange {
  action: string;
  /** Refuses the change (throws) or makes it; `enabledAdmins` are locked for the transaction. */
  apply(context: {
    trx: Db;
    target: UserRow;
    actorId: number;
    enabledAdmins: number[];
    now: number;
  }): Promise<Record<string, unknown> | void>;
  /** Run after the transaction commits. */
  afterCommit?: () => Promise<void>;
}

/** Members as the console sees them, and the actions an admin takes on them. */
export function createMembersService(ctx: Pick<AppContext, 'db' | 'dialect' | 'tokens'>) {
  const users = createUserRepository(ctx.db);
  const playback = createPlaybackRepository(ctx.db);
  const billing = createBillingRepository(ctx.db);
  const profiles = createHouseholdRepository(ctx.db);

  async function detail(id: number): Promise<AdminMemberDetail> {
    const row = await users.findById(id);
    if (!row) throw new NotFound(Said.memberNotFound);
    const [plans, subscriptions, payments, progress, views, sessions, householdProfiles] = await Promise.all([
      billing.currentPlansOf([id], Date.now()),
      billing.subscriptionsOf(id),
      billing.paymentHistoryOf(id),
      playback.recentProgressOf(id),
      playback.recentViewsOf(id),
      ctx.tokens.countLiveOfUser(id),
      profiles.listOf(id),
    ]);
    const now = Date.now();
    return {
      ...toSummary(row, plans[0]),
      mobile: row.mobile,
      gender: row.gender,
      date_of_birth: row.date_of_birth,
      profile_image: row.profile_image,
      updated_at: iso(row.updated_at),
      sessions,
      subscriptions: subscriptions.map((sub) => ({
        id: sub.id,
        plan_id: sub.plan_id,
        plan_name: sub.plan_name,
        status: sub.status,
        start_date: sub.start_date,
        end_date: sub.end_date,
        gateway: sub.gateway,
        past_due: sub.past_due_at !== null,
        created_at: iso(sub.created_at),
      })),
      payments: payments.map((payment) => ({
        id: payment.id,
        plan_name: payment.plan_name,
        amount: payment.amount_minor / 100,
        currency: payment.currency,
        paid_at: iso(payment.paid_at),
        card_brand: payment.card_brand,
        card_last4: payment.card_last4,
      })),
      progress: progress.map((entry) => ({
        title_id: entry.title_id,
        title_name: entry.title_name,
        episode_id: entry.episode_id === 0 ? null : entry.episode_id,
        episode_name: entry.episode_name ?? null,
        position_seconds: entry.position_seconds,
        duration_seconds: entry.duration_seconds,
        finished: entry.finished === 1,
        updated_at: iso(entry.updated_at),
      })),
      views: views.map((view) => ({
        title_id: view.title_id,
        title_name: view.title_name,
        day: view.day,
        created_at: iso(view.created_at),
      })),
      profiles: householdProfiles.map((profile) => {
        const locked = profile.locked_until !== null && profile.locked_until > now;
        return {
          id: profile.id,
          name: profile.name,
          is_owner: profile.is_owner === 1,
          is_kids: profile.is_kids === 1,
          maturity_limit: profile.maturity_limit,
          has_pin: profile.pin_hash !== null,
          locked,
          locked_until: locked ? iso(profile.locked_until!) : null,
        };
      }),
      account_pin: row.account_pin_hash !== null,
    };
  }

  /**
   * Runs one change in a transaction with its audit entry. The acting admin must still be an
   * enabled admin when it runs: another admin may have disabled them a moment ago.
   */
  async function change(actorId: number, targetId: number, change: MemberChange): Promise<AdminMemberDetail> {
    await ctx.db.transaction().execute(async (trx) => {
      const trxUsers = createUserRepository(trx);
      const enabledAdmins = await trxUsers.lockEnabledAdmins(ctx.dialect);
      if (!enabledAdmins.includes(actorId)) throw new Forbidden(Said.actorNoLongerAdmin);
      const target = await trxUsers.findById(targetId);
      if (!target) throw new NotFound(Said.memberNotFound);
      const now = Date.now();
      const extra = await change.apply({ trx, target, actorId, enabledAdmins, now });
      const after = await trxUsers.findById(targetId);
      await recordAudit(
        trx,
        {
          actor: await auditActor(trx, actorId),
          action: change.action,
          entityType: 'member',
          entityId: targetId,
          before: auditedState(target),
          after: { ...auditedState(after!), ...extra },
        },
        now,
      );
    });
    await change.afterCommit?.();
    return detail(targetId);
  }

  /** Deletes every token of the member in the transaction; the cache forgets them once it commits. */
  const signOutWithin = async (trx: Db, userId: number) => ({
    sessions_ended: await ctx.tokens.deleteAllOfUser(userId, trx),
  });
  const forgetVerifiedTokens = () => ctx.tokens.forgetVerified();

  return {
    async list(query: AdminMembersFilter): Promise<AdminMemberList> {
      const { rows, total } = await users.listMembers(
        { search: query.search, status: query.status },
        toPage(query),
      );
      const plans = await billing.currentPlansOf(
        rows.map((row) => row.id),
        Date.now(),
      );
      const planOf = new Map<number, CurrentPlanRow>();
      for (const plan of plans) if (!planOf.has(plan.user_id)) planOf.set(plan.user_id, plan);
      return {
        items: rows.map((row) => toSummary(row, planOf.get(row.id))),
        total,
        page: query.page,
        per_page: query.per_page,
      };
    },

    detail,

    /** Disables the account: every token revoked at once, unused reset links spent, sign-in refused. */
    disable: (actorId: number, targetId: number) =>
      change(actorId, targetId, {
        action: 'member.disable',
        async apply({ trx, target, enabledAdmins, now }) {
          if (target.id === actorId) throw new Conflict(Said.cannotDisableSelf);
          if (target.disabled_at !== null) throw new Conflict(Said.alreadyDisabled);
          if (enabledAdmins.length === 1 && enabledAdmins[0] === target.id) {
            throw new Conflict(Said.lastEnabledAdmin);
          }
          await createUserRepository(trx).updateAccess(target.id, { disabled_at: now }, now);
          await createPasswordResetRepository(trx).spendAllOf(target.id, now);
          return signOutWithin(trx, target.id);
        },
        afterCommit: forgetVerifiedTokens,
      }),

    enable: (actorId: number, targetId: number) =>
      change(actorId, targetId, {
        action: 'member.enable',
        async apply({ trx, target, now }) {
          if (target.disabled_at === null) throw new Conflict(Said.alreadyEnabled);
          await createUserRepository(trx).updateAccess(target.id, { disabled_at: null }, now);
        },
      }),

    grantAdmin: (actorId: number, targetId: number) =>
      change(actorId, targetId, {
        action: 'member.grant-admin',
        async apply({ trx, target, now }) {
          if (target.is_admin === 1) throw new Conflict(Said.alreadyAdmin);
          await createUserRepository(trx).updateAccess(target.id, { is_admin: 1 }, now);
        },
        // Verified tokens carry the role: forgetting them makes the change count on the next request.
        afterCommit: forgetVerifiedTokens,
      }),

    revokeAdmin: (actorId: number, targetId: number) =>
      change(actorId, targetId, {
        action: 'member.revoke-admin',
        async apply({ trx, target, enabledAdmins, now }) {
          if (target.is_admin !== 1) throw new Conflict(Said.notAdmin);
          if (enabledAdmins.every((id) => id === target.id)) throw new Conflict(Said.lastAdmin);
          await createUserRepository(trx).updateAccess(target.id, { is_admin: 0 }, now);
        },
        afterCommit: forgetVerifiedTokens,
      }),

    signOutEverywhere: (actorId: number, targetId: number) =>
      change(actorId, targetId, {
        action: 'member.sign-out',
        apply: ({ trx, target }) => signOutWithin(trx, target.id),
        afterCommit: forgetVerifiedTokens,
      }),

    /** Removes the PIN of one of the member's profiles and lifts its lock. */
    clearProfilePin: (actorId: number, targetId: number, profileId: number) =>
      change(actorId, targetId, {
        action: 'member.clear-profile-pin',
        async apply({ trx, target }) {
          const txProfiles = createHouseholdRepository(trx);
          const profile = await txProfiles.findOf(target.id, profileId);
          if (!profile) throw new NotFound(Said.profileNotFound);
          if (profile.pin_hash === null) throw new Conflict(Said.profileHasNoPin);
          await txProfiles.update(profile.id, { pin_hash: null, pin_failures: 0, locked_until: null });
          return { profile: { id: profile.id, name: profile.name, has_pin: false } };
        },
      }),
  };
}
export type MembersService = ReturnType<typeof createMembersService>;
