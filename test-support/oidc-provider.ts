import { generateKeyPair } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { promisify } from 'node:util';
// @ts-expect-error -- oidc-provider ships no type declarations and @types/oidc-provider is not installed; the few members used are typed below.
import Provider from 'oidc-provider';

export interface OidcAccount {
  sub: string;
  email: string;
  name: string;
  /** Defaults to true (as Google reports for its accounts). */
  email_verified?: boolean;
}

export interface OidcClient {
  clientId: string;
  clientSecret: string;
  redirectUris: string[];
}

export interface LocalOidcProvider {
  /** e.g. http://127.0.0.1:PORT (no trailing slash) */
  issuer: string;
  /** issuer + '/.well-known/openid-configuration' */
  discoveryUrl: string;
  close(): Promise<void>;
}

// ---------------------------------------------------------------------------------------------
// The slice of oidc-provider v9's API this helper uses (see node_modules/oidc-provider/lib).

interface InteractionDetails {
  uid: string;
  prompt: {
    name: string;
    details: {
      missingOIDCScope?: string[];
      missingOIDCClaims?: string[];
      missingResourceScopes?: Record<string, string[]>;
    };
  };
  params: Record<string, unknown>;
  session?: { accountId?: string };
  grantId?: string;
}

interface ProviderGrant {
  addOIDCScope(scope: string): void;
  addOIDCClaims(claims: string[]): void;
  addResourceScope(indicator: string, scope: string): void;
  save(): Promise<string>;
}

interface ProviderInstance {
  callback(): (req: IncomingMessage, res: ServerResponse) => Promise<void>;
  interactionDetails(req: IncomingMessage, res: ServerResponse): Promise<InteractionDetails>;
  interactionFinished(
    req: IncomingMessage,
    res: ServerResponse,
    result: Record<string, unknown>,
    options?: { mergeWithLastSubmission?: boolean },
  ): Promise<void>;
  Grant: {
    new (properties: { accountId: string; clientId: string }): ProviderGrant;
    find(id: string): Promise<ProviderGrant | undefined>;
  };
  on(event: 'server_error', listener: (ctx: unknown, error: Error) => void): unknown;
}

type ProviderConstructor = new (issuer: string, configuration: Record<string, unknown>) => ProviderInstance;

const OidcProvider = Provider as ProviderConstructor;

type AdapterPayload = Record<string, unknown> & { uid?: string; userCode?: string; grantId?: string };

/**
 * oidc-provider's storage adapter contract, kept in memory per provider instance. (The built-in
 * MemoryAdapter works too but prints a "development-only in-memory adapter" warning every start.)
 * Expiry is checked by the provider itself on find(), so nothing is evicted here.
 */
function memoryAdapterFactory() {
  const store = new Map<string, AdapterPayload>();
  return class MemoryAdapter {
    constructor(private readonly model: string) {}

    private key(id: string) {
      return `${this.model}:${id}`;
    }

    async upsert(id: string, payload: AdapterPayload, _expiresIn?: number) {
      store.set(this.key(id), payload);
    }

    async find(id: string) {
      return store.get(this.key(id));
    }

    async findByUid(uid: string) {
      for (const [key, payload] of store) {
        if (key.startsWith(`${this.model}:`) && payload.uid === uid) return payload;
      }
      return undefined;
    }

    async findByUserCode(userCode: string) {
      for (const [key, payload] of store) {
        if (key.startsWith(`${this.model}:`) && payload.userCode === userCode) return payload;
      }
      return undefined;
    }

    async consume(id: string) {
      const payload = store.get(this.key(id));
      if (payload) payload.consumed = Math.floor(Date.now() / 1000);
    }

    async destroy(id: string) {
      store.delete(this.key(id));
    }

    async revokeByGrantId(grantId: string) {
      for (const [key, payload] of store) {
        if (payload.grantId === grantId) store.delete(key);
      }
    }
  };
}

function escapeHtml(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');
}

