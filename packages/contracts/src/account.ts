import { z } from 'zod';
import { CODE_PATTERN, SIGN_UP_EMAIL_PATTERN } from './auth';
import { MAX_PHONE_INPUT_LENGTH, toUsE164 } from './phone';
import { text } from './text';

/**
 * The signed-in user's own attributes (the spec's "update user attributes"): name and phone
 * (PATCH /account/profile), and the e-mail, changed only once a code sent to the new address is
 * confirmed (POST /account/email-change, then /account/email-change/confirm). Both answer the user
 * record of GET /users (getUserResponseSchema).
 */

/** A US phone number as typed; answers its E.164 form. Blank (or null) removes the phone. */
const phone = z.preprocess(
  (v) => (v === null ? '' : v),
  text({ error: 'phoneInvalid' })
    .trim()
    .max(MAX_PHONE_INPUT_LENGTH, 'phoneInvalid')
    .transform((value, ctx): string | null => {
      if (value === '') return null;
      const e164 = toUsE164(value);
      if (!e164) {
        ctx.addIssue({ code: 'custom', message: 'phoneInvalid' });
        return z.NEVER;
      }
      return e164;
    }),
);

/** PATCH /account/profile: what is sent changes, what is left out stays. */
export const updateProfileRequestSchema = z.strictObject({
  name: text({ error: 'nameMin' }).trim().min(2, 'nameMin').max(100, 'nameMax').optional(),
  phone: phone.optional(),
});
export type UpdateProfileRequest = z.input<typeof updateProfileRequestSchema>;
export type UpdateProfile = z.output<typeof updateProfileRequestSchema>;

const newEmail = text({ error: 'emailRequired' })
  .trim()
  .toLowerCase()
  .min(1, 'emailRequired')
  .max(254, 'emailFormat')
  .regex(SIGN_UP_EMAIL_PATTERN, 'emailFormat');

/** POST /account/email-change: the new address and the current password again. */
export const emailChangeRequestSchema = z.object({
  email: newEmail,
  password: text({ error: 'passwordRequired' }).min(1, 'passwordRequired').max(128, 'passwordRequired'),
});
export type EmailChangeRequest = z.infer<typeof emailChangeRequestSchema>;

/** POST /account/email-change/confirm: the new address and the 6-digit code e-mailed to it. */
export const emailChangeConfirmRequestSchema = z.object({
  email: newEmail,
  code: text({ error: 'codeInvalid' }).trim().regex(CODE_PATTERN, 'codeInvalid'),
});
export type EmailChangeConfirmRequest = z.infer<typeof emailChangeConfirmRequestSchema>;

/** The link of the notice to the old address after an e-mail change: 32 random bytes, base64url. */
export const EMAIL_RESTORE_TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

/** POST /account/email-restore (no sign-in): the token of the link sent to the old address. */
export const emailRestoreRequestSchema = z.object({
  token: text({ error: 'account.emailRestoreInvalid' }).trim().regex(EMAIL_RESTORE_TOKEN_PATTERN, 'account.emailRestoreInvalid'),
});
export type EmailRestoreRequest = z.infer<typeof emailRestoreRequestSchema>;

/** The address that is back on the account (every browser signed out, the password to set again). */
export const emailRestoreResponseSchema = z.object({ message: z.string(), email: z.string() });
export type EmailRestoreResponse = z.infer<typeof emailRestoreResponseSchema>;
