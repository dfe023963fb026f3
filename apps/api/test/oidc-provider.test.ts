import { createHash, randomBytes } from 'node:crypto';
import { describe, it, expect, afterAll } from 'vitest';
import { authorizeAsUser, startOidcProvider } from '../../../test-support/oidc-provider';

const client = { clientId: 'medallion-test', clientSecret: 'test-secret: with spaces & symbols', redirectUris: ['http://127.0.0.1:9/callback'] };
const account = { sub: 'user-123', email: 'driver@example.com', name: 'Test Driver' };

interface Discovery {
  issuer: string;
  authorization_endpoint: string;
  token_endpoint: string;
  userinfo_endpoint: string;
}

interface TokenResponse {
  access_token?: string;
  id_token?: string;
  token_type?: string;
  error?: string;
}

/** RFC 6749 §2.3.1: id and secret are form-urlencoded before being joined and base64-encoded. */
function basicAuth(id: string, secret: string): string {
  const encode = (value: string) => encodeURIComponent(value).replace(/%20/g, '+');
  return `Basic ${Buffer.from(`${encode(id)}:${encode(secret)}`).toString('base64')}`;
}

function decodeJwtPayload(jwt: string): Record<string, unknown> {
  const payload = jwt.split('.')[1];
  if (!payload) throw new Error('not a JWT');
  return JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as Record<string, unknown>;
}

describe('local OpenID Connect provider harness', async () => {
  const provider = await startOidcProvider({ clients: [client], accounts: [account] });
  afterAll(() => provider.close());
  const discovery = (await (await fetch(provider.discoveryUrl)).json()) as Discovery;

  function authorizeUrl(params: { state: string; nonce: string; codeChallenge?: string }) {
    const url = new URL(discovery.authorization_endpoint);
    url.search = new URLSearchParams({
      response_type: 'code',
      client_id: client.clientId,
      redirect_uri: client.redirectUris[0] ?? '',
      scope: 'openid email profile',
      state: params.state,
      nonce: params.nonce,
      ...(params.codeChallenge ? { code_challenge: params.codeChallenge, code_challenge_method: 'S256' } : {}),
    }).toString();
    return url.href;
  }

  async function loginAndGetCode(login: string, codeChallenge?: string) {
    const state = randomBytes(16).toString('base64url');
    const nonce = randomBytes(16).toString('base64url');
    const location = new URL(await authorizeAsUser(authorizeUrl({ state, nonce, codeChallenge }), login));
    return { location, state, nonce, code: location.searchParams.get('code') ?? '' };
  }

  function tokenRequest(body: Record<string, string>, authorization?: string) {
    return fetch(discovery.token_endpoint, {
      method: 'POST',
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        ...(authorization ? { authorization } : {}),
      },
      body: new URLSearchParams(body),
    });
  }

  it('publishes discovery for the http://127.0.0.1 issuer', () => {
    expect(provider.issuer).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(discovery.issuer).toBe(provider.issuer);
    expect(discovery.token_endpoint.startsWith(provider.issuer)).toBe(true);
  });

  it('runs the authorization-code flow with PKCE and basic client auth', async () => {
    const verifier = randomBytes(32).toString('base64url');
    const challenge = createHash('sha256').update(verifier).digest('base64url');
    const { location, state, nonce, code } = await loginAndGetCode(account.email, challenge);

    expect(location.href.startsWith(`${client.redirectUris[0]}?`)).toBe(true);
    expect(code).not.toBe('');
    expect(location.searchParams.get('state')).toBe(state);

    const res = await tokenRequest(
      { grant_type: 'authorization_code', code, redirect_uri: client.redirectUris[0] ?? '', code_verifier: verifier },
      basicAuth(client.clientId, client.clientSecret),
    );
    expect(res.status).toBe(200);
    const tokens = (await res.json()) as TokenResponse;
    expect(tokens.access_token).toEqual(expect.any(String));
    expect(tokens.id_token).toEqual(expect.any(String));

    const claims = decodeJwtPayload(tokens.id_token ?? '');
    expect(claims).toMatchObject({
      iss: provider.issuer,
      aud: client.clientId,
      sub: account.sub,
      nonce,
      email: account.email,
      email_verified: true,
      name: account.name,
    });

    const userinfo = await fetch(discovery.userinfo_endpoint, {
      headers: { authorization: `Bearer ${tokens.access_token ?? ''}` },
    });
    expect(userinfo.status).toBe(200);
    expect(await userinfo.json()).toMatchObject({ sub: account.sub, email: account.email, name: account.name });
  });

  it('accepts login by sub, no PKCE, and client_secret_post', async () => {
    const { code } = await loginAndGetCode(account.sub);
    const res = await tokenRequest({
      grant_type: 'authorization_code',
      code,
      redirect_uri: client.redirectUris[0] ?? '',
      client_id: client.clientId,
      client_secret: client.clientSecret,
    });
    expect(res.status).toBe(200);
    const tokens = (await res.json()) as TokenResponse;
    expect(decodeJwtPayload(tokens.id_token ?? '')).toMatchObject({ sub: account.sub, email: account.email });
  });

  it('rejects a wrong client secret with 401', async () => {
    const { code } = await loginAndGetCode(account.email);
    const res = await tokenRequest(
      { grant_type: 'authorization_code', code, redirect_uri: client.redirectUris[0] ?? '' },
      basicAuth(client.clientId, 'wrong-secret'),
    );
    expect(res.status).toBe(401);
    expect(((await res.json()) as TokenResponse).error).toBe('invalid_client');
  });

  it('refuses an unknown login', async () => {
    await expect(loginAndGetCode('nobody@example.com')).rejects.toThrow(/Unknown account: nobody@example.com/);
  });
});
