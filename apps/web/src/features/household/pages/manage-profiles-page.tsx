import '../household.scss';
import { useId, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import {
  HouseholdMessages as M,
  MAX_PROFILES,
  type Household,
  type HouseholdProfile,
} from '@reeltime/contract';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { ProfileAvatar } from '../../../components/profile-avatar';
import { QueryStatus } from '../../../components/query-status';
import { useToast } from '../../../components/toast/toast-context';
import { errorMessage } from '../../../lib/api-client';
import { paths } from '../../../lib/paths';
import { useCreateProfile, useDeleteProfile, householdQuery, useUpdateProfile } from '../api/household-api';
import { AccountPinDialog } from '../components/account-pin-dialog';
import { LockIcon } from '../components/lock-icon';
import { ProfileEditorDialog } from '../components/profile-editor-dialog';
import { asFormData, newProfileBody, profilePatch, type ProfileFormValues } from '../components/profile-form';
import { AccountPinCancelled, useAccountPinGate } from '../components/use-account-pin-gate';
import { useStoredProfileSync } from '../components/use-stored-profile-sync';

type Editing = { profile: HouseholdProfile | null } | null;

/** Why no profile can be added, or null when one can. */
function addRefusal(household: Household): string | null {
  if (household.profiles.length < household.max_profiles) return null;
  return household.max_profiles >= MAX_PROFILES
    ? M.tooManyProfilesAtAll
    : M.tooManyProfiles(household.max_profiles);
}

/** The account's profiles: add, edit and delete them, and set the account PIN that guards that. */
export function ManageProfilesPage() {
  const household = useQuery(householdQuery());
  const data = household.data;
  useStoredProfileSync(data);
  return (
    <section className="container-xxl page-section manage-profiles">
      <h1 className="page-title">Manage profiles</h1>
      <QueryStatus
        query={household}
        loadingLabel="Loading profiles"
        failureText="The profiles could not be loaded."
      />
      {data && <HouseholdProfiles household={data} />}
    </section>
  );
}

function HouseholdProfiles({ household }: { household: Household }) {
  const toast = useToast();
  const reasonId = useId();
  const gate = useAccountPinGate(household.account_pin);
  const create = useCreateProfile();
  const update = useUpdateProfile();
  const remove = useDeleteProfile();
  const [editing, setEditing] = useState<Editing>(null);
  const [deleting, setDeleting] = useState<HouseholdProfile | null>(null);
  const [pinMode, setPinMode] = useState<'set' | 'change' | 'remove' | null>(null);
  const refusal = addRefusal(household);

  const save = async (
    profile: HouseholdProfile | null,
    values: ProfileFormValues,
    avatarPicked: boolean,
    file: File | null,
  ) => {
    const envelope = await gate.run((accountPin) => {
      if (!profile) {
        const body = newProfileBody(values);
        return create.mutateAsync({ body: file ? asFormData(body, file) : body, accountPin });
      }
      const body = profilePatch(values, avatarPicked);
      return update.mutateAsync({ id: profile.id, body: file ? asFormData(body, file) : body, accountPin });
    });
    return envelope.message;
  };

  const confirmDelete = async () => {
    if (!deleting) return;
    try {
      const envelope = await gate.run((accountPin) => remove.mutateAsync({ id: deleting.id, accountPin }));
      if (envelope.message) toast.success(envelope.message);
      setDeleting(null);
    } catch (error) {
      if (error instanceof AccountPinCancelled) return;
      toast.error(errorMessage(error, 'The profile could not be deleted. Try again.'));
    }
  };

  return (
    <>
      <div className="manage-profiles__summary">
        <p className="manage-profiles__count">
          {household.profiles.length} of {household.max_profiles} profiles
        </p>
        <button
          type="button"
          className="btn btn-primary"
          disabled={refusal !== null}
          aria-describedby={refusal ? reasonId : undefined}
          onClick={() => setEditing({ profile: null })}
        >
          Add profile
        </button>
        {refusal && (
          <p id={reasonId} className="manage-profiles__limit">
            {refusal} {household.max_profiles < MAX_PROFILES && <Link to={paths.plans()}>See the plans</Link>}
          </p>
        )}
      </div>
      <ul className="manage-profiles__list" aria-label="Profiles">
        {household.profiles.map((profile) => (
          <li key={profile.id} className="profile-row">
            <ProfileAvatar profile={profile} />
            <div className="profile-row__identity">
              <p className="profile-row__name">{profile.name}</p>
              <p className="profile-row__facts">
                {profile.is_owner && <span className="profile-badge profile-badge--pin">Owner</span>}
                {profile.is_kids && <span className="profile-badge profile-badge--kids">Kids</span>}
                <span>
                  {profile.maturity_limit ? `Up to ${profile.maturity_limit}` : 'No maturity limit'}
                </span>
                {profile.has_pin && (
                  <span className="profile-badge profile-badge--pin">
                    <LockIcon size={12} /> PIN
                  </span>
                )}
                {profile.id === household.current_profile_id && <span>· watching now</span>}
              </p>
            </div>
            <div className="profile-row__actions">
              <button
                type="button"
                className="btn btn-outline-light btn-sm"
                aria-label={`Edit ${profile.name}`}
                onClick={() => setEditing({ profile })}
              >
                Edit
              </button>
              {profile.is_owner ? (
                <span className="profile-row__note">The owner&apos;s profile can&apos;t be deleted.</span>
              ) : profile.id === household.current_profile_id ? (
                <span className="profile-row__note">Switch to another profile to delete this one.</span>
              ) : (
                <button
                  type="button"
                  className="btn btn-outline-danger btn-sm"
                  aria-label={`Delete ${profile.name}`}
                  onClick={() => setDeleting(profile)}
                >
                  Delete
                </button>
              )}
            </div>
          </li>
        ))}
      </ul>

      <h2 className="manage-profiles__section-title">Account PIN</h2>
      <p className="text-body-secondary">
        {household.account_pin
          ? 'On: adding, changing and deleting profiles asks for the account PIN.'
          : 'Off: any grown-up profile can add, change and delete profiles. Set a PIN to stop that.'}
      </p>
      <div className="d-flex flex-wrap gap-2">
        {household.account_pin ? (
          <>
            <button type="button" className="btn btn-outline-light" onClick={() => setPinMode('change')}>
              Change account PIN
            </button>
            <button type="button" className="btn btn-outline-danger" onClick={() => setPinMode('remove')}>
              Remove account PIN
            </button>
          </>
        ) : (
          <button type="button" className="btn btn-outline-light" onClick={() => setPinMode('set')}>
            Set account PIN
          </button>
        )}
      </div>

      {editing && (
        <ProfileEditorDialog
          household={household}
          profile={editing.profile}
          onSave={(values, avatarPicked, file) => save(editing.profile, values, avatarPicked, file)}
          onClose={() => setEditing(null)}
        />
      )}
      {deleting && (
        <ConfirmDialog
          title={`Delete ${deleting.name}?`}
          confirmLabel="Delete profile"
          busyLabel="Deleting..."
          busy={remove.isPending}
          onConfirm={() => void confirmDelete()}
          onCancel={() => setDeleting(null)}
        >
          Its watch list, Continue Watching, likes and history are deleted too, and it is signed out on every
          device.
        </ConfirmDialog>
      )}
      {pinMode && <AccountPinDialog mode={pinMode} onClose={() => setPinMode(null)} />}
      {gate.dialog}
    </>
  );
}
