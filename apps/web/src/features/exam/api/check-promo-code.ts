import { useMutation } from '@tanstack/react-query';
import type { PromoCheckResponse } from '@medallion/contracts/exam';
import { apiFetch } from '@/lib/api-client';

/** GET /exam/promo-check?code=: whether the code would discount the exam now (case-insensitive). */
export function checkPromoCode(code: string): Promise<PromoCheckResponse> {
  return apiFetch<PromoCheckResponse>('/exam/promo-check', { query: { code } });
}

export function useCheckPromoCode() {
  return useMutation({ mutationFn: checkPromoCode });
}
