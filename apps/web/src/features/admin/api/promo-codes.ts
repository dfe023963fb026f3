import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CreatePromoCodeRequest, PromoCode, PromoCodeResponse, PromoCodesResponse } from '@medallion/contracts/admin';
import { apiFetch } from '@/lib/api-client';
import { adminKeys } from '@/lib/queries/admin';

/** Puts the saved code into the cached table (new ones first), then refreshes it. */
function store(queryClient: ReturnType<typeof useQueryClient>, code: PromoCode) {
  queryClient.setQueryData<PromoCodesResponse>(adminKeys.promoCodes(), (old) => {
    if (!old) return old;
    const exists = old.data.some((c) => c.code === code.code);
    return { data: exists ? old.data.map((c) => (c.code === code.code ? code : c)) : [code, ...old.data] };
  });
  return queryClient.invalidateQueries({ queryKey: adminKeys.promoCodes() });
}

/** POST /admin/promo-codes: 409 when the code exists. */
export function createPromoCode(body: CreatePromoCodeRequest): Promise<PromoCodeResponse> {
  return apiFetch<PromoCodeResponse>('/admin/promo-codes', { method: 'POST', body });
}

export function useCreatePromoCode() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: createPromoCode, onSuccess: ({ data }) => store(queryClient, data) });
}

/** PATCH /admin/promo-codes/{code}: discount, active, expiry or uses. */
export function updatePromoCode(input: { code: string; body: Partial<Omit<CreatePromoCodeRequest, 'code'>> }): Promise<PromoCodeResponse> {
  return apiFetch<PromoCodeResponse>(`/admin/promo-codes/${encodeURIComponent(input.code)}`, { method: 'PATCH', body: input.body });
}

export function useUpdatePromoCode() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: updatePromoCode, onSuccess: ({ data }) => store(queryClient, data) });
}
