import '../settings.scss';
import { useQuery } from '@tanstack/react-query';
import { AdminSettingsMessages } from '@reeltime/contract';
import { errorMessage } from '../../../../lib/api-client';
import { AdminPageHeader } from '../../shell/components/admin-page-header';
import { settingsQuery } from '../api/settings-api';
import { SettingsForm } from '../components/settings-form';

/** The console's Settings section: site name, sign-ups, the ad slot, the support address and the content-rating scale. */
export function SettingsPage() {
  const settings = useQuery(settingsQuery());
  return (
    <>
      <AdminPageHeader
        title="Settings"
        description="The site's name, whether anyone can sign up, its ad slot, its support address and the content-rating scale."
      />
      {settings.isError ? (
        <div className="admin-panel" role="alert">
          <p className="mb-2">{errorMessage(settings.error, AdminSettingsMessages.settingsFailed)}</p>
          <button
            type="button"
            className="btn btn-sm btn-outline-light"
            onClick={() => void settings.refetch()}
          >
            Try again
          </button>
        </div>
      ) : settings.data ? (
        <SettingsForm key={settings.data.updated_at ?? 'defaults'} settings={settings.data} />
      ) : (
        <p className="text-secondary" role="status">
          Loading the settings…
        </p>
      )}
    </>
  );
}