function page(title: string, body: string): string {
  return `<!DOCTYPE html><html><head><meta charset="utf-8"><title>${escapeHtml(title)}</title></head><body><h1>${escapeHtml(title)}</h1>${body}</body></html>`;
}

/** Same field names as oidc-provider's dev interactions: prompt=login, login, password. */
function loginPage(uid: string, loginHint: string, error?: string): string {
  return page(
    'Sign-in',
    `${error ? `<p class="error">${escapeHtml(error)}</p>` : ''}` +
      `<form autocomplete="off" action="/interaction/${escapeHtml(uid)}" method="post">` +
      '<input type="hidden" name="prompt" value="login"/>' +
      `<input required type="text" name="login" placeholder="sub or email" value="${escapeHtml(loginHint)}">` +
      '<input required type="password" name="password" placeholder="any password">' +
      '<button type="submit">Sign-in</button></form>' +
      `<p><a href="/interaction/${escapeHtml(uid)}/abort">Cancel</a></p>`,
  );
}

function consentPage(uid: string, clientId: string, scopes: string[]): string {
  return page(
    'Authorize',
    `<p>${escapeHtml(clientId)} asks for: ${escapeHtml(scopes.join(' ') || 'previously granted access')}</p>` +
      `<form autocomplete="off" action="/interaction/${escapeHtml(uid)}" method="post">` +
      '<input type="hidden" name="prompt" value="consent"/>' +
      '<button autofocus type="submit">Continue</button></form>' +
      `<p><a href="/interaction/${escapeHtml(uid)}/abort">Cancel</a></p>`,
  );
}

async function readForm(req: IncomingMessage): Promise<URLSearchParams> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return new URLSearchParams(Buffer.concat(chunks).toString('utf8'));
}

function sendHtml(res: ServerResponse, status: number, html: string) {
  res.statusCode = status;
  res.setHeader('Content-Type', 'text/html; charset=utf-8');
  res.setHeader('Cache-Control', 'no-store');
  res.end(html);
}

/**
 * Starts a real OpenID Connect provider (oidc-provider v9) on 127.0.0.1 with the given confidential
 * clients and accounts. Authorization-code flow only; scopes openid email profile; the id_token
 * and userinfo both carry email, email_verified and name.
 *
 * Login/consent are minimal interactions served by this helper (oidc-provider's devInteractions
 * are disabled, since they take whatever is typed as the account id, so login by e-mail would
 * yield sub = e-mail). The forms use the dev-interaction field names; any password is accepted,
 * and an unknown login re-renders the login form with an error.
 */
