/**
 * Who must use two-factor sign-in: every staff account (the console approves listings, ships orders and
 * makes promo codes), except the demo staff account the demo seed marks exempt. Until it is on, staff
 * pages lead to its setup and staff calls answer 403 TWO_FACTOR_REQUIRED (plugins/auth.ts requireStaff).
 */
export function twoFactorSetupRequired(u: { role: 'user' | 'staff'; twoFactorEnabled: boolean; twoFactorExempt: boolean }): boolean {
  return u.role === 'staff' && !u.twoFactorEnabled && !u.twoFactorExempt;
}

/**
 * Whether a signed-in user may use staff powers: staff with two-factor on (or the exempt demo account).
 * Every staff-only check goes through here (requireStaff, the dev mailbox, unpublished listings), so a
 * staff account without two-factor gets nothing a normal user would not.
 */
export function actsAsStaff(u: { role?: string | null; twoFactorSetupRequired?: boolean } | null | undefined): boolean {
  return u?.role === 'staff' && u.twoFactorSetupRequired === false;
}
