import { queryOptions } from '@tanstack/react-query';
import type { SiteSettingsBody } from '@reeltime/contract';
import { adminRequest, adminCall } from '../../admin-api';

export const settingsKey = ['admin', 'settings'] as const;

export const settingsQuery = () =>
  queryOptions({
    queryKey: settingsKey,
    queryFn: ({ signal }) => adminCall('GET /admin/settings', { signal }),
  });

/** Saves every setting; resolves to the envelope, whose message the toast shows. */
export const saveSettings = (body: SiteSettingsBody) => adminRequest('PUT /admin/settings', { body });