export async function startOidcProvider(options: { port?: number; clients: OidcClient[]; accounts: OidcAccount[] }): Promise<LocalOidcProvider> {
  const bySub = new Map(options.accounts.map((a) => [a.sub, a]));
  const byEmail = new Map(options.accounts.map((a) => [a.email.toLowerCase(), a]));
  const lookup = (login: string) => bySub.get(login) ?? byEmail.get(login.trim().toLowerCase());

  const { privateKey } = await promisify(generateKeyPair)('rsa', { modulusLength: 2048 });
  const signingKey = { ...privateKey.export({ format: 'jwk' }), use: 'sig', alg: 'RS256' };

  let handle: (req: IncomingMessage, res: ServerResponse) => void = (_req, res) => {
    res.statusCode = 503;
    res.end();
  };
  const server = createServer((req, res) => handle(req, res));
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, '127.0.0.1', () => {
      server.off('error', reject);
      resolve();
    });
  });
  const { port } = server.address() as AddressInfo;
  const issuer = `http://127.0.0.1:${port}`;

  const provider = new OidcProvider(issuer, {
    clients: options.clients.map((c) => ({
      client_id: c.clientId,
      client_secret: c.clientSecret,
      redirect_uris: c.redirectUris,
      grant_types: ['authorization_code'],
      response_types: ['code'],
      // v9 accepts client_secret_post as well for a client registered with client_secret_basic
      // (and vice versa): lib/shared/client_auth.js allows both for a client secret.
      token_endpoint_auth_method: 'client_secret_basic',
    })),
    scopes: ['openid', 'email', 'profile'],
    claims: {
      openid: ['sub'],
      email: ['email', 'email_verified'],
      profile: ['name'],
    },
    // Default true puts only sub & protocol claims in the id_token when an access token for
    // userinfo is issued (response_type=code). Google's id_token carries email/name, so do that.
    conformIdTokenClaims: false,
    async findAccount(_ctx: unknown, id: string) {
      const account = lookup(id);
      if (!account) return undefined;
      return {
        accountId: account.sub,
        async claims() {
          return {
            sub: account.sub,
            email: account.email,
            email_verified: account.email_verified ?? true,
            name: account.name,
          };
        },
      };
    },
    // Explicit form of the v9 default: PKCE only required for public clients (auth method none).
    // Confidential clients may send code_challenge (S256 only) and must then send code_verifier.
    pkce: {
      required: (_ctx: unknown, client: { clientAuthMethod: string }) => client.clientAuthMethod === 'none',
    },
    features: {
      devInteractions: { enabled: false },
    },
    adapter: memoryAdapterFactory(),
    jwks: { keys: [signingKey] },
    // Plain numbers silence the "default ttl.* function called" notices.
    ttl: {
      AccessToken: 3600,
      AuthorizationCode: 60,
      IdToken: 3600,
      Interaction: 3600,
      Session: 3600,
      Grant: 3600,
    },
    async renderError(ctx: { type: string; body: string }, out: Record<string, string>, _error: unknown) {
      ctx.type = 'html';
      ctx.body = page(
        'oops! something went wrong',
        Object.entries(out)
          .map(([k, v]) => `<pre><strong>${escapeHtml(k)}</strong>: ${escapeHtml(String(v))}</pre>`)
          .join(''),
      );
    },
  });
  provider.on('server_error', (_ctx, error) => {
    console.warn(`[oidc-provider ${issuer}] server_error:`, error);
  });

  const callback = provider.callback();

  async function interaction(req: IncomingMessage, res: ServerResponse, path: string) {
    const [, uid, action] = /^\/interaction\/([^/]+)(?:\/(abort))?$/.exec(path) ?? [];
    if (!uid) return sendHtml(res, 404, page('Not found', ''));
    const details = await provider.interactionDetails(req, res);
    if (details.uid !== uid) return sendHtml(res, 400, page('Interaction mismatch', ''));
    const clientId = String(details.params.client_id ?? '');

    if (action === 'abort') {
      return provider.interactionFinished(
        req,
        res,
        { error: 'access_denied', error_description: 'End-User aborted interaction' },
        { mergeWithLastSubmission: false },
      );
    }

    if (req.method === 'GET') {
      if (details.prompt.name === 'login') {
        const hint = typeof details.params.login_hint === 'string' ? details.params.login_hint : '';
        return sendHtml(res, 200, loginPage(uid, hint));
      }
      if (details.prompt.name === 'consent') {
        return sendHtml(res, 200, consentPage(uid, clientId, details.prompt.details.missingOIDCScope ?? []));
      }
      return sendHtml(res, 501, page(`Unsupported prompt ${details.prompt.name}`, ''));
    }

    if (req.method !== 'POST') return sendHtml(res, 405, page('Method not allowed', ''));
    const form = await readForm(req);
    const prompt = form.get('prompt');
    if (prompt !== details.prompt.name) return sendHtml(res, 400, page('Unexpected prompt', ''));

    if (prompt === 'login') {
      const login = form.get('login') ?? '';
      const account = lookup(login);
      if (!account) return sendHtml(res, 200, loginPage(uid, login, `Unknown account: ${login}`));
      return provider.interactionFinished(req, res, { login: { accountId: account.sub } }, { mergeWithLastSubmission: false });
    }

    // consent: grant exactly what the provider reports as missing (as devInteractions does)
    const { missingOIDCScope, missingOIDCClaims, missingResourceScopes } = details.prompt.details;
    const accountId = details.session?.accountId;
    if (!accountId) return sendHtml(res, 400, page('No session', ''));
    const grant = (details.grantId ? await provider.Grant.find(details.grantId) : undefined) ?? new provider.Grant({ accountId, clientId });
    if (missingOIDCScope) grant.addOIDCScope(missingOIDCScope.join(' '));
    if (missingOIDCClaims) grant.addOIDCClaims(missingOIDCClaims);
    if (missingResourceScopes) {
      for (const [indicator, scopes] of Object.entries(missingResourceScopes)) {
        grant.addResourceScope(indicator, scopes.join(' '));
      }
    }
    const grantId = await grant.save();
    return provider.interactionFinished(req, res, { consent: { grantId } }, { mergeWithLastSubmission: true });
  }

  handle = (req, res) => {
    const path = new URL(req.url ?? '/', issuer).pathname;
    if (path === '/interaction' || path.startsWith('/interaction/')) {
      interaction(req, res, path).catch((error: unknown) => {
        const status = (error as { status?: number }).status ?? 500;
        if (status >= 500) console.warn(`[oidc-provider ${issuer}] interaction error:`, error);
        if (!res.headersSent) sendHtml(res, status, page(`Error: ${(error as Error).message}`, ''));
        else res.end();
      });
      return;
    }
    void callback(req, res);
  };

  return {
    issuer,
    discoveryUrl: `${issuer}/.well-known/openid-configuration`,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.close((error) => (error ? reject(error) : resolve()));
        server.closeAllConnections();
      }),
  };
}

