import { z } from 'zod';
import { CODE_PATTERN, sessionUserSchema } from './auth';
import { text } from './text';

/*
 * Two-step sign-in with an authenticator app (TOTP, RFC 6238) and single-use recovery codes: the
 * second step of sign-in, and turning it on and off in the Security tab.
 */

/** A code of the authenticator app: 6 digits (spaces, as some apps show "123 456", are dropped). */
export const TOTP_CODE_PATTERN = /^\d{6}$/;
/** A recovery code as shown: 5 letters or digits, a hyphen, 5 more (the hyphen may be left out). */
export const RECOVERY_CODE_PATTERN = /^[A-Za-z0-9]{5}-?[A-Za-z0-9]{5}$/;

/** A recovery code typed without its hyphen gets it back (the codes are stored as shown). */
const withHyphen = (v: string) => (v.includes('-') ? v : `${v.slice(0, 5)}-${v.slice(5)}`);

const totpCode = text({ error: 'twoFactorCodeFormat' })
  .transform((v) => v.replace(/\s+/g, ''))
  .pipe(z.string().regex(TOTP_CODE_PATTERN, 'twoFactorCodeFormat'));
const recoveryCode = text({ error: 'recoveryCodeFormat' })
  .transform((v) => v.trim())
  .pipe(z.string().regex(RECOVERY_CODE_PATTERN, 'recoveryCodeFormat').transform(withHyphen));
/** Disabling takes either: 6 digits are an authenticator code, anything else a recovery code. */
const eitherCode = text({ error: 'twoFactorEitherCodeFormat' })
  .transform((v) => v.trim())
  .pipe(
    z.union(
      [
        z
          .string()
          .transform((v) => v.replace(/\s+/g, ''))
          .pipe(z.string().regex(TOTP_CODE_PATTERN)),
        z.string().regex(RECOVERY_CODE_PATTERN).transform(withHyphen),
      ],
      { error: 'twoFactorEitherCodeFormat' },
    ),
  );
const password = text({ error: 'passwordRequired' }).min(1, 'passwordRequired').max(128, 'passwordRequired');

/** POST /auth/two-factor/verify: the second step of sign-in with the app's code. */
export const twoFactorVerifyRequestSchema = z.object({ code: totpCode, trustBrowser: z.boolean().default(false) });
export type TwoFactorVerifyRequest = z.input<typeof twoFactorVerifyRequestSchema>;

/** POST /auth/two-factor/recovery: the second step with a recovery code (each works once). */
export const twoFactorRecoveryRequestSchema = z.object({ code: recoveryCode, trustBrowser: z.boolean().default(false) });
export type TwoFactorRecoveryRequest = z.input<typeof twoFactorRecoveryRequestSchema>;

/** POST /account/two-factor/recovery-codes: the password again. */
export const twoFactorPasswordRequestSchema = z.object({ password });
export type TwoFactorPasswordRequest = z.infer<typeof twoFactorPasswordRequestSchema>;

/** A 6-digit code e-mailed to the account's own address (POST …/email-code). */
const mailboxCode = text({ error: 'codeInvalid' }).trim().regex(CODE_PATTERN, 'codeInvalid');

/**
 * POST /account/two-factor/setup: the password again; a staff account also sends the code that POST
 * /account/two-factor/email-code e-mailed to its address (a session thief must not enroll an
 * authenticator of their own on an account the staff console opens to).
 */
export const twoFactorSetupRequestSchema = z.object({ password, emailCode: z.preprocess((v) => (v === '' ? undefined : v), mailboxCode.optional()) });
export type TwoFactorSetupRequest = z.output<typeof twoFactorSetupRequestSchema>;

/**
 * POST /account/reauthenticate (the step-up before changing how one signs in: passkeys): the password,
 * or a current code of the authenticator app or a recovery code, or, for an account with neither, the
 * code POST /account/reauthenticate/email-code e-mailed to it. Valid for this session for 5 minutes.
 */
export const reauthenticateRequestSchema = z
  .object({ password: password.optional(), code: eitherCode.optional(), emailCode: mailboxCode.optional() })
  .refine((v) => v.password !== undefined || v.code !== undefined || v.emailCode !== undefined, { message: 'passwordRequired', path: ['password'] });
export type ReauthenticateRequest = z.input<typeof reauthenticateRequestSchema>;

/** What the step-up needs of this account (the dialog asks for it), and until when a done one holds. */
export const reauthenticateResponseSchema = z.object({
  message: z.string(),
  /** ISO time until which this session may change passkeys without asking again. */
  expiresAt: z.string(),
});
export type ReauthenticateResponse = z.infer<typeof reauthenticateResponseSchema>;

/** GET /account/reauthenticate: how this account can confirm it is its owner, and whether this session has. */
export const stepUpStatusResponseSchema = z.object({
  methods: z.array(z.enum(['password', 'code', 'emailCode'])),
  /** ISO time until which a step-up of this session holds, null when there is none. */
  expiresAt: z.string().nullable(),
});
export type StepUpStatusResponse = z.infer<typeof stepUpStatusResponseSchema>;

export const twoFactorSetupResponseSchema = z.object({
  /** otpauth:// URI for the QR code. */
  totpUri: z.string(),
  /** The key in base32, for typing into the app by hand. */
  secret: z.string(),
  /** Shown once; two-factor is on only after /confirm. */
  recoveryCodes: z.array(z.string()),
});
export type TwoFactorSetupResponse = z.infer<typeof twoFactorSetupResponseSchema>;

/** POST /account/two-factor/confirm: one code of the app turns it on. */
export const twoFactorConfirmRequestSchema = z.object({ code: totpCode });
export type TwoFactorConfirmRequest = z.input<typeof twoFactorConfirmRequestSchema>;

/** POST /account/two-factor/disable: the password and a current code (of the app, or a recovery code). */
export const twoFactorDisableRequestSchema = z.object({ password, code: eitherCode });
export type TwoFactorDisableRequest = z.input<typeof twoFactorDisableRequestSchema>;

/** Answer of confirm and disable: the user as it is now, and what happened. */
export const twoFactorStatusResponseSchema = z.object({ user: sessionUserSchema, message: z.string() });
export type TwoFactorStatusResponse = z.infer<typeof twoFactorStatusResponseSchema>;

export const recoveryCodesResponseSchema = z.object({ recoveryCodes: z.array(z.string()) });
export type RecoveryCodesResponse = z.infer<typeof recoveryCodesResponseSchema>;
