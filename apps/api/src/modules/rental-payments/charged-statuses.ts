/** The rental statuses in which weekly rent is charged (the core's graph: the return and the end stop it). */
export const CHARGED_RENTAL_STATUSES = ['active', 'payment_failed'] as const;
/** The status of a rental waiting for its pick-up payment (agreement accepted by both). */
export const PICKUP_RENTAL_STATUS = 'awaiting_pickup';
