import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import type { CreatePaymentIntentRequest, CreatePaymentIntentResponse } from '@medallion/contracts/payments';
import type { PayoutSetupLinkResponse, PayRentalWeekRequest, RentalWeekPaymentResponse } from '@medallion/contracts/rental-payments';
import { apiFetch } from '@/lib/api-client';
import { finishPayment } from '@/lib/payment-challenge';
import { rentalKeys } from '@/lib/queries/rentals';

/**
 * POST /payments/create-payment-intent with `rental-id`: the pick-up (the deposit and week 1). The
 * amount is the server's own (`pickup_amount_cents` of the rental view); the server keys the payment by
 * the rental, so a second Pay answers with the first payment instead of charging again.
 */
export async function payRentalPickup(input: { rentalId: string; amountCents: number; paymentMethodId: string }): Promise<CreatePaymentIntentResponse> {
  const body: CreatePaymentIntentRequest = { 'user-pm': input.paymentMethodId, 'payment-amount': input.amountCents, 'rental-id': input.rentalId };
  const answer = await apiFetch<CreatePaymentIntentResponse>('/payments/create-payment-intent', { method: 'POST', body });
  // A card that needs 3-D Secure: the challenge, then the server settles the payment (confirmPayment).
  return finishPayment(answer, () => confirmPayment(answer.data['payment-id']));
}

/** POST /payments/{id}/confirm: after the 3-D Secure challenge the server reads the payment intent again and settles it once. */
export function confirmPayment(paymentId: string): Promise<CreatePaymentIntentResponse> {
  return apiFetch<CreatePaymentIntentResponse>(`/payments/${encodeURIComponent(paymentId)}/confirm`, { method: 'POST' });
}

/** POST /rentals/{id}/weeks/{week}/pay: the driver pays a declined week, or one their bank wants confirmed, on-session. */
export async function payRentWeek(input: { rentalId: string; week: number; paymentMethodId: string | null }): Promise<RentalWeekPaymentResponse> {
  const body: PayRentalWeekRequest = input.paymentMethodId ? { 'user-pm': input.paymentMethodId } : {};
  const week = `/rentals/${encodeURIComponent(input.rentalId)}/weeks/${input.week}`;
  const answer = await apiFetch<RentalWeekPaymentResponse>(`${week}/pay`, { method: 'POST', body });
  // The bank wants the driver (3-D Secure): the challenge, then the server records the week once.
  return finishPayment(answer, () => apiFetch<RentalWeekPaymentResponse>(`${week}/confirm`, { method: 'POST' }));
}

/** POST /rentals/{id}/end-for-non-payment: the owner ends a rental whose rent stayed unpaid (the server decides when). */
export function endRentalForNonPayment(rentalId: string): Promise<unknown> {
  return apiFetch(`/rentals/${encodeURIComponent(rentalId)}/end-for-non-payment`, { method: 'POST' });
}

/** A payment of a rental changes My rentals, the rental's charges and the owner's payouts: all of them are read again. */
function useRentalMoneyMutation<I, R>(call: (input: I) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: call, onSettled: () => queryClient.invalidateQueries({ queryKey: rentalKeys.all }) });
}

export const usePayRentalPickup = () => useRentalMoneyMutation(payRentalPickup);
export const usePayRentWeek = () => useRentalMoneyMutation(payRentWeek);
export const useEndRentalForNonPayment = () => useRentalMoneyMutation(endRentalForNonPayment);

/**
 * POST /rentals/payouts/setup-link, then off to Stripe's pages, where the owner finishes their payout
 * account; Stripe brings them back to My rentals, which reads the setup again.
 */
async function goToPayoutSetup(): Promise<void> {
  const answer = await apiFetch<PayoutSetupLinkResponse>('/rentals/payouts/setup-link', { method: 'POST' });
  window.location.assign(answer.data.url);
}

/**
 * The button's state while the browser leaves for Stripe. An owner who comes back with Back may get this
 * page from the browser's back-forward cache, as it was when they left ("Opening Stripe…", disabled):
 * the state starts again and the setup is read again.
 */
export function useGoToPayoutSetup() {
  const queryClient = useQueryClient();
  const mutation = useMutation({ mutationFn: goToPayoutSetup });
  const { reset } = mutation;
  useEffect(() => {
    const onPageShow = (event: PageTransitionEvent) => {
      if (!event.persisted) return;
      reset();
      void queryClient.invalidateQueries({ queryKey: rentalKeys.payoutSetup() });
    };
    window.addEventListener('pageshow', onPageShow);
    return () => window.removeEventListener('pageshow', onPageShow);
  }, [reset, queryClient]);
  return mutation;
}
