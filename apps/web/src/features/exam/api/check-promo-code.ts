import { useMutation } from '@tanstack/react-query';
import { checkPromoCode } from '@/lib/queries/exam';

/** The promo-code check runs when the user applies a code (GET /exam/promo-check, see lib/queries/exam). */
export function useCheckPromoCode() {
  return useMutation({ mutationFn: (code: string) => checkPromoCode(code) });
}
