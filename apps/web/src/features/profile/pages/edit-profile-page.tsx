import '../profile.scss';
import { useId, useRef, useState, type KeyboardEvent } from 'react';
import { useUser } from '../../../lib/session';
import { ChangePasswordForm } from '../components/change-password-form';
import { UpdateProfileForm } from '../components/update-profile-form';

const TABS = [
  { key: 'profile', label: 'Update Profile' },
  { key: 'password', label: 'Change Password' },
] as const;
type TabKey = (typeof TABS)[number]['key'];

export function EditProfilePage() {
  const user = useUser();
  const id = useId();
  const [active, setActive] = useState<TabKey>('profile');
  const tabRefs = useRef<Array<HTMLButtonElement | null>>([]);

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const index = TABS.findIndex((tab) => tab.key === active);
    let next = index;
    if (event.key === 'ArrowRight') next = (index + 1) % TABS.length;
    else if (event.key === 'ArrowLeft') next = (index - 1 + TABS.length) % TABS.length;
    else if (event.key === 'Home') next = 0;
    else if (event.key === 'End') next = TABS.length - 1;
    else return;
    event.preventDefault();
    const tab = TABS[next];
    if (tab) {
      setActive(tab.key);
      tabRefs.current[next]?.focus();
    }
  };

  return (
    <section className="container-xxl page-section profile-page">
      <h1 className="page-title">Edit Profile</h1>
      <div className="profile-tabs" role="tablist" aria-label="Profile settings" onKeyDown={onKeyDown}>
        {TABS.map((tab, index) => (
          <button
            key={tab.key}
            ref={(element) => {
              tabRefs.current[index] = element;
            }}
            id={`${id}-tab-${tab.key}`}
            type="button"
            role="tab"
            className={`profile-tabs__tab${active === tab.key ? ' is-active' : ''}`}
            aria-selected={active === tab.key}
            aria-controls={`${id}-panel-${tab.key}`}
            tabIndex={active === tab.key ? 0 : -1}
            onClick={() => setActive(tab.key)}
          >
            {tab.label}
          </button>
        ))}
      </div>
      <div
        id={`${id}-panel-profile`}
        role="tabpanel"
        aria-labelledby={`${id}-tab-profile`}
        hidden={active !== 'profile'}
        tabIndex={0}
        className="profile-panel"
      >
        <UpdateProfileForm user={user} />
      </div>
      <div
        id={`${id}-panel-password`}
        role="tabpanel"
        aria-labelledby={`${id}-tab-password`}
        hidden={active !== 'password'}
        tabIndex={0}
        className="profile-panel"
      >
        <ChangePasswordForm />
      </div>
    </section>
  );
}
