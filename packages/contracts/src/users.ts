import { z } from 'zod';
import { text } from './text';

/** A user record, with field names as the calls use them. */
export const userRecordSchema = z.object({
  'user-id': z.string(),
  email: z.string(),
  'full-name': z.string(),
  phone: z.string().nullable(),
  status: z.enum(['UNCONFIRMED', 'CONFIRMED']),
  role: z.enum(['user', 'staff']),
  /** false for accounts that only sign in with Google or another provider. */
  has_password: z.boolean(),
  payment_transactions: z.array(z.object({ 'transaction-id': z.string(), access_expiry: z.string() })),
});
export type UserRecord = z.infer<typeof userRecordSchema>;

export const getUserResponseSchema = z.object({ data: userRecordSchema });
export type GetUserResponse = z.infer<typeof getUserResponseSchema>;

/** POST /users: creates the caller's user record (after a social sign-in). */
export const createUserRequestSchema = z.object({
  'user-id': text().min(1),
  email: z.email('emailInvalid'),
  'full-name': text().trim().min(2, 'nameMin').max(100, 'nameMax'),
});
export type CreateUserRequest = z.infer<typeof createUserRequestSchema>;

/** PATCH /users: the only change a user may make to their own status is CONFIRMED. */
export const patchUserRequestSchema = z.strictObject({
  status: z.literal('CONFIRMED', 'statusInvalid'),
});
export type PatchUserRequest = z.infer<typeof patchUserRequestSchema>;

export const emailCheckResponseSchema = z.object({ email_exist: z.boolean() });
export type EmailCheckResponse = z.infer<typeof emailCheckResponseSchema>;
