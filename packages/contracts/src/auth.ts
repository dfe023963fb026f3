import { z } from 'zod';
import { text } from './text';

/** An e-mail: letters, digits, dot, underscore or hyphen, then @, a domain and an alphabetic suffix. */
export const SIGN_UP_EMAIL_PATTERN = /^[A-Za-z0-9._-]+@[A-Za-z0-9-]+(\.[A-Za-z0-9-]+)*\.[A-Za-z]+$/;
/** A password: at least 6 characters with a digit, a lowercase and an uppercase letter, letters and digits only. */
export const PASSWORD_PATTERN = /^(?=.*\d)(?=.*[a-z])(?=.*[A-Z])[A-Za-z\d]{6,128}$/;
/** A confirmation code: numeric, at most 6 digits. */
export const CODE_PATTERN = /^\d{1,6}$/;
export const CODE_TTL_SECONDS = 600;
export const CODE_MAX_ATTEMPTS = 5;
/** Two-factor sign-in: recovery codes given when it is turned on, and how long "Trust this browser" lasts. */
export const RECOVERY_CODE_COUNT = 10;
export const TRUST_BROWSER_DAYS = 30;
/**
 * Wrong passwords (decision 0010, apps/api/src/modules/auth/password-lockout.ts): 10 within 15 minutes
 * from one address lock that account for that address for 15 minutes; 100 within 15 minutes from all
 * addresses together brake the account for 15 minutes for every browser that has not signed in to it.
 */
export const LOCKOUT_MAX_FAILURES = 10;
export const LOCKOUT_WINDOW_MS = 15 * 60_000;
export const ACCOUNT_BRAKE_FAILURES = 100;
/** A password or second-factor check lets this session change sign-in methods for 5 minutes (step-up). */
export const STEP_UP_TTL_MS = 5 * 60_000;
/** The link that undoes an e-mail change (sent to the old address) works for 7 days, once. */
export const EMAIL_RESTORE_TTL_DAYS = 7;

const email = text({ error: 'emailRequired' }).trim().toLowerCase().min(1, 'emailRequired').max(254, 'emailFormat');
const signUpEmail = email.regex(SIGN_UP_EMAIL_PATTERN, 'emailFormat');
const code = text({ error: 'codeInvalid' }).trim().regex(CODE_PATTERN, 'codeInvalid');
const newPassword = text({ error: 'passwordRule' }).regex(PASSWORD_PATTERN, 'passwordRule');

export const signUpRequestSchema = z.object({
  name: text({ error: 'nameMin' }).trim().min(2, 'nameMin').max(100, 'nameMax'),
  email: signUpEmail,
  password: newPassword,
});
export type SignUpRequest = z.infer<typeof signUpRequestSchema>;

export const signInRequestSchema = z.object({
  email: email.pipe(z.email('emailInvalid')),
  password: text({ error: 'passwordRequired' }).min(1, 'passwordRequired').max(128, 'passwordRequired'),
});
export type SignInRequest = z.infer<typeof signInRequestSchema>;

export const emailOnlyRequestSchema = z.object({ email: email.pipe(z.email('emailInvalid')) });
export type EmailOnlyRequest = z.infer<typeof emailOnlyRequestSchema>;

export const confirmSignUpRequestSchema = z.object({ email: email.pipe(z.email('emailInvalid')), code });
export type ConfirmSignUpRequest = z.infer<typeof confirmSignUpRequestSchema>;

export const confirmForgotPasswordRequestSchema = z.object({
  email: email.pipe(z.email('emailInvalid')),
  code,
  password: text({ error: 'newPasswordRequired' }).min(1, 'newPasswordRequired').pipe(newPassword),
});
export type ConfirmForgotPasswordRequest = z.infer<typeof confirmForgotPasswordRequestSchema>;

export const sessionUserSchema = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  role: z.enum(['user', 'staff']),
  status: z.enum(['UNCONFIRMED', 'CONFIRMED']),
  /** An authenticator app is on: sign-in asks for its code after the password. */
  twoFactorEnabled: z.boolean(),
  /** A staff account that must turn on two-factor before any staff page or call works. */
  twoFactorSetupRequired: z.boolean(),
});
export type SessionUser = z.infer<typeof sessionUserSchema>;

/** Answer of sign-in, confirm-sign-up, confirm-forgot-password and GET /auth/session. */
export const sessionResponseSchema = z.object({
  user: sessionUserSchema.nullable(),
  /**
   * Bearer token for API clients (the web app uses the httpOnly cookie instead). Sign-in and confirm
   * answers carry it; GET /auth/session only to a request that itself came with `Authorization: Bearer`.
   */
  token: z.string().nullable(),
  /** Sign-in: the password was right and the account uses two-step sign-in; no session yet, the code comes next. */
  twoFactorRequired: z.boolean().optional(),
});
export type SessionResponse = z.infer<typeof sessionResponseSchema>;

export const okResponseSchema = z.object({ message: z.string() });
export type OkResponse = z.infer<typeof okResponseSchema>;

/** POST /auth/change-password (signed in). */
export const changePasswordRequestSchema = z.object({
  currentPassword: text({ error: 'passwordRequired' }).min(1, 'passwordRequired').max(128, 'passwordRequired'),
  newPassword: text({ error: 'newPasswordRequired' }).min(1, 'newPasswordRequired').pipe(newPassword),
});
export type ChangePasswordRequest = z.infer<typeof changePasswordRequestSchema>;

/**
 * DELETE /users (signed in): confirmed by the password, or, for accounts without one (social
 * sign-in), by a code e-mailed through POST /users/delete-code.
 */
export const deleteAccountRequestSchema = z
  .object({
    password: text().min(1, 'passwordRequired').max(128, 'passwordRequired').optional(),
    code: text().trim().regex(CODE_PATTERN, 'codeInvalid').optional(),
  })
  .refine((v) => v.password !== undefined || v.code !== undefined, { message: 'passwordRequired', path: ['password'] });
export type DeleteAccountRequest = z.infer<typeof deleteAccountRequestSchema>;
