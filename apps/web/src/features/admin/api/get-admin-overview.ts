import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AdminOverviewResponse } from '@medallion/contracts/admin';
import { apiFetch } from '@/lib/api-client';

/** GET /admin/overview (staff only). */
export function getAdminOverview(): Promise<AdminOverviewResponse> {
  return apiFetch<AdminOverviewResponse>('/admin/overview');
}

export const adminOverviewQueryOptions = queryOptions({ queryKey: ['admin', 'overview'], queryFn: getAdminOverview });

export function useAdminOverview() {
  return useQuery(adminOverviewQueryOptions);
}
