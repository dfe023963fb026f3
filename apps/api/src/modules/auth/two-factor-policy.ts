import { isLoopbackUrl } from '../../lib/loopback';

/**
 * The demo staff account's exemption (two_factor_exempt, set by the demo seed) holds only on a site that
 * is reachable from this machine alone: PUBLIC_URL on localhost, 127.0.0.1 or [::1]. The demo's password
 * is published in the README, so on any other address the account follows the staff rule like every other.
 */
export function demoExemptionHolds(publicUrl: string): boolean {
  return isLoopbackUrl(publicUrl);
}

/** Logged at start when the demo data is seeded on a site others can reach (app.ts). */
export const DEMO_DATA_PUBLIC_WARNING =
  'SEED_DEMO_DATA is on but PUBLIC_URL is not a loopback address: the demo accounts, whose passwords are published, are on a site others can reach. The demo staff account must set up two-step sign-in here (its exemption holds on localhost only). Set SEED_DEMO_DATA=false in production.';

/**
 * Who must use two-factor sign-in: every staff account (the console approves listings, ships orders and
 * makes promo codes), except the demo staff account the demo seed marks exempt, and that only while
 * PUBLIC_URL is a loopback address (demoExemptionHolds). Until it is on, staff pages lead to its setup
 * and staff calls answer 403 TWO_FACTOR_REQUIRED (plugins/auth.ts requireStaff).
 */
export function twoFactorSetupRequired(u: { role: 'user' | 'staff'; twoFactorEnabled: boolean; twoFactorExempt: boolean }, publicUrl: string): boolean {
  return u.role === 'staff' && !u.twoFactorEnabled && !(u.twoFactorExempt && demoExemptionHolds(publicUrl));
}

/**
 * Whether a signed-in user may use staff powers: staff with two-factor on (or the exempt demo account).
 * Every staff-only check goes through here (requireStaff, the dev mailbox, unpublished listings), so a
 * staff account without two-factor gets nothing a normal user would not.
 */
export function actsAsStaff(u: { role?: string | null; twoFactorSetupRequired?: boolean } | null | undefined): boolean {
  return u?.role === 'staff' && u.twoFactorSetupRequired === false;
}
