/** The rental statuses in which weekly rent is charged (the core's graph: the return and the end stop it). */
export const CHARGED_RENTAL_STATUSES = ['active', 'payment_failed'] as const;
/** The status of a rental waiting for its pick-up payment (agreement accepted by both). */
export const PICKUP_RENTAL_STATUS = 'awaiting_pickup';

/** What the pick-up costs: the deposit (charged, refunded after the return: card holds expire in about 7 days) and week 1. */
export const pickupAmountCents = (rental: { depositCents: number; weeklyRentCents: number }) => rental.depositCents + rental.weeklyRentCents;
