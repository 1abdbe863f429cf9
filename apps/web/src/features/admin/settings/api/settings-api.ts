import { queryOptions } from '@tanstack/react-query';
import {
  AdminSettingsEndpoints,
  AdminSettingsMessages,
  type SiteSettings,
  type SiteSettingsBody,
} from '@reeltime/contract';
import { callEndpoint, requestEndpoint } from '../../../../lib/api-client';
import { useAdminMutation } from '../../shell/components/use-admin-mutation';

export const settingsKey = ['admin', 'settings'] as const;

export const settingsQuery = () =>
  queryOptions({
    queryKey: settingsKey,
    queryFn: ({ signal }) => callEndpoint(AdminSettingsEndpoints.current, { signal }),
  });

/** Saves every setting; the toast shows the server's message, and the settings are read again. */
export function useSaveSettings({ onSaved }: { onSaved?: (settings: SiteSettings) => void } = {}) {
  return useAdminMutation({
    mutationFn: (body: SiteSettingsBody) => requestEndpoint(AdminSettingsEndpoints.save, { body }),
    successMessage: (envelope) => envelope.message ?? AdminSettingsMessages.settingsSaved,
    errorFallback: AdminSettingsMessages.settingsSaveFailed,
    invalidate: [settingsKey],
    onSuccess: (envelope) => onSaved?.(envelope.data),
  });
}
