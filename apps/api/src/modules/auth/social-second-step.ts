import { createHMAC } from '@better-auth/utils/hmac';
import type { BetterAuthPlugin } from 'better-auth';
import { createAuthEndpoint } from 'better-auth/api';
import { deleteSessionCookie, expireCookie } from 'better-auth/cookies';
import { generateRandomString } from 'better-auth/crypto';
import { z } from 'zod';

/*
 * better-auth's two-factor plugin starts the second step only after e-mail + password sign-in (its
 * after-hook matches /sign-in/email). A social sign-in (Google, OIDC) creates a session straight away.
 * This tiny plugin gives completeSocialSignIn (social-sign-in.ts) the same second step: called with the
 * session the callback created, for an account with two-factor on it either keeps the session (a browser
 * trusted for 30 days: its trust record is renewed, as the plugin does) or deletes it and answers the
 * same challenge the plugin builds (a `2fa-…` verification row with the user id, its `2fa-attempts-…`
 * counter, the signed `two_factor` cookie), which /api/auth/two-factor/verify and /recovery accept.
 * Server-only: never reachable over HTTP, only through auth.api.
 */

/** The cookie names of better-auth's two-factor plugin (two-factor/constant.mjs, not exported). */
const TWO_FACTOR_COOKIE_NAME = 'two_factor';
const TRUST_DEVICE_COOKIE_NAME = 'trust_device';

export interface SocialSecondStepOptions {
  /** As given to twoFactor(): how long a trusted browser skips the code (seconds). */
  trustDeviceMaxAge: number;
  /** As given to twoFactor(): how long the challenge lasts (seconds; the plugin's default is 600). */
  twoFactorCookieMaxAge?: number;
}

export function socialSecondStep({ trustDeviceMaxAge, twoFactorCookieMaxAge = 600 }: SocialSecondStepOptions) {
  return {
    id: 'medallion-social-second-step',
    endpoints: {
      startSocialSecondStep: createAuthEndpoint(
        '/medallion/social-second-step',
        { method: 'POST', body: z.object({ sessionToken: z.string().min(1) }), metadata: { SERVER_ONLY: true } },
        async (ctx) => {
          const internal = ctx.context.internalAdapter;
          const found = await internal.findSession(ctx.body.sessionToken);
          const user = found?.user as { id: string; twoFactorEnabled?: boolean | null } | undefined;
          if (!found || !user?.twoFactorEnabled) return ctx.json({ twoFactorRequired: false });

          // A browser trusted for 30 days skips the code, as with a password (its record is renewed).
          const trustCookie = ctx.context.createAuthCookie(TRUST_DEVICE_COOKIE_NAME, { maxAge: trustDeviceMaxAge });
          const trusted = await ctx.getSignedCookie(trustCookie.name, ctx.context.secret);
          if (trusted) {
            const [token, trustIdentifier] = trusted.split('!');
            const expected = trustIdentifier ? await createHMAC('SHA-256', 'base64urlnopad').sign(ctx.context.secret, `${user.id}!${trustIdentifier}`) : '';
            const record = trustIdentifier && token === expected ? await internal.findVerificationValue(trustIdentifier) : null;
            if (trustIdentifier && record && record.value === user.id && record.expiresAt > new Date()) {
              await internal.deleteVerificationByIdentifier(trustIdentifier);
              const renewed = `trust-device-${generateRandomString(32)}`;
              const renewedToken = await createHMAC('SHA-256', 'base64urlnopad').sign(ctx.context.secret, `${user.id}!${renewed}`);
              await internal.createVerificationValue({ value: user.id, identifier: renewed, expiresAt: new Date(Date.now() + trustDeviceMaxAge * 1000) });
              await ctx.setSignedCookie(trustCookie.name, `${renewedToken}!${renewed}`, ctx.context.secret, trustCookie.attributes);
              return ctx.json({ twoFactorRequired: false });
            }
            expireCookie(ctx, trustCookie);
          }

          // No session yet: only the challenge, as after a password.
          deleteSessionCookie(ctx, true);
          await internal.deleteSession(ctx.body.sessionToken);
          const challengeCookie = ctx.context.createAuthCookie(TWO_FACTOR_COOKIE_NAME, { maxAge: twoFactorCookieMaxAge });
          const identifier = `2fa-${generateRandomString(20)}`;
          const expiresAt = new Date(Date.now() + twoFactorCookieMaxAge * 1000);
          await internal.createVerificationValue({ value: user.id, identifier, expiresAt });
          await internal.createVerificationValue({ value: '0', identifier: `2fa-attempts-${identifier}`, expiresAt });
          await ctx.setSignedCookie(challengeCookie.name, identifier, ctx.context.secret, challengeCookie.attributes);
          return ctx.json({ twoFactorRequired: true });
        },
      ),
    },
  } satisfies BetterAuthPlugin;
}
