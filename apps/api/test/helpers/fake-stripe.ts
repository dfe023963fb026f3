import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

interface Card {
  id: string;
  customer: string;
  brand: string;
  last4: string;
  exp_month: number;
  exp_year: number;
  decline?: string;
}

/**
 * A local HTTP server that answers the few Stripe API calls the gateway makes, the way Stripe does
 * (form-encoded requests, JSON answers, error objects, Idempotency-Key replays).
 */
export async function startFakeStripe() {
  let n = 0;
  const next = (prefix: string) => `${prefix}_fake${++n}`;
  const customers = new Map<string, { id: string; email: string }>();
  const cards = new Map<string, Card>();
  const idempotent = new Map<string, { status: number; body: unknown }>();
  const charges: Array<{ amount: number; payment_method: string; idempotencyKey: string | undefined }> = [];
  const requests: Array<{ method: string; path: string }> = [];

  const send = (res: ServerResponse, status: number, body: unknown) => {
    res.writeHead(status, { 'content-type': 'application/json', 'request-id': next('req') });
    res.end(JSON.stringify(body));
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

  const server = createServer(async (req, res) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    requests.push({ method: req.method ?? '', path: url.pathname });
    const body = await read(req);
    const key = req.headers['idempotency-key'] as string | undefined;
    if (req.method === 'POST' && key && idempotent.has(`${url.pathname}:${key}`)) {
      const saved = idempotent.get(`${url.pathname}:${key}`)!;
      return send(res, saved.status, saved.body);
    }
    const reply = (status: number, payload: unknown) => {
      if (req.method === 'POST' && key) idempotent.set(`${url.pathname}:${key}`, { status, body: payload });
      send(res, status, payload);
    };

    if (req.method === 'POST' && url.pathname === '/v1/customers') {
      const c = { id: next('cus'), email: body.get('email') ?? '' };
      customers.set(c.id, c);
      return reply(200, { ...c, object: 'customer' });
    }
    if (req.method === 'POST' && url.pathname === '/v1/setup_intents') {
      const id = next('seti');
      return reply(200, { id, object: 'setup_intent', client_secret: `${id}_secret_x`, customer: body.get('customer'), status: 'requires_payment_method' });
    }
    if (req.method === 'GET' && url.pathname === '/v1/payment_methods') {
      const customer = url.searchParams.get('customer');
      return send(res, 200, { object: 'list', has_more: false, data: [...cards.values()].filter((c) => c.customer === customer).map(pm) });
    }
    const pmMatch = url.pathname.match(/^\/v1\/payment_methods\/([\w]+)$/);
    if (req.method === 'GET' && pmMatch) {
      const card = cards.get(pmMatch[1]!);
      if (!card) return send(res, 404, { error: { type: 'invalid_request_error', code: 'resource_missing', message: `No such PaymentMethod: '${pmMatch[1]}'` } });
      return send(res, 200, pm(card));
    }
    if (req.method === 'POST' && url.pathname === '/v1/payment_intents') {
      const card = cards.get(body.get('payment_method') ?? '');
      const id = next('pi');
      charges.push({ amount: Number(body.get('amount')), payment_method: body.get('payment_method') ?? '', idempotencyKey: key });
      if (!card || card.customer !== body.get('customer')) {
        return reply(400, { error: { type: 'invalid_request_error', message: 'No such PaymentMethod' } });
      }
      if (card.decline) {
        return reply(402, {
          error: { type: 'card_error', code: 'card_declined', decline_code: card.decline, message: 'Your card was declined.', payment_intent: { id, status: 'requires_payment_method' } },
        });
      }
      return reply(200, { id, object: 'payment_intent', amount: Number(body.get('amount')), currency: body.get('currency'), status: 'succeeded' });
    }
    send(res, 404, { error: { type: 'invalid_request_error', message: `Unrecognized request URL (${req.method}: ${url.pathname})` } });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}`,
    charges,
    requests,
    customers,
    /** What Stripe.js confirmCardSetup would leave behind: a card attached to the customer. */
    attachCard(customer: string, card: Partial<Card> = {}): string {
      const id = next('pm');
      cards.set(id, { id, customer, brand: 'visa', last4: '4242', exp_month: 12, exp_year: 2031, ...card });
      return id;
    },
    close: () => new Promise<void>((r) => server.close(() => r())),
  };
}
