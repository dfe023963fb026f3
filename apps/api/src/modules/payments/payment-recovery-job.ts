import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { PurchaseOptions } from './purchase';
import { recoverStalePayments } from './recover-payments';

/** What every purchase needs from the app: mail, links, shipping price, the conversion hook, the lease. */
export function purchaseOptionsFor(app: FastifyInstance): PurchaseOptions {
  return {
    services: {
      mailer: app.mailer,
      staffEmail: app.config.SUPPORT_EMAIL,
      publicUrl: app.config.PUBLIC_URL,
      shippingCents: app.config.SHOP_SHIPPING_CENTS,
      onPaidOrder: (order) => app.conversions.paidOrder(order),
    },
    leaseMs: app.config.PAYMENT_PROCESSING_LEASE_MS,
  };
}

/**
 * Runs the payment recovery at start and every PAYMENT_RECOVERY_INTERVAL_MS in each server process
 * (payments are leased, so processes never recover the same one twice). Stops with the app.
 */
export function registerPaymentRecovery(app: FastifyInstance): void {
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> = Promise.resolve();
  let stopped = false;

  const pass = async () => {
    const log = app.log.child({ job: 'payment-recovery', jobId: randomUUID() });
    try {
      const options = purchaseOptionsFor(app);
      const result = await recoverStalePayments(app.db, app.payments, options.services, { leaseMs: options.leaseMs });
      if (result.settled + result.released + result.errors > 0) log.warn({ recovery: result }, 'payments left in processing were recovered');
    } catch (error) {
      // Logged without parameters; the next pass tries again.
      log.error({ err: { message: (error as Error).message } }, 'payment recovery pass failed');
    }
  };
  const schedule = () => {
    if (stopped) return;
    timer = setTimeout(() => {
      running = pass().finally(schedule);
    }, app.config.PAYMENT_RECOVERY_INTERVAL_MS);
    timer.unref();
  };

  app.addHook('onReady', async () => {
    running = pass().finally(schedule);
  });
  app.addHook('onClose', async () => {
    stopped = true;
    clearTimeout(timer);
    await running;
  });
}
