/**
 * Rentals (issue #32): the request and answer schemas of the rental endpoints, with the zod-free part
 * (statuses, events, rules, the weekly cost) re-exported from rental-states.ts.
 */
export * from './rental-states';
