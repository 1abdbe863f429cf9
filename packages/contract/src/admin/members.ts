/** The console's members: schemas, messages and endpoints. */
import { z } from 'zod';
import { AdminPageSchema } from '../admin';
import { IdParamsSchema, IdSchema, optionalFilter, PageQuerySchema } from '../common';
import { defineEndpoint } from '../endpoint';

/** What the members section says; the server and the web app share them. */
export const AdminMembersMessages = {
  accountDisabled: 'This account has been disabled. Contact support.',
  memberNotFound: 'There is no member with this id.',
  cannotDisableSelf: 'You cannot disable your own account.',
  lastAdmin: 'This is the last admin: grant admin to another member first.',
  lastEnabledAdmin: 'This is the last enabled admin: the site would have no one left to run it.',
  actorNoLongerAdmin: 'Your account is no longer an enabled admin.',
  memberDisabled: 'The member is disabled and signed out everywhere.',
  memberEnabled: 'The member can sign in again.',
  alreadyDisabled: 'The member is already disabled.',
  alreadyEnabled: 'The member is already enabled.',
  adminGranted: 'The member is now an admin.',
  adminRevoked: 'The member is no longer an admin.',
  alreadyAdmin: 'The member is already an admin.',
  notAdmin: 'The member is not an admin.',
  signedOutEverywhere: 'The member is signed out on every device.',
  profileNotFound: 'The member has no profile with this id.',
  profileHasNoPin: 'This profile has no PIN.',
  profilePinCleared: 'The profile’s PIN is removed and its lock lifted.',
  searchTooLong: 'Search is at most 100 characters.',
} as const;

/** The longest search text the members and mail lists take. */
export const ADMIN_SEARCH_MAX = 100;

/** Part of a name or an address, any case; empty finds everything. */
export const AdminSearchSchema = (message: string) =>
  z.string().trim().max(ADMIN_SEARCH_MAX, { error: message }).default('');

/** ISO 8601 UTC. */
const Timestamp = z.string();

// Members

export const MEMBER_STATUS_FILTERS = ['active', 'disabled', 'admin'] as const;
export type MemberStatusFilter = (typeof MEMBER_STATUS_FILTERS)[number];

export const AdminMembersQuerySchema = PageQuerySchema.extend({
  /** Part of the first name, last name, full name or email, any case. */
  search: AdminSearchSchema(AdminMembersMessages.searchTooLong),
  /** Empty means every member. */
  status: optionalFilter(z.enum(MEMBER_STATUS_FILTERS), 'status must be active, disabled or admin'),
});
export type AdminMembersQuery = z.input<typeof AdminMembersQuerySchema>;
/** The query as the server reads it, defaults filled in. */
export type AdminMembersFilter = z.output<typeof AdminMembersQuerySchema>;

/** The subscription that gives the member access today. */
export const AdminCurrentPlanSchema = z.object({
  subscription_id: z.number(),
  plan_id: z.number(),
  name: z.string(),
  status: z.enum(['active', 'cancelled']),
  end_date: z.string(),
});

export const AdminMemberSummarySchema = z.object({
  id: z.number(),
  first_name: z.string(),
  last_name: z.string(),
  email: z.string(),
  is_admin: z.boolean(),
  status: z.enum(['active', 'disabled']),
  disabled_at: Timestamp.nullable(),
  created_at: Timestamp,
  plan: AdminCurrentPlanSchema.nullable(),
});
export type AdminMemberSummary = z.infer<typeof AdminMemberSummarySchema>;

export const AdminMemberListSchema = AdminPageSchema(AdminMemberSummarySchema);
export type AdminMemberList = z.infer<typeof AdminMemberListSchema>;

export const AdminMemberSubscriptionSchema = z.object({
  id: z.number(),
  plan_id: z.number(),
  plan_name: z.string(),
  status: z.enum(['active', 'cancelled', 'expired']),
  start_date: z.string(),
  end_date: z.string(),
  gateway: z.string(),
  past_due: z.boolean(),
  created_at: Timestamp,
});

export const AdminMemberPaymentSchema = z.object({
  id: z.number(),
  plan_name: z.string(),
  /** Major units. */
  amount: z.number(),
  currency: z.string(),
  paid_at: Timestamp,
  card_brand: z.string().nullable(),
  card_last4: z.string().nullable(),
});

/** Where the member is in a movie or an episode. */
export const AdminMemberProgressSchema = z.object({
  title_id: z.number(),
  title_name: z.string(),
  episode_id: z.number().nullable(),
  episode_name: z.string().nullable(),
  position_seconds: z.number(),
  duration_seconds: z.number(),
  finished: z.boolean(),
  updated_at: Timestamp,
});

/** A day on which the member started a title. */
export const AdminMemberViewSchema = z.object({
  title_id: z.number(),
  title_name: z.string(),
  day: z.string(),
  created_at: Timestamp,
});

