import type { GenericOAuthConfig } from 'better-auth/plugins';
import type { SocialProviderId } from '@medallion/contracts/social';
import type { Config } from '../../config';

export interface SocialProvider {
  id: SocialProviderId;
  name: string;
  oauth: GenericOAuthConfig;
}

/**
 * Social sign-in providers from the environment. Each returns to /auth, where the web app
 * hands code and state to POST /api/auth/social/callback.
 */
export function socialProviders(config: Config): SocialProvider[] {
  const redirectURI = `${config.PUBLIC_URL}/auth`;
  const providers: SocialProvider[] = [];
  if (config.GOOGLE_CLIENT_ID && config.GOOGLE_CLIENT_SECRET) {
    providers.push({
      id: 'google',
      name: 'Google',
      oauth: {
        providerId: 'google',
        discoveryUrl: config.GOOGLE_DISCOVERY_URL,
        clientId: config.GOOGLE_CLIENT_ID,
        clientSecret: config.GOOGLE_CLIENT_SECRET,
        scopes: ['openid', 'email', 'profile'],
        redirectURI,
        pkce: true,
      },
    });
  }
  if (config.OIDC_DISCOVERY_URL && config.OIDC_CLIENT_ID && config.OIDC_CLIENT_SECRET) {
    providers.push({
      id: 'oidc',
      name: config.OIDC_NAME,
      oauth: {
        providerId: 'oidc',
        discoveryUrl: config.OIDC_DISCOVERY_URL,
        clientId: config.OIDC_CLIENT_ID,
        clientSecret: config.OIDC_CLIENT_SECRET,
        scopes: ['openid', 'email', 'profile'],
        redirectURI,
        pkce: true,
      },
    });
  }
  return providers;
}
