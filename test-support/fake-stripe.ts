import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { formatMessage } from '@medallion/contracts/messages';
import {
  AUTHENTICATION_REQUIRED_MESSAGE,
  cardBrand,
  INSUFFICIENT_FUNDS_MESSAGE,
  passesLuhn,
  TEST_CARD_OUTCOMES,
} from '../apps/api/src/integrations/payments/test-cards';
import { fakeCardFrameHtml, fakeStripeJs } from './fake-stripe-js';

interface Card {
  id: string;
  customer: string;
  brand: string;
  last4: string;
  exp_month: number;
  exp_year: number;
  /** A charge with this card fails with this decline code (e.g. generic_decline, insufficient_funds). */
  decline?: string;
  /** 4000 0027 6000 3184: off-session charges fail with `authentication_required` (3-D Secure). */
  needsAuthentication?: boolean;
}

interface SetupIntent {
  id: string;
  client_secret: string;
  customer: string | null;
  status: 'requires_payment_method' | 'succeeded';
  payment_method: string | null;
}

export interface FakeStripeOptions {
  /** Default: a free port. */
  port?: number;
  host?: string;
  /** When set, Stripe.js calls must carry this publishable key (else any pk_test_ key is accepted). */
  publishableKey?: string;
  now?: () => Date;
}

/** Stripe's words when the holder fails or closes the 3-D Secure challenge. */
export const AUTHENTICATION_FAILED_MESSAGE = 'We are unable to authenticate your payment method. Please choose a different payment method and try again.';

const DECLINE_MESSAGES: Record<string, string> = { insufficient_funds: INSUFFICIENT_FUNDS_MESSAGE, authentication_required: AUTHENTICATION_REQUIRED_MESSAGE };

/**
 * A local HTTP server that answers the Stripe calls Medallion makes, the way Stripe does: the
 * server's calls with the secret key (form-encoded requests, JSON answers, error objects,
 * Idempotency-Key replays), and the browser's: a fake Stripe.js at /v3/ whose card form confirms a
 * SetupIntent with the publishable key (POST /v1/setup_intents/:id/confirm), honouring Stripe's test
 * card numbers. The API tests start it in-process; the e2e suite runs it as e2e/fake-stripe-server.ts.
 */
