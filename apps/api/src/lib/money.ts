/** An amount in cents as the site writes it: `$12.50`. */
export const formatUsd = (cents: number): string => `$${(cents / 100).toFixed(2)}`;
