import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CreatePromoCodeRequest, PromoCode } from '@medallion/contracts/admin';
import { apiFetch } from '@/lib/api-client';

interface PromoCodesResponse {
  data: PromoCode[];
}

/** GET /admin/promo-codes (staff). */
export function getPromoCodes(signal?: AbortSignal): Promise<PromoCodesResponse> {
  return apiFetch<PromoCodesResponse>('/admin/promo-codes', { signal });
}

export const promoCodesQueryKey = ['admin', 'promo-codes'] as const;

export const promoCodesQueryOptions = queryOptions({
  queryKey: promoCodesQueryKey,
  queryFn: ({ signal }) => getPromoCodes(signal),
});

export function usePromoCodes() {
  return useQuery(promoCodesQueryOptions);
}

/** Puts the saved code into the cached table (new ones first), then refreshes it. */
function store(queryClient: ReturnType<typeof useQueryClient>, code: PromoCode) {
  queryClient.setQueryData<PromoCodesResponse>(promoCodesQueryKey, (old) => {
    if (!old) return old;
    const exists = old.data.some((c) => c.code === code.code);
    return { data: exists ? old.data.map((c) => (c.code === code.code ? code : c)) : [code, ...old.data] };
  });
  return queryClient.invalidateQueries({ queryKey: promoCodesQueryKey });
}

/** POST /admin/promo-codes: 409 when the code exists. */
export function createPromoCode(body: CreatePromoCodeRequest): Promise<{ data: PromoCode }> {
  return apiFetch<{ data: PromoCode }>('/admin/promo-codes', { method: 'POST', body });
}

export function useCreatePromoCode() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: createPromoCode, onSuccess: ({ data }) => store(queryClient, data) });
}

/** PATCH /admin/promo-codes/{code}: discount, active, expiry or uses. */
export function updatePromoCode(input: { code: string; body: Partial<Omit<CreatePromoCodeRequest, 'code'>> }): Promise<{ data: PromoCode }> {
  return apiFetch<{ data: PromoCode }>(`/admin/promo-codes/${encodeURIComponent(input.code)}`, { method: 'PATCH', body: input.body });
}

export function useUpdatePromoCode() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: updatePromoCode, onSuccess: ({ data }) => store(queryClient, data) });
}
