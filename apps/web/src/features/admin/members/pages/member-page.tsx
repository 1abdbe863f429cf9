import '../members.scss';
import { useQuery } from '@tanstack/react-query';
import { Link, useParams } from 'react-router';
import type { AdminMemberDetail, AdminMemberProfile } from '@reeltime/contract';
import { errorMessage } from '../../../../lib/api-client';
import { formatDate, formatMoney } from '../../../../lib/format';
import { getUser } from '../../../../lib/session';
import { AdminPageHeader } from '../../shell/components/admin-page-header';
import { ConfirmAction } from '../../shell/components/confirm-action';
import { EmptyState } from '../../shell/components/empty-state';
import { StatusBadge } from '../../shell/components/status-badge';
import { memberQuery, useClearProfilePin, useMemberAction } from '../api/members-api';
import { formatClock, formatDateTime } from '../../shell/components/format-time';
import { paths } from '../../../../lib/paths';

/** One member: profile, plan, payments and viewing, with the actions an admin can take. */
export function MemberPage() {
  const id = Number(useParams().id);
  const valid = Number.isInteger(id) && id > 0;
  const member = useQuery({ ...memberQuery(id), enabled: valid });

  if (!valid) return <NotFoundState />;
  if (member.isPending) {
    return (
      <p role="status" className="text-secondary">
        Loading the member…
      </p>
    );
  }
  if (member.isError) {
    if ((member.error as { status?: number }).status === 404) return <NotFoundState />;
    return (
      <div className="admin-table__error" role="alert">
        <span>{errorMessage(member.error, 'The member could not be loaded.')}</span>
        <button type="button" className="btn btn-sm btn-outline-light" onClick={() => void member.refetch()}>
          Try again
        </button>
      </div>
    );
  }
  return <MemberDetail member={member.data} />;
}

function NotFoundState() {
  return (
    <EmptyState
      title="There is no member with this id."
      action={
        <Link to={paths.admin.members()} className="btn btn-sm btn-outline-light">
          Back to the members
        </Link>
      }
    />
  );
}