/** One of the member's household profiles. */
export const AdminMemberProfileSchema = z.object({
  id: z.number(),
  name: z.string(),
  is_owner: z.boolean(),
  is_kids: z.boolean(),
  /** The highest content rating it is shown; null for no limit. */
  maturity_limit: z.string().nullable(),
  has_pin: z.boolean(),
  /** Locked after too many wrong PINs, until `locked_until`. */
  locked: z.boolean(),
  locked_until: Timestamp.nullable(),
});
export type AdminMemberProfile = z.infer<typeof AdminMemberProfileSchema>;

export const AdminMemberDetailSchema = AdminMemberSummarySchema.extend({
  mobile: z.string().nullable(),
  gender: z.enum(['male', 'female', 'other']).nullable(),
  date_of_birth: z.string().nullable(),
  profile_image: z.string().nullable(),
  updated_at: Timestamp,
  /** Devices signed in now (tokens not revoked or expired). */
  sessions: z.number().int().nonnegative(),
  subscriptions: z.array(AdminMemberSubscriptionSchema),
  payments: z.array(AdminMemberPaymentSchema),
  /** The last 20, newest first. */
  progress: z.array(AdminMemberProgressSchema).max(20),
  /** The last 20, newest first. */
  views: z.array(AdminMemberViewSchema).max(20),
  /** The account's household profiles, the owner's first. */
  profiles: z.array(AdminMemberProfileSchema),
  /** Whether managing the profiles needs the account PIN. */
  account_pin: z.boolean(),
});
export type AdminMemberDetail = z.infer<typeof AdminMemberDetailSchema>;

export const MemberProfileParamsSchema = z.object({ id: IdSchema, profileId: IdSchema });

const tags = ['admin: members'];

const actorNoLongerAdmin =
  'The token is not an administrator’s, or the acting account stopped being an enabled admin meanwhile.';

/** A change to one member, answered with the member as it is afterwards. */
const memberAction = <const Path extends string>(path: Path, description: string, conflict?: string) =>
  defineEndpoint({
    method: 'POST',
    path,
    access: 'admin',
    tags,
    description,
    params: IdParamsSchema,
    success: { status: 200, data: AdminMemberDetailSchema },
    errors: {
      403: actorNoLongerAdmin,
      404: AdminMembersMessages.memberNotFound,
      ...(conflict ? { 409: conflict } : {}),
    },
  });

/** The console's members: who they are, what they pay and watch, and what an admin may change. */
export const AdminMembersEndpoints = {
  list: defineEndpoint({
    method: 'GET',
    path: '/admin/members',
    access: 'admin',
    tags,
    description:
      'Members newest first: search by name or email, filter by status (active, disabled, admin), with each one’s current plan.',
    query: AdminMembersQuerySchema,
    success: { status: 200, data: AdminMemberListSchema },
  }),
  detail: defineEndpoint({
    method: 'GET',
    path: '/admin/members/:id',
    access: 'admin',
    tags,
    description:
      'A member’s profile, subscriptions, payments, live sessions and the last 20 rows of viewing progress and views.',
    params: IdParamsSchema,
    success: { status: 200, data: AdminMemberDetailSchema },
    errors: { 404: AdminMembersMessages.memberNotFound },
  }),
  disable: memberAction(
    '/admin/members/:id/disable',
    'Disables the account: every token stops working at once, unused reset links are spent and sign-in is refused.',
    'The member is the acting admin, is already disabled, or is the last enabled admin.',
  ),
  enable: memberAction(
    '/admin/members/:id/enable',
    'Lets a disabled member sign in again.',
    'The member is not disabled.',
  ),
  grantAdmin: memberAction(
    '/admin/members/:id/grant-admin',
    'Makes the member an admin, from their next request.',
    'The member is already an admin.',
  ),
  revokeAdmin: memberAction(
    '/admin/members/:id/revoke-admin',
    'Takes admin away, from the member’s next request.',
    'The member is not an admin, or is the last enabled admin.',
  ),
  signOut: memberAction(
    '/admin/members/:id/sign-out',
    'Revokes every token of the member: each device is signed out on its next request.',
  ),
  clearProfilePin: defineEndpoint({
    method: 'POST',
    path: '/admin/members/:id/profiles/:profileId/clear-pin',
    access: 'admin',
    tags,
    description:
      'Removes the PIN of one of the member’s profiles and lifts its lock (audited as `member.clear-profile-pin`): the profile opens without a PIN until one is set again.',
    params: MemberProfileParamsSchema,
    success: { status: 200, data: AdminMemberDetailSchema },
    errors: {
      403: actorNoLongerAdmin,
      404: `${AdminMembersMessages.memberNotFound} Or: ${AdminMembersMessages.profileNotFound}`,
      409: AdminMembersMessages.profileHasNoPin,
    },
  }),
};
