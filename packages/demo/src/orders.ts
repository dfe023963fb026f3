import { eq, inArray } from 'drizzle-orm';
import { orderTotals } from '@medallion/contracts/shop';
import type { Database } from '@medallion/db/client';
import { cartItems, orderLines, orders, payments, products, user } from '@medallion/db/schema';
import type { SeedStep } from '@medallion/db/seed';
import { DEMO_ACCOUNTS } from './accounts';
import type { DemoSeedContext } from './context';
import { DEMO_DRIVER_CARD_ID } from './listing-fees';

export const DEMO_ORDERS_STEP = 'demo-orders-v1';

const DAY = 86_400_000;

/** The demo driver's shop history: one order already shipped, one paid and waiting for staff to ship it. */
export const DEMO_ORDERS = [
  {
    transactionId: 'demo-order-1',
    daysAgo: 24,
    shippedDaysAgo: 22,
    lines: [
      { title: 'Trip record book (100 pages)', quantity: 2 },
      { title: 'Phone mount for the dashboard', quantity: 1 },
    ],
  },
  {
    transactionId: 'demo-order-2',
    daysAgo: 2,
    shippedDaysAgo: null,
    lines: [
      { title: 'First-aid kit (vehicle, 120 pieces)', quantity: 1 },
      { title: 'Fire extinguisher 2.5 lb (ABC)', quantity: 1 },
    ],
  },
] as const;

const ADDRESS = {
  fullName: 'Aziz Karimov',
  addressOne: '2150 Ocean Avenue',
  addressTwo: 'Apt 4C',
  addressCity: 'Brooklyn',
  addressState: 'NY',
  addressZip: '11229',
};

/**
 * Demo orders of the demo driver, so the dashboard's Orders tab and the staff console's orders page
 * have something to show on a fresh install (the staff "Mark shipped" flow included). Each is what a
 * real checkout leaves behind: a succeeded card payment under the checkout's idempotency key, the
 * order with the totals of `orderTotals`, its lines at the product's price, and the bought cart items
 * (COMPLEATED). History only: today's stock is the seeded stock. Runs after the demo products and the
 * demo listing fees (the saved card); does nothing without them.
 */
export function demoOrdersSeedStep(context: DemoSeedContext, options: { shippingCents: number; now?: () => number }): SeedStep {
  return {
    name: DEMO_ORDERS_STEP,
    async run(db: Database) {
      const [driver] = await db.select({ id: user.id }).from(user).where(eq(user.email, DEMO_ACCOUNTS.driver.email));
      if (!driver) return;
      const titles = DEMO_ORDERS.flatMap((o) => o.lines.map((l) => l.title));
      const found = await db.select().from(products).where(inArray(products.title, titles));
      const byTitle = new Map(found.map((p) => [p.title, p]));
      if (titles.some((t) => !byTitle.has(t))) return;
      const now = (options.now ?? Date.now)();

      for (const demo of DEMO_ORDERS) {
        const createdAt = new Date(now - demo.daysAgo * DAY);
        const lines = demo.lines.map((l) => ({ product: byTitle.get(l.title)!, quantity: l.quantity }));
        const totals = orderTotals(
          lines.map((l) => ({ priceCents: l.product.priceCents, quantity: l.quantity })),
          options.shippingCents,
        );
        const [payment] = await db
          .insert(payments)
          .values({
            userId: driver.id,
            purpose: 'cart',
            reference: demo.transactionId,
            amountCents: totals.total,
            status: 'succeeded',
            provider: 'sandbox',
            providerPaymentId: `pi_sbx_${demo.transactionId}`,
            paymentMethodId: DEMO_DRIVER_CARD_ID,
            idempotencyKey: context.cartPaymentKey(driver.id, demo.transactionId),
            createdAt,
            updatedAt: createdAt,
          })
          .onConflictDoNothing({ target: payments.idempotencyKey })
          .returning({ id: payments.id });
        if (!payment) continue;
        const [order] = await db
          .insert(orders)
          .values({
            userId: driver.id,
            transactionId: demo.transactionId,
            status: demo.shippedDaysAgo === null ? 'paid' : 'shipped',
            subtotalCents: totals.subtotal,
            taxCents: totals.tax,
            shippingCents: totals.shipping,
            totalCents: totals.total,
            ...ADDRESS,
            paymentId: payment.id,
            createdAt,
            paidAt: createdAt,
            shippedAt: demo.shippedDaysAgo === null ? null : new Date(now - demo.shippedDaysAgo * DAY),
          })
          .returning({ id: orders.id });
        for (const line of lines) {
          const [item] = await db
            .insert(cartItems)
            .values({ userId: driver.id, productId: line.product.id, quantity: line.quantity, status: 'COMPLEATED', orderId: order!.id, createdAt })
            .returning({ id: cartItems.id });
          await db.insert(orderLines).values({
            orderId: order!.id,
            productId: line.product.id,
            cartItemId: item!.id,
            title: line.product.title,
            priceCents: line.product.priceCents,
            quantity: line.quantity,
          });
        }
      }
    },
  };
}