function MemberDetail({ member }: { member: AdminMemberDetail }) {
  const isSelf = getUser()?.id === member.id;
  const name = `${member.first_name} ${member.last_name}`;
  const disable = useMemberAction(member, 'disable');
  const enable = useMemberAction(member, 'enable');
  const grant = useMemberAction(member, 'grantAdmin');
  const revoke = useMemberAction(member, 'revokeAdmin');
  const signOut = useMemberAction(member, 'signOut');

  return (
    <>
      <nav aria-label="Breadcrumb" className="small mb-2">
        <Link to={paths.admin.members()}>Members</Link>
      </nav>
      <AdminPageHeader
        title={name}
        description={
          <span className="d-inline-flex flex-wrap gap-2 align-items-center">
            {member.email}
            <StatusBadge status={member.status} />
            {member.is_admin ? <StatusBadge status="admin" tone="info" /> : null}
          </span>
        }
        actions={
          <>
            {member.status === 'active' ? (
              <ConfirmAction
                label="Disable"
                title={`Disable ${name}?`}
                confirmLabel="Disable"
                busyLabel="Disabling…"
                disabled={isSelf}
                onConfirm={() => disable.mutateAsync()}
              >
                They are signed out on every device at once and cannot sign in or reset their password until
                you enable them again.
              </ConfirmAction>
            ) : (
              <ConfirmAction
                label="Enable"
                title={`Enable ${name}?`}
                confirmLabel="Enable"
                busyLabel="Enabling…"
                className="btn btn-sm btn-outline-success"
                onConfirm={() => enable.mutateAsync()}
              >
                They can sign in again with their password.
              </ConfirmAction>
            )}
            {member.is_admin ? (
              <ConfirmAction
                label="Revoke admin"
                title={`Revoke admin from ${name}?`}
                confirmLabel="Revoke admin"
                busyLabel="Revoking…"
                onConfirm={() => revoke.mutateAsync()}
              >
                {isSelf
                  ? 'You will lose access to this console on your next step.'
                  : 'They lose access to this console on their next request.'}
              </ConfirmAction>
            ) : (
              <ConfirmAction
                label="Grant admin"
                title={`Make ${name} an admin?`}
                confirmLabel="Grant admin"
                busyLabel="Granting…"
                className="btn btn-sm btn-outline-warning"
                onConfirm={() => grant.mutateAsync()}
              >
                They can run the whole site from this console: members, plans, mail and media.
              </ConfirmAction>
            )}
            <ConfirmAction
              label="Sign out everywhere"
              title={`Sign ${name} out everywhere?`}
              confirmLabel="Sign out everywhere"
              busyLabel="Signing out…"
              className="btn btn-sm btn-outline-light"
              onConfirm={() => signOut.mutateAsync()}
            >
              Every device they are signed in on is signed out on its next request. They can sign in again.
            </ConfirmAction>
          </>
        }
      />
      {isSelf ? (
        <p className="text-secondary small">This is your own account: you cannot disable it.</p>
      ) : null}

      <div className="member-detail">
        <section className="admin-panel" aria-labelledby="member-profile">
          <h2 id="member-profile" className="h5">
            Profile
          </h2>
          <dl className="admin-facts">
            <dt>Joined</dt>
            <dd>{formatDateTime(member.created_at)}</dd>
            <dt>Mobile</dt>
            <dd>{member.mobile ?? '—'}</dd>
            <dt>Gender</dt>
            <dd>{member.gender ?? '—'}</dd>
            <dt>Date of birth</dt>
            <dd>{member.date_of_birth ? formatDate(member.date_of_birth) : '—'}</dd>
            <dt>Signed in on</dt>
            <dd>{member.sessions === 1 ? '1 device' : `${member.sessions} devices`}</dd>
            {member.disabled_at ? (
              <>
                <dt>Disabled</dt>
                <dd>{formatDateTime(member.disabled_at)}</dd>
              </>
            ) : null}
          </dl>
        </section>

        <MemberProfiles member={member} />

        <section className="admin-panel" aria-labelledby="member-subscriptions">
          <h2 id="member-subscriptions" className="h5">
            Subscriptions
          </h2>
          {member.subscriptions.length === 0 ? (
            <p className="text-secondary mb-0">No subscription yet.</p>
          ) : (
            <table className="table table-dark table-sm mb-0">
              <caption className="visually-hidden">Subscriptions</caption>
              <thead>
                <tr>
                  <th scope="col">Plan</th>
                  <th scope="col">Status</th>
                  <th scope="col">From</th>
                  <th scope="col">To</th>
                  <th scope="col">Via</th>
                </tr>
              </thead>
              <tbody>
                {member.subscriptions.map((sub) => (
                  <tr key={sub.id}>
                    <td>{sub.plan_name}</td>
                    <td>
                      <StatusBadge status={sub.status} />
                      {sub.past_due ? <StatusBadge status="past due" tone="warning" /> : null}
                    </td>
                    <td>{formatDate(sub.start_date)}</td>
                    <td>{formatDate(sub.end_date)}</td>
                    <td>{sub.gateway}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
        </section>

        <section className="admin-panel" aria-labelledby="member-payments">
          <h2 id="member-payments" className="h5">
            Payments
          </h2>
          {member.payments.length === 0 ? (
            <p className="text-secondary mb-0">No payment yet.</p>
          ) : (
            <table className="table table-dark table-sm mb-0">
              <caption className="visually-hidden">Payments</caption>
              <thead>
                <tr>
                  <th scope="col">Paid</th>
                  <th scope="col">Plan</th>
                  <th scope="col" className="text-end">
                    Amount
                  </th>
                  <th scope="col">Card</th>
                </tr>
              </thead>
              <tbody>
                {member.payments.map((payment) => (
                  <tr key={payment.id}>
                    <td>{formatDateTime(payment.paid_at)}</td>
                    <td>{payment.plan_name}</td>
                    <td className="text-end">{formatMoney(payment.amount, payment.currency)}</td>
                    <td>
                      {payment.card_last4 ? `${payment.card_brand ?? 'Card'} ·${payment.card_last4}` : '—'}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
        </section>

        <section className="admin-panel" aria-labelledby="member-viewing">
          <h2 id="member-viewing" className="h5">
            Recent viewing
          </h2>
          {member.progress.length === 0 && member.views.length === 0 ? (
            <p className="text-secondary mb-0">Nothing watched yet.</p>
          ) : (
            <>
              <h3 className="h6 text-secondary">Where they are</h3>
              <ul className="member-viewing">
                {member.progress.map((entry) => (
                  <li key={`${entry.title_id}-${entry.episode_id ?? 0}`}>
                    <span>
                      {entry.title_name}
                      {entry.episode_name ? ` · ${entry.episode_name}` : ''}
                    </span>
                    <span className="text-secondary small">
                      {entry.finished
                        ? 'Finished'
                        : `${formatClock(entry.position_seconds)} of ${formatClock(entry.duration_seconds)}`}{' '}
                      · {formatDateTime(entry.updated_at)}
                    </span>
                  </li>
                ))}
              </ul>
              <h3 className="h6 text-secondary">Started</h3>
              <ul className="member-viewing">
                {member.views.map((view) => (
                  <li key={`${view.title_id}-${view.day}`}>
                    <span>{view.title_name}</span>
                    <span className="text-secondary small">{formatDate(view.day)}</span>
                  </li>
                ))}
              </ul>
            </>
          )}
        </section>
      </div>
    </>
  );
}

/** The household's profiles: who they are, their limits and PINs, and clearing a forgotten PIN. */
function MemberProfiles({ member }: { member: AdminMemberDetail }) {
  const clearPin = useClearProfilePin(member);
  return (
    <section className="admin-panel" aria-labelledby="member-profiles">
      <h2 id="member-profiles" className="h5">
        Profiles
      </h2>
      <p className="text-secondary small">
        {member.account_pin
          ? 'Managing profiles needs the account PIN.'
          : 'Managing profiles needs no account PIN.'}
      </p>
      <div className="table-responsive">
        <table className="table table-dark table-sm mb-0">
          <caption className="visually-hidden">Profiles</caption>
          <thead>
            <tr>
              <th scope="col">Name</th>
              <th scope="col">Kind</th>
              <th scope="col">Maturity limit</th>
              <th scope="col">PIN</th>
              <th scope="col">
                <span className="visually-hidden">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {member.profiles.map((profile) => (
              <tr key={profile.id}>
                <td>{profile.name}</td>
                <td>{profile.is_owner ? 'Owner' : profile.is_kids ? 'Kids' : 'Adult'}</td>
                <td>{profile.maturity_limit ?? 'No limit'}</td>
                <td>
                  <ProfilePinState profile={profile} />
                </td>
                <td className="text-end">
                  {profile.has_pin || profile.locked ? (
                    <ConfirmAction
                      label="Clear PIN"
                      ariaLabel={`Clear the PIN of ${profile.name}`}
                      title={`Clear the PIN of ${profile.name}?`}
                      confirmLabel="Clear PIN"
                      busyLabel="Clearing…"
                      className="btn btn-sm btn-outline-warning"
                      onConfirm={() => clearPin.mutateAsync(profile.id)}
                    >
                      The profile opens without a PIN, and any lock after wrong PINs is lifted, until the
                      member sets a PIN again. The change is written to the audit log.
                    </ConfirmAction>
                  ) : null}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}

function ProfilePinState({ profile }: { profile: AdminMemberProfile }) {
  if (profile.locked) {
    return (
      <span>
        <StatusBadge status="locked" tone="warning" />
        {profile.locked_until ? (
          <span className="text-secondary small"> until {formatDateTime(profile.locked_until)}</span>
        ) : null}
      </span>
    );
  }
  return <>{profile.has_pin ? 'Set' : 'None'}</>;
}
