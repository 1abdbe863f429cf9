import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { AdminAuditEndpoints, type AuditQuery } from '@reeltime/contract';
import { callEndpoint } from '../../../../lib/api-client';

export const auditKey = ['admin', 'audit'] as const;

export const auditQuery = (query: AuditQuery) =>
  queryOptions({
    queryKey: [...auditKey, query],
    queryFn: ({ signal }) => callEndpoint(AdminAuditEndpoints.list, { query, signal }),
    placeholderData: keepPreviousData,
  });
