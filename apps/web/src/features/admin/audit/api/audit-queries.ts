import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { AuditQuery } from '@reeltime/contract';
import { adminCall } from '../../admin-api';

export const auditKey = ['admin', 'audit'] as const;

export const auditQuery = (query: AuditQuery) =>
  queryOptions({
    queryKey: [...auditKey, query],
    queryFn: ({ signal }) => adminCall('GET /admin/audit', { query, signal }),
    placeholderData: keepPreviousData,
  });
