// A local OpenID provider for the social sign-in e2e test (started by playwright.config.ts).
import { startOidcProvider } from '../test-support/oidc-provider';

const port = Number(process.env.OIDC_PORT ?? 3199);
const appUrl = process.env.APP_URL ?? 'http://127.0.0.1:3100';

const provider = await startOidcProvider({
  port,
  clients: [{ clientId: 'medallion-e2e', clientSecret: 'e2e-secret', redirectUris: [`${appUrl}/auth`] }],
  accounts: [
    { sub: 'e2e-google-1', email: 'social.driver@example.com', name: 'Social Driver' },
    // An account with a password and two-step sign-in (social.spec.ts): the provider's e-mail links to it.
    // A second one for CI's retry of that test, since the first try's account may still exist.
    { sub: 'e2e-google-2', email: 'social.two-step@example.com', name: 'Social Two Step' },
    { sub: 'e2e-google-3', email: 'social.two-step.retry@example.com', name: 'Social Two Step' },
  ],
});
console.log(`local OpenID provider at ${provider.issuer}`);
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => void provider.close().then(() => process.exit(0)));
}
