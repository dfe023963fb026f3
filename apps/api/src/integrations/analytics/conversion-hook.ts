import type { FastifyBaseLogger } from 'fastify';

export interface ConversionHook {
  readonly enabled: boolean;
  /** After a paid shop order: POST {order_id, value, currency} to the configured URL. Never throws. */
  paidOrder(order: { orderId: string; totalCents: number }): void;
}

/**
 * The advertising conversion event, sent when a cart checkout is paid. Off unless
 * CONVERSION_WEBHOOK_URL is set; fire-and-forget with a 3 s timeout, so an ad platform that is down
 * never slows or breaks a checkout. No personal data is sent: the order id and its value.
 */
export function createConversionHook(url: string | undefined, logger: FastifyBaseLogger): ConversionHook {
  return {
    enabled: Boolean(url),
    paidOrder(order) {
      if (!url) return;
      const body = JSON.stringify({ event: 'purchase', order_id: order.orderId, value: order.totalCents / 100, currency: 'USD' });
      fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body, signal: AbortSignal.timeout(3000) })
        .then((res) => {
          if (!res.ok) logger.warn({ status: res.status }, 'conversion hook answered with an error');
        })
        .catch((error: unknown) => logger.warn({ err: error }, 'conversion hook failed'));
    },
  };
}
