/**
 * Where two-step sign-in is set up: the dashboard's Security tab. Staff accounts that must use it and do
 * not yet are sent here after signing in and from every staff page (two-factor-policy.ts on the API).
 */
export const TWO_FACTOR_SETUP_PATH = '/dashboard?tab=security';