// ---------------------------------------------------------------------------------------------
// A browser, reduced to what the authorization-code flow needs: a cookie jar and HTML forms.

interface StoredCookie {
  name: string;
  value: string;
  host: string;
  path: string;
}

class CookieJar {
  private readonly cookies = new Map<string, StoredCookie>();

  store(url: URL, setCookieHeaders: string[]) {
    for (const header of setCookieHeaders) {
      const [pair = '', ...attributes] = header.split(';');
      const eq = pair.indexOf('=');
      if (eq <= 0) continue;
      const name = pair.slice(0, eq).trim();
      const value = pair.slice(eq + 1).trim();
      const lastSlash = url.pathname.lastIndexOf('/');
      let path = lastSlash > 0 ? url.pathname.slice(0, lastSlash) : '/';
      let expired = false;
      for (const attribute of attributes) {
        const [rawKey = '', ...rest] = attribute.split('=');
        const key = rawKey.trim().toLowerCase();
        const attrValue = rest.join('=').trim();
        if (key === 'path' && attrValue.startsWith('/')) path = attrValue;
        if (key === 'max-age' && Number(attrValue) <= 0) expired = true;
        if (key === 'expires' && Date.parse(attrValue) <= Date.now()) expired = true;
      }
      const id = `${url.host} ${path} ${name}`;
      if (expired) this.cookies.delete(id);
      else this.cookies.set(id, { name, value, host: url.host, path });
    }
  }

  header(url: URL): string | undefined {
    const matching = [...this.cookies.values()].filter(
      (c) =>
        c.host === url.host && (url.pathname === c.path || (url.pathname.startsWith(c.path) && (c.path.endsWith('/') || url.pathname[c.path.length] === '/'))),
    );
    // RFC 6265: longer paths first
    matching.sort((a, b) => b.path.length - a.path.length);
    return matching.length ? matching.map((c) => `${c.name}=${c.value}`).join('; ') : undefined;
  }
}

function decodeEntities(value: string): string {
  return value
    .replace(/&quot;/g, '"')
    .replace(/&#39;|&#x27;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');
}

function attribute(tag: string, name: string): string | undefined {
  const match = new RegExp(`\\s${name}\\s*=\\s*(?:"([^"]*)"|'([^']*)'|([^\\s>]+))`, 'i').exec(tag);
  if (!match) return undefined;
  return decodeEntities(match[1] ?? match[2] ?? match[3] ?? '');
}

function pageText(html: string): string {
  return decodeEntities(html.replace(/<style[\s\S]*?<\/style>/gi, '').replace(/<[^>]+>/g, ' '))
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, 500);
}

