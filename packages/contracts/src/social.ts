import { z } from 'zod';
import { REDIRECT_TARGET_MAX_LENGTH } from './safe-redirect';
import { text } from './text';

export const socialProviderIdSchema = z.enum(['google', 'oidc']);
export type SocialProviderId = z.infer<typeof socialProviderIdSchema>;

/** GET /auth/providers: the social sign-in options configured on this server (none: no buttons). */
export const socialProvidersResponseSchema = z.object({
  data: z.array(z.object({ id: socialProviderIdSchema, name: z.string() })),
});
export type SocialProvidersResponse = z.infer<typeof socialProvidersResponseSchema>;

/**
 * POST /auth/social/start: where to send the browser. `redirect`: the page to come back to after
 * signing in (a path of this site, see safe-redirect.ts; anything else ends on the dashboard).
 */
export const socialStartRequestSchema = z.object({
  provider: socialProviderIdSchema,
  redirect: text().max(REDIRECT_TARGET_MAX_LENGTH).optional(),
});
export type SocialStartRequest = z.infer<typeof socialStartRequestSchema>;
export const socialStartResponseSchema = z.object({ url: z.url() });
export type SocialStartResponse = z.infer<typeof socialStartResponseSchema>;

/** POST /auth/social/callback: what the provider sent back to /auth. */
export const socialCallbackRequestSchema = z.object({
  provider: socialProviderIdSchema,
  code: text().min(1).max(2048),
  state: text().min(1).max(2048),
});
export type SocialCallbackRequest = z.infer<typeof socialCallbackRequestSchema>;
/**
 * Signed in: `redirect` is the page the sign-in started from (carried in the provider's state). With
 * two-step sign-in on (`twoFactorRequired`), not signed in yet: the code's step comes first (the
 * challenge cookie is set, as after a password), then `redirect`.
 */
export const socialCallbackResponseSchema = z.object({ message: z.string(), redirect: z.string(), twoFactorRequired: z.boolean().optional() });
export type SocialCallbackResponse = z.infer<typeof socialCallbackResponseSchema>;
