import { z } from 'zod';
import { text } from './text';

export const socialProviderIdSchema = z.enum(['google', 'oidc']);
export type SocialProviderId = z.infer<typeof socialProviderIdSchema>;

/** GET /auth/providers: the social sign-in options configured on this server (none: no buttons). */
export const socialProvidersResponseSchema = z.object({
  data: z.array(z.object({ id: socialProviderIdSchema, name: z.string() })),
});
export type SocialProvidersResponse = z.infer<typeof socialProvidersResponseSchema>;

/** POST /auth/social/start: where to send the browser. */
export const socialStartRequestSchema = z.object({ provider: socialProviderIdSchema });
export const socialStartResponseSchema = z.object({ url: z.url() });
export type SocialStartResponse = z.infer<typeof socialStartResponseSchema>;

/** POST /auth/social/callback: what the provider sent back to /auth. */
export const socialCallbackRequestSchema = z.object({
  provider: socialProviderIdSchema,
  code: text().min(1).max(2048),
  state: text().min(1).max(2048),
});
export type SocialCallbackRequest = z.infer<typeof socialCallbackRequestSchema>;
