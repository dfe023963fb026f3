// A local OpenID provider for the social sign-in e2e test (started by playwright.config.ts).
import { startOidcProvider } from '../test-support/oidc-provider';

const port = Number(process.env.OIDC_PORT ?? 3199);
const appUrl = process.env.APP_URL ?? 'http://127.0.0.1:3100';

const provider = await startOidcProvider({
  port,
  clients: [{ clientId: 'medallion-e2e', clientSecret: 'e2e-secret', redirectUris: [`${appUrl}/auth`] }],
  accounts: [{ sub: 'e2e-google-1', email: 'social.driver@example.com', name: 'Social Driver' }],
});
console.log(`local OpenID provider at ${provider.issuer}`);
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => void provider.close().then(() => process.exit(0)));
}