/** The first POST form on the page, with `login` filled into a field named login and any password. */
function fillForm(html: string, pageUrl: URL, login: string): { action: URL; body: URLSearchParams } | undefined {
  for (const match of html.matchAll(/<form\b[^>]*>[\s\S]*?<\/form>/gi)) {
    const formHtml = match[0];
    const openTag = /<form\b[^>]*>/i.exec(formHtml)?.[0] ?? '';
    if ((attribute(openTag, 'method') ?? 'get').toLowerCase() !== 'post') continue;
    const body = new URLSearchParams();
    for (const input of formHtml.matchAll(/<input\b[^>]*>/gi)) {
      const name = attribute(input[0], 'name');
      if (!name) continue;
      const type = (attribute(input[0], 'type') ?? 'text').toLowerCase();
      if (name === 'login') body.set(name, login);
      else if (type === 'password') body.set(name, 'any-password');
      else body.set(name, attribute(input[0], 'value') ?? '');
    }
    return { action: new URL(attribute(openTag, 'action') ?? pageUrl.href, pageUrl), body };
  }
  return undefined;
}

/**
 * Plays the browser: GETs the authorize URL (as our app would redirect to), logs in as `login`
 * (the account's sub or email) through the provider's interactions (login form, then consent
 * form), following redirects with a cookie jar and redirect:'manual', and returns the final
 * redirect Location that points at the client's redirect_uri (it contains ?code=...&state=...).
 * Does not follow that final redirect.
 *
 * The final redirect is recognised as the first Location that leaves the provider's origin or
 * equals the request's redirect_uri. If the provider answers the client with an OAuth error
 * (?error=...&state=...) that URL is returned as well; anything else unexpected (an error page,
 * a rejected login) throws with the page's text.
 */
export async function authorizeAsUser(authorizeUrl: string, login: string): Promise<string> {
  const start = new URL(authorizeUrl);
  const redirectUri = start.searchParams.get('redirect_uri');
  const jar = new CookieJar();
  const isClientRedirect = (url: URL) => url.origin !== start.origin || (redirectUri !== null && `${url.origin}${url.pathname}` === redirectUri);

  let request: { url: URL; method: 'GET' | 'POST'; body?: URLSearchParams } = { url: start, method: 'GET' };
  for (let step = 0; step < 20; step++) {
    const headers: Record<string, string> = { accept: 'text/html' };
    const cookie = jar.header(request.url);
    if (cookie) headers.cookie = cookie;
    if (request.body) headers['content-type'] = 'application/x-www-form-urlencoded';
    const res = await fetch(request.url, {
      method: request.method,
      headers,
      body: request.body?.toString(),
      redirect: 'manual',
    });
    jar.store(request.url, res.headers.getSetCookie());

    if (res.status >= 300 && res.status < 400) {
      await res.body?.cancel();
      const location = res.headers.get('location');
      if (!location) throw new Error(`authorizeAsUser: ${res.status} without Location from ${request.url.href}`);
      const next = new URL(location, request.url);
      if (isClientRedirect(next)) return next.href;
      request = { url: next, method: 'GET' };
      continue;
    }

    const html = await res.text();
    const describe = () => `${request.method} ${request.url.href} -> ${res.status}: ${pageText(html)}`;
    if (!res.ok) throw new Error(`authorizeAsUser: provider error, ${describe()}`);
    if (request.method === 'POST') throw new Error(`authorizeAsUser: form submission rejected, ${describe()}`);
    const form = fillForm(html, request.url, login);
    if (!form) throw new Error(`authorizeAsUser: no form to submit, ${describe()}`);
    request = { url: form.action, method: 'POST', body: form.body };
  }
  throw new Error('authorizeAsUser: too many redirects/forms');
}
