import { useQuery } from '@tanstack/react-query';
import type { MyRentalsResponse } from '@medallion/contracts/rentals';
import type { OwnerPayoutsResponse, PayoutSetupResponse, RentalChargesResponse } from '@medallion/contracts/rental-payments';
import { ApiClientError, apiFetch } from '../api-client';
import { defineQuery, getJson, retryOnceUnless } from './define-query';

/* Reads of the rentals API (modules/rentals and modules/rental-payments): My rentals, a rental's money, the owner's payouts. */

export const rentalKeys = {
  all: ['rentals'] as const,
  /** GET /rentals/mine: the account's requests and rentals. */
  mine: () => [...rentalKeys.all, 'mine'] as const,
  /** The money of rentals: every rental's charges and the owner's payouts (a payment invalidates them all). */
  money: () => [...rentalKeys.all, 'money'] as const,
  charges: (rentalId: string) => [...rentalKeys.money(), 'charges', rentalId] as const,
  payouts: () => [...rentalKeys.money(), 'payouts'] as const,
  /** Whether the owner's payout account can receive their rent (or must be set up at Stripe first). */
  payoutSetup: () => [...rentalKeys.all, 'payout-setup'] as const,
};

/** GET /rentals/mine: the account's requests and rentals, as driver and as owner. */
export const getMyRentals = getJson<MyRentalsResponse>('/rentals/mine');
export const myRentalsQueryOptions = defineQuery(rentalKeys.mine, getMyRentals);
export const useMyRentals = () => useQuery(myRentalsQueryOptions());

/** GET /rentals/{id}/charges: every charge and refund of one rental (its driver and its owner). */
export function getRentalCharges(rentalId: string, signal?: AbortSignal): Promise<RentalChargesResponse> {
  return apiFetch<RentalChargesResponse>(`/rentals/${encodeURIComponent(rentalId)}/charges`, { signal });
}
/** Someone else's rental, or no such rental (404), is said at once: asking again changes nothing. */
export const rentalChargesQueryOptions = defineQuery(rentalKeys.charges, (signal, rentalId: string) => getRentalCharges(rentalId, signal), {
  retry: retryOnceUnless((error) => error instanceof ApiClientError && error.status >= 400 && error.status < 500),
});
export const useRentalCharges = (rentalId: string) => useQuery(rentalChargesQueryOptions(rentalId));

/** GET /rentals/payouts: what is due to the signed-in owner and what was paid out. */
export const getOwnerPayouts = getJson<OwnerPayoutsResponse>('/rentals/payouts');
export const ownerPayoutsQueryOptions = defineQuery(rentalKeys.payouts, getOwnerPayouts);
export const useOwnerPayouts = () => useQuery(ownerPayoutsQueryOptions());

/** GET /rentals/payouts/setup: whether the owner's payouts can reach them, or they must finish their payout account at Stripe. */
export const getPayoutSetup = getJson<PayoutSetupResponse>('/rentals/payouts/setup');
export const payoutSetupQueryOptions = defineQuery(rentalKeys.payoutSetup, getPayoutSetup);
export const usePayoutSetup = () => useQuery(payoutSetupQueryOptions());
