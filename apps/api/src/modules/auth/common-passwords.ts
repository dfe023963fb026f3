import { invalidField } from '../../lib/app-error';

/** How many of the most common passwords are refused (OWASP ASVS 5.0, 6.2.4: at least the top 3,000). */
export const COMMON_PASSWORD_COUNT = 10_000;

let common: Promise<ReadonlySet<string>> | undefined;

/**
 * The 10,000 most common passwords, lower-cased, from zxcvbn-ts's common dictionary (MIT, ordered by
 * frequency; about 380 KB compressed, 50,000 entries). Loaded on the first check only, once per process:
 * the server alone reads it (the web never imports this module).
 */
function commonPasswords(): Promise<ReadonlySet<string>> {
  common ??= import('@zxcvbn-ts/language-common')
    .then(({ dictionary }) => {
      const list = dictionary['passwords-common'] as readonly string[];
      return new Set(list.slice(0, COMMON_PASSWORD_COUNT).map((p) => p.toLowerCase()));
    })
    .catch((error: unknown) => {
      common = undefined; // a failed load is tried again on the next check
      throw error;
    });
  return common;
}

/** Whether the password is one of the most common ones, ignoring case ("Password1" is "password1"). */
export async function isCommonPassword(password: string): Promise<boolean> {
  return (await commonPasswords()).has(password.toLowerCase());
}

/**
 * Refuses a common password as a new password (sign-up, password reset, password change): a
 * VALIDATION_ERROR on the given field, after the spec's rule (the contracts' schema) has passed.
 */
export async function assertNotCommonPassword(password: string, field: string): Promise<void> {
  if (await isCommonPassword(password)) throw invalidField(field, 'passwordCommon');
}