export async function startFakeStripe(options: FakeStripeOptions = {}) {
  const now = options.now ?? (() => new Date());
  let n = 0;
  const next = (prefix: string) => `${prefix}_fake${++n}`;
  const customers = new Map<string, { id: string; email: string }>();
  const cards = new Map<string, Card>();
  const setupIntents = new Map<string, SetupIntent>();
  const idempotent = new Map<string, { status: number; body: unknown }>();
  const charges: Array<{ amount: number; payment_method: string; idempotencyKey: string | undefined }> = [];
  /** Payment intents as Stripe keeps them (searchable by metadata, as Stripe's Search API allows). */
  const intents = new Map<
    string,
    {
      id: string;
      object: 'payment_intent';
      status: string;
      amount: number;
      metadata: Record<string, string>;
      client_secret?: string;
      next_action?: { type: 'use_stripe_sdk'; use_stripe_sdk: { type: 'three_d_secure_redirect' } } | null;
      last_payment_error?: { message: string; code?: string } | null;
    }
  >();
  /**
   * While set, payment intents happen at Stripe but every answer (first try and client retries, which
   * Stripe answers from its idempotency record) is lost: the connection drops.
   */
  const faults = { dropPaymentIntentAnswers: false };
  const requests: Array<{ method: string; path: string }> = [];
  /** Connect: connected accounts, transfers to them, and refunds of payment intents. */
  const accounts = new Map<
    string,
    { id: string; object: 'account'; type: string; email: string | null; metadata: Record<string, string>; details_submitted: boolean }
  >();
  /** Account links (onboarding) not used yet: their token → the account and where to send the owner back. */
  const accountLinks = new Map<string, { account: string; returnUrl: string; refreshUrl: string; expiresAt: number }>();
  /** An account as Stripe answers it: it can receive transfers once its owner has finished onboarding. */
  const accountObject = (a: typeof accounts extends Map<string, infer V> ? V : never) => ({
    ...a,
    charges_enabled: a.details_submitted,
    payouts_enabled: a.details_submitted,
    capabilities: { transfers: a.details_submitted ? 'active' : 'inactive' },
  });
  const finishOnboarding = (accountId: string) => {
    const account = accounts.get(accountId);
    if (!account) throw new Error(`No such account: ${accountId}`);
    account.details_submitted = true;
  };
  const transfers: Array<{ id: string; object: 'transfer'; amount: number; destination: string; idempotencyKey: string | undefined }> = [];
  const refunds: Array<{ id: string; object: 'refund'; amount: number; payment_intent: string; status: 'succeeded'; idempotencyKey: string | undefined }> = [];

  const cors = { 'access-control-allow-origin': '*' };
  const send = (res: ServerResponse, status: number, body: unknown) => {
    res.writeHead(status, { 'content-type': 'application/json', 'request-id': next('req'), ...cors });
    res.end(JSON.stringify(body));
  };
  const sendText = (res: ServerResponse, contentType: string, body: string) => {
    res.writeHead(200, { 'content-type': `${contentType}; charset=utf-8`, 'cache-control': 'no-store', ...cors });
    res.end(body);
  };
  const read = (req: IncomingMessage) =>
    new Promise<URLSearchParams>((resolve) => {
      let raw = '';
      req.on('data', (c) => (raw += c));
      req.on('end', () => resolve(new URLSearchParams(raw)));
    });
  const pm = (c: Card) => ({
    id: c.id,
    object: 'payment_method',
    type: 'card',
    customer: c.customer,
    card: { brand: c.brand, last4: c.last4, exp_month: c.exp_month, exp_year: c.exp_year },
  });
  const setupIntentObject = (s: SetupIntent) => ({ object: 'setup_intent', usage: 'off_session', payment_method_types: ['card'], ...s });
  const apiError = (type: string, message: string, extra: Record<string, unknown> = {}) => ({ error: { type, message, ...extra } });
  const addCard = (card: Omit<Card, 'id'>): string => {
    const id = next('pm');
    cards.set(id, { id, ...card });
    return id;
  };

  /** What Stripe does when Stripe.js confirms a SetupIntent with card details. */
  function confirmSetup(id: string, body: URLSearchParams): { status: number; body: unknown } {
    const key = body.get('key') ?? '';
    if (!/^pk_(test|live)_/.test(key) || (options.publishableKey && key !== options.publishableKey)) {
      return { status: 401, body: apiError('invalid_request_error', `Invalid API Key provided: ${key.slice(0, 12)}…`) };
    }
    const intent = setupIntents.get(id);
    if (!intent || intent.client_secret !== body.get('client_secret')) {
      return { status: 404, body: apiError('invalid_request_error', `No such setupintent: '${id}'`, { code: 'resource_missing', param: 'intent' }) };
    }
    if (intent.status !== 'requires_payment_method') {
      return {
        status: 400,
        body: apiError('invalid_request_error', `You cannot confirm this SetupIntent because it has already succeeded.`, {
          code: 'setup_intent_unexpected_state',
          setup_intent: setupIntentObject(intent),
        }),
      };
    }
    const number = (body.get('payment_method_data[card][number]') ?? '').replace(/\D/g, '');
    const expMonth = Number(body.get('payment_method_data[card][exp_month]'));
    const expYear = Number(body.get('payment_method_data[card][exp_year]'));
    const cvc = body.get('payment_method_data[card][cvc]') ?? '';
    const cardError = (code: string, message: string, extra: Record<string, unknown> = {}) => ({
      status: 402,
      body: apiError('card_error', message, { code, ...extra, setup_intent: setupIntentObject(intent) }),
    });
    if (!passesLuhn(number)) return cardError('incorrect_number', 'Your card number is incorrect.', { param: 'number' });
    const brand = cardBrand(number);
    if (!brand) return cardError('card_declined', 'Your card is not supported.', { decline_code: 'card_not_supported' });
    const today = now();
    if (!(expMonth >= 1 && expMonth <= 12)) return cardError('invalid_expiry_month', "Your card's expiration month is invalid.", { param: 'exp_month' });
    if (expYear < today.getUTCFullYear() || (expYear === today.getUTCFullYear() && expMonth < today.getUTCMonth() + 1)) {
      return cardError('expired_card', 'Your card has expired.', { param: 'exp_year' });
    }
    if (!/^\d{3,4}$/.test(cvc)) return cardError('invalid_cvc', "Your card's security code is invalid.", { param: 'cvc' });
    const outcome = TEST_CARD_OUTCOMES[number];
    if (outcome?.setupError) {
      const code = outcome.code ?? 'card_declined';
      return cardError(code, formatMessage(outcome.setupError), code === 'card_declined' ? { decline_code: 'generic_decline' } : {});
    }
    const paymentMethod = addCard({
      customer: intent.customer ?? '',
      brand,
      last4: number.slice(-4),
      exp_month: expMonth,
      exp_year: expYear,
      ...(outcome?.behaviour === 'insufficient_funds' ? { decline: 'insufficient_funds' } : {}),
      ...(outcome?.behaviour === 'authentication_required' ? { needsAuthentication: true } : {}),
    });
    intent.status = 'succeeded';
    intent.payment_method = paymentMethod;
    return { status: 200, body: setupIntentObject(intent) };
  }

  const handle = async (req: IncomingMessage, res: ServerResponse) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    requests.push({ method: req.method ?? '', path: url.pathname });
    if (req.method === 'OPTIONS') {
      res.writeHead(204, { ...cors, 'access-control-allow-methods': 'GET, POST', 'access-control-allow-headers': 'content-type, authorization' });
      return res.end();
    }
    // The browser side: Stripe.js, its card frame, and the publishable-key call it makes.
    if (req.method === 'GET' && url.pathname === '/health') return sendText(res, 'text/plain', 'ok');
    if (req.method === 'GET' && (url.pathname === '/v3' || url.pathname === '/v3/')) {
      return sendText(res, 'application/javascript', fakeStripeJs(`http://${req.headers.host}`));
    }
    if (req.method === 'GET' && url.pathname === '/v3/elements-inner-card.html') return sendText(res, 'text/html', fakeCardFrameHtml());
    // Stripe.js reading a payment intent with its client secret, and the fake challenge page's answer.
    const browserIntent = url.pathname.match(/^\/v1\/payment_intents\/([\w]+)(\/fake_3ds)?$/);
    const browserKey = url.searchParams.get('key') ?? '';
    if (browserIntent && /^pk_(test|live)_/.test(browserKey) && !(req.headers.authorization ?? '').startsWith('Bearer')) {
      if (options.publishableKey && browserKey !== options.publishableKey)
        return send(res, 401, apiError('invalid_request_error', 'Invalid API Key provided.'));
      const intent = intents.get(browserIntent[1]!);
      if (!intent || intent.client_secret !== url.searchParams.get('client_secret')) {
        return send(res, 404, apiError('invalid_request_error', `No such payment_intent: '${browserIntent[1]}'`, { code: 'resource_missing' }));
      }
      if (req.method === 'POST' && browserIntent[2]) {
        // The holder completed or failed the challenge (Stripe's 3-D Secure test page).
        if (intent.status !== 'requires_action')
          return send(res, 400, apiError('invalid_request_error', 'This PaymentIntent does not need an action.', { code: 'payment_intent_unexpected_state' }));
        if (url.searchParams.get('outcome') === 'complete') {
          intent.status = 'succeeded';
          intent.next_action = null;
          intent.last_payment_error = null;
        } else {
          intent.status = 'requires_payment_method';
          intent.next_action = null;
          intent.last_payment_error = { code: 'payment_intent_authentication_failure', message: AUTHENTICATION_FAILED_MESSAGE };
        }
      }
      return send(res, 200, intent);
    }
    // Connect onboarding, the owner's side: Stripe's hosted pages, here one page with one button.
    const onboarding = url.pathname.match(/^\/connect\/onboarding\/([\w-]+)$/);
    if (onboarding) {
      const link = accountLinks.get(onboarding[1]!);
      if (!link) return sendText(res, 'text/html', '<!doctype html><title>Link expired</title><p>This link has expired.</p>');
      if (link.expiresAt < Date.now()) {
        accountLinks.delete(onboarding[1]!);
        res.writeHead(303, { location: link.refreshUrl });
        return res.end();
      }
      if (req.method === 'POST') {
        accountLinks.delete(onboarding[1]!);
        finishOnboarding(link.account);
        res.writeHead(303, { location: link.returnUrl });
        return res.end();
      }
      return sendText(
        res,
        'text/html',
        `<!doctype html><html lang="en"><meta name="viewport" content="width=device-width"><title>Fake Stripe: payouts</title>` +
          `<main style="font-family:sans-serif;max-width:28rem;margin:2rem auto;padding:1rem"><h1>Set up payouts (test mode)</h1>` +
          `<p>Account ${link.account}: Stripe would ask for the owner's details and bank account here.</p>` +
          `<form method="post"><button type="submit" style="font-size:1rem;padding:.75rem 1.25rem">Finish setup</button></form></main></html>`,
      );
    }
    const body = await read(req);
    const confirmMatch = url.pathname.match(/^\/v1\/setup_intents\/([\w]+)\/confirm$/);
    if (req.method === 'POST' && confirmMatch) {
      const result = confirmSetup(confirmMatch[1]!, body);
      return send(res, result.status, result.body);
    }

    // The server side: every other call needs the secret key, as on Stripe.
    if (!/^Bearer (sk|rk)_(test|live)_/.test(req.headers.authorization ?? '')) {
      return send(res, 401, apiError('invalid_request_error', 'You did not provide an API key.'));
    }
    const key = req.headers['idempotency-key'] as string | undefined;
    const lose = faults.dropPaymentIntentAnswers && req.method === 'POST' && url.pathname === '/v1/payment_intents';
    if (req.method === 'POST' && key && idempotent.has(`${url.pathname}:${key}`)) {
      const saved = idempotent.get(`${url.pathname}:${key}`)!;
      if (lose) return req.socket.destroy();
      return send(res, saved.status, saved.body);
    }
    const reply = (status: number, payload: unknown) => {
      if (req.method === 'POST' && key) idempotent.set(`${url.pathname}:${key}`, { status, body: payload });
      if (lose) return req.socket.destroy();
      send(res, status, payload);
    };

    if (req.method === 'POST' && url.pathname === '/v1/customers') {
      const c = { id: next('cus'), email: body.get('email') ?? '' };
      customers.set(c.id, c);
      return reply(200, { ...c, object: 'customer' });
    }
    if (req.method === 'POST' && url.pathname === '/v1/setup_intents') {
      const id = next('seti');
      const intent: SetupIntent = {
        id,
        client_secret: `${id}_secret_${randomBytes(12).toString('hex')}`,
        customer: body.get('customer'),
        status: 'requires_payment_method',
        payment_method: null,
      };
      setupIntents.set(id, intent);
      return reply(200, setupIntentObject(intent));
    }
    if (req.method === 'GET' && url.pathname === '/v1/payment_methods') {
      const customer = url.searchParams.get('customer');
      return send(res, 200, {
        object: 'list',
        has_more: false,
        data: [...cards.values()]
          .filter((c) => c.customer === customer)
          .reverse()
          .map(pm),
      });
    }
    const pmMatch = url.pathname.match(/^\/v1\/payment_methods\/([\w]+)$/);
    if (req.method === 'GET' && pmMatch) {
      const card = cards.get(pmMatch[1]!);
      if (!card) return send(res, 404, apiError('invalid_request_error', `No such PaymentMethod: '${pmMatch[1]}'`, { code: 'resource_missing' }));
      return send(res, 200, pm(card));
    }
    if (req.method === 'GET' && url.pathname === '/v1/payment_intents/search') {
      // Only the query the app makes: metadata['key']:'value'.
      const q = (url.searchParams.get('query') ?? '').match(/^metadata\['(\w+)'\]:'([^']*)'$/);
      const data = q ? [...intents.values()].filter((i) => i.metadata[q[1]!] === q[2]) : [];
      return send(res, 200, { object: 'search_result', data, has_more: false, url: '/v1/payment_intents/search' });
    }
    const intentMatch = url.pathname.match(/^\/v1\/payment_intents\/([\w]+)$/);
    if (req.method === 'GET' && intentMatch) {
      const intent = intents.get(intentMatch[1]!);
      if (!intent) return send(res, 404, apiError('invalid_request_error', `No such payment_intent: '${intentMatch[1]}'`, { code: 'resource_missing' }));
      return send(res, 200, intent);
    }
    const cancelMatch = url.pathname.match(/^\/v1\/payment_intents\/([\w]+)\/cancel$/);
    if (req.method === 'POST' && cancelMatch) {
      const intent = intents.get(cancelMatch[1]!);
      if (!intent) return reply(404, apiError('invalid_request_error', `No such payment_intent: '${cancelMatch[1]}'`));
      if (intent.status === 'succeeded') {
        return reply(
          400,
          apiError('invalid_request_error', 'You cannot cancel this PaymentIntent because it has a status of succeeded.', {
            code: 'payment_intent_unexpected_state',
          }),
        );
      }
      intent.status = 'canceled';
      intent.next_action = null;
      return reply(200, intent);
    }
    const metadataOf = () => {
      const metadata: Record<string, string> = {};
      for (const [k, v] of body) {
        const m = k.match(/^metadata\[(\w+)\]$/);
        if (m) metadata[m[1]!] = v;
      }
      return metadata;
    };
    if (req.method === 'POST' && url.pathname === '/v1/accounts') {
      const account = {
        id: next('acct'),
        object: 'account' as const,
        type: body.get('type') ?? 'express',
        email: body.get('email'),
        metadata: metadataOf(),
        details_submitted: false,
      };
      accounts.set(account.id, account);
      return reply(200, accountObject(account));
    }
    const accountMatch = url.pathname.match(/^\/v1\/accounts\/([\w]+)$/);
    if (req.method === 'GET' && accountMatch) {
      const account = accounts.get(accountMatch[1]!);
      if (!account) return reply(404, apiError('invalid_request_error', `No such account: '${accountMatch[1]}'`, { code: 'resource_missing' }));
      return reply(200, accountObject(account));
    }
    if (req.method === 'POST' && url.pathname === '/v1/account_links') {
      const account = body.get('account') ?? '';
      if (!accounts.has(account))
        return reply(400, apiError('invalid_request_error', `No such account: '${account}'`, { code: 'resource_missing', param: 'account' }));
      const returnUrl = body.get('return_url') ?? '';
      const refreshUrl = body.get('refresh_url') ?? '';
      if (body.get('type') !== 'account_onboarding' || !/^https?:\/\//.test(returnUrl) || !/^https?:\/\//.test(refreshUrl)) {
        return reply(400, apiError('invalid_request_error', 'type, return_url and refresh_url are required.'));
      }
      const token = next('acctlink');
      const expiresAt = Date.now() + 300_000;
      accountLinks.set(token, { account, returnUrl, refreshUrl, expiresAt });
      return reply(200, {
        object: 'account_link',
        url: `http://${req.headers.host}/connect/onboarding/${token}`,
        created: Math.floor(Date.now() / 1000),
        expires_at: Math.floor(expiresAt / 1000),
      });
    }
    if (req.method === 'POST' && url.pathname === '/v1/transfers') {
      const destination = body.get('destination') ?? '';
      const amount = Number(body.get('amount'));
      if (!accounts.has(destination)) {
        return reply(400, apiError('invalid_request_error', `No such destination: '${destination}'`, { code: 'resource_missing', param: 'destination' }));
      }
      if (!(amount > 0)) return reply(400, apiError('invalid_request_error', 'This value must be greater than or equal to 1.', { param: 'amount' }));
      if (!accounts.get(destination)!.details_submitted) {
        return reply(
          400,
          apiError(
            'invalid_request_error',
            'Your destination account needs to have at least one of the following capabilities enabled: transfers, crypto_transfers, legacy_payments',
            {
              code: 'insufficient_capabilities_for_transfer',
              param: 'destination',
            },
          ),
        );
      }
      const transfer = { id: next('tr'), object: 'transfer' as const, amount, destination, idempotencyKey: key };
      transfers.push(transfer);
      return reply(200, { ...transfer, currency: body.get('currency'), metadata: metadataOf() });
    }
    if (req.method === 'POST' && url.pathname === '/v1/refunds') {
      const intent = intents.get(body.get('payment_intent') ?? '');
      if (!intent || intent.status !== 'succeeded') {
        return reply(400, apiError('invalid_request_error', `No such payment_intent: '${body.get('payment_intent')}'`, { code: 'resource_missing' }));
      }
      const refunded = refunds.filter((r) => r.payment_intent === intent.id).reduce((sum, r) => sum + r.amount, 0);
      const amount = body.has('amount') ? Number(body.get('amount')) : intent.amount - refunded;
      if (!(amount > 0) || refunded + amount > intent.amount) {
        return reply(
          400,
          apiError(
            'invalid_request_error',
            `Refund amount ($${(amount / 100).toFixed(2)}) is greater than unrefunded amount on charge ($${((intent.amount - refunded) / 100).toFixed(2)})`,
            { code: 'amount_too_large' },
          ),
        );
      }
      const refund = { id: next('re'), object: 'refund' as const, amount, payment_intent: intent.id, status: 'succeeded' as const, idempotencyKey: key };
      refunds.push(refund);
      return reply(200, { ...refund, metadata: metadataOf() });
    }
    if (req.method === 'POST' && url.pathname === '/v1/payment_intents') {
      const card = cards.get(body.get('payment_method') ?? '');
      const id = next('pi');
      charges.push({ amount: Number(body.get('amount')), payment_method: body.get('payment_method') ?? '', idempotencyKey: key });
      if (!card || card.customer !== body.get('customer')) {
        return reply(400, apiError('invalid_request_error', 'No such PaymentMethod'));
      }
      const metadata = metadataOf();
      // An off-session charge of a card that needs 3-D Secure is declined with authentication_required, as on Stripe.
      const decline = card.decline ?? (card.needsAuthentication && body.get('off_session') === 'true' ? 'authentication_required' : undefined);
      const message = decline ? (DECLINE_MESSAGES[decline] ?? 'Your card was declined.') : undefined;
      // On-session, such a card asks for its holder: requires_action until Stripe.js runs the challenge.
      const challenge = !decline && card.needsAuthentication;
      intents.set(id, {
        id,
        object: 'payment_intent',
        amount: Number(body.get('amount')),
        status: decline ? 'requires_payment_method' : challenge ? 'requires_action' : 'succeeded',
        metadata,
        client_secret: `${id}_secret_${randomBytes(12).toString('hex')}`,
        ...(challenge ? { next_action: { type: 'use_stripe_sdk' as const, use_stripe_sdk: { type: 'three_d_secure_redirect' as const } } } : {}),
        ...(message ? { last_payment_error: { message } } : {}),
      });
      if (decline) {
        return reply(402, {
          error: {
            type: 'card_error',
            code: decline === 'authentication_required' ? 'authentication_required' : 'card_declined',
            decline_code: decline,
            message,
            payment_intent: { id, status: 'requires_payment_method' },
          },
        });
      }
      return reply(200, { ...intents.get(id), currency: body.get('currency') });
    }
    send(res, 404, apiError('invalid_request_error', `Unrecognized request URL (${req.method}: ${url.pathname})`));
  };
  // A fault of the fake itself answers 500 (as Stripe's api_error) instead of an unhandled rejection and a request that never ends.
  const server = createServer((req, res) => {
    handle(req, res).catch((error: unknown) => {
      if (res.headersSent) res.destroy();
      else send(res, 500, apiError('api_error', error instanceof Error ? error.message : String(error)));
    });
  });
  await new Promise<void>((r) => server.listen(options.port ?? 0, options.host ?? '127.0.0.1', () => r()));
  const { port } = server.address() as AddressInfo;
  const url = `http://127.0.0.1:${port}`;

  return {
    url,
    /** The fake Stripe.js (STRIPE_JS_URL). */
    jsUrl: `${url}/v3/`,
    charges,
    intents,
    accounts,
    transfers,
    refunds,
    faults,
    requests,
    customers,
    setupIntents,
    /** The owner finishes Connect onboarding on Stripe's pages: the account can receive transfers. */
    finishOnboarding,
    /** The holder completes (or fails) the 3-D Secure challenge of an intent, as the fake Stripe.js dialog does. */
    finishChallenge(intentId: string, outcome: 'complete' | 'fail'): void {
      const intent = intents.get(intentId);
      if (!intent || intent.status !== 'requires_action') throw new Error(`${intentId} does not wait for a challenge`);
      intent.next_action = null;
      if (outcome === 'complete') intent.status = 'succeeded';
      else {
        intent.status = 'requires_payment_method';
        intent.last_payment_error = { code: 'payment_intent_authentication_failure', message: AUTHENTICATION_FAILED_MESSAGE };
      }
    },
    /** A card attached to the customer directly, as if Stripe.js had confirmed a setup with it. */
    attachCard(customer: string, card: Partial<Omit<Card, 'id' | 'customer'>> = {}): string {
      return addCard({ customer, brand: 'visa', last4: '4242', exp_month: 12, exp_year: 2031, ...card });
    },
    close: () => new Promise<void>((r) => server.close(() => r())),
  };
}

export type FakeStripe = Awaited<ReturnType<typeof startFakeStripe>>;
