import { and, eq, gte, inArray, sql } from 'drizzle-orm';
import type { CreatePaymentIntentResponse } from '@medallion/contracts/payments';
import { orderTotals, type DeliveryAddress } from '@medallion/contracts/shop';
import { VALIDATION_MESSAGES } from '@medallion/contracts/validation';
import type { Database } from '@medallion/db/client';
import { cartItems, orderLines, orders, payments, products } from '@medallion/db/schema';
import type { Mailer } from '../../integrations/mail/mailer';
import type { GatewayUser, PaymentGateway } from '../../integrations/payments/gateway';
import { AppError } from '../../lib/app-error';
import { orderConfirmationEmail } from './order-email';

export const CHECKOUT_MESSAGES = {
  needsItems: VALIDATION_MESSAGES.cartNothingSelected,
  needsAddress: VALIDATION_MESSAGES.shippingRequired,
  outOfStock: (title: string) => `"${title}" is out of stock in the quantity you chose. Lower the quantity or remove it.`,
  processing: 'This payment is already being processed.',
} as const;

const dollars = (cents: number) => `$${(cents / 100).toFixed(2)}`;

/** The one key of a cart checkout's payment: a transaction id is charged at most once per user. */
export const cartPaymentKey = (userId: string, transactionId: string) => `cart:${userId}:${transactionId}`;

export interface CartCheckoutOptions {
  mailer: Mailer;
  shippingCents: number;
  /** Advertising conversion hook (fire-and-forget); undefined = off. */
  onPaidOrder?: (order: { orderId: string; totalCents: number }) => void;
}

type Tx = Database;

/**
 * Pays for the selected cart items (spec §5 cart checkout). The server computes every amount from the
 * items and current prices; a different client amount is refused. Stock is reserved in the same
 * transaction that creates the order, so parallel checkouts of the last unit give one order. The
 * transaction id makes a double submit charge once.
 */
export async function payCart(
  db: Database,
  gateway: PaymentGateway,
  user: GatewayUser,
  input: { transactionId: string; cartIds: string[]; address: DeliveryAddress | undefined; amount: number; paymentMethodId: string },
  options: CartCheckoutOptions,
): Promise<CreatePaymentIntentResponse> {
  const key = cartPaymentKey(user.id, input.transactionId);
  const [previous] = await db.select().from(payments).where(eq(payments.idempotencyKey, key));
  if (previous?.status === 'succeeded') return response(previous.id, previous.amountCents);
  if (previous?.status === 'processing') throw new AppError('CONFLICT', CHECKOUT_MESSAGES.processing);
  if (!input.address) throw new AppError('VALIDATION_ERROR', CHECKOUT_MESSAGES.needsAddress, { 'delivery-address': CHECKOUT_MESSAGES.needsAddress });
  const address = input.address;

  const ids = [...new Set(input.cartIds)];
  const selected = await db
    .select({ item: cartItems, product: products })
    .from(cartItems)
    .innerJoin(products, eq(products.id, cartItems.productId))
    .where(and(inArray(cartItems.id, ids), eq(cartItems.userId, user.id), eq(cartItems.status, 'ACTIVE')));
  if (selected.length !== ids.length || ids.length === 0) {
    // Another user's ids, bought ones or unknown ones: not in this user's cart.
    throw new AppError('NOT_FOUND', VALIDATION_MESSAGES.cartItemNotFound, { 'cart-ids': VALIDATION_MESSAGES.cartItemNotFound });
  }
  const totals = orderTotals(
    selected.map((s) => ({ priceCents: s.product.priceCents, quantity: s.item.quantity })),
    options.shippingCents,
  );
  if (input.amount !== totals.total) {
    throw new AppError('AMOUNT_MISMATCH', `The amount to pay is ${dollars(totals.total)} (${totals.total} cents).`, {
      'payment-amount': String(totals.total),
    });
  }
  const method = await gateway.findPaymentMethod(user, input.paymentMethodId);
  if (!method) throw new AppError('NOT_FOUND', 'Payment method not found.');

  // Claim the payment, reserve stock and create the pending order in one transaction.
  const claim = await db.transaction(async (t) => {
    const tx = t as unknown as Tx;
    const [payment] = await tx
      .insert(payments)
      .values({
        userId: user.id,
        purpose: 'cart',
        reference: input.transactionId,
        amountCents: totals.total,
        status: 'processing',
        provider: gateway.kind,
        paymentMethodId: method.id,
        idempotencyKey: key,
      })
      .onConflictDoNothing({ target: payments.idempotencyKey })
      .returning();
    if (!payment) return null;
    for (const { item, product } of selected) {
      const reserved = await tx
        .update(products)
        .set({ stock: sql`${products.stock} - ${item.quantity}` })
        .where(and(eq(products.id, product.id), gte(products.stock, item.quantity), eq(products.active, true)))
        .returning({ id: products.id });
      if (reserved.length === 0) throw new AppError('CONFLICT', CHECKOUT_MESSAGES.outOfStock(product.title), { [`cart-ids.${item.id}`]: 'out-of-stock' });
    }
    const [order] = await tx
      .insert(orders)
      .values({
        userId: user.id,
        transactionId: input.transactionId,
        status: 'pending',
        subtotalCents: totals.subtotal,
        taxCents: totals.tax,
        shippingCents: totals.shipping,
        totalCents: totals.total,
        fullName: address.full_name,
        addressOne: address.address_one,
        addressTwo: address.address_two || null,
        addressCity: address.address_city,
        addressState: address.address_state,
        addressZip: address.address_zip,
        paymentId: payment.id,
      })
      .returning();
    await tx.insert(orderLines).values(
      selected.map(({ item, product }) => ({
        orderId: order!.id,
        productId: product.id,
        cartItemId: item.id,
        title: product.title,
        priceCents: product.priceCents,
        quantity: item.quantity,
      })),
    );
    return { payment, order: order! };
  });
  if (!claim) {
    const [existing] = await db.select().from(payments).where(eq(payments.idempotencyKey, key));
    if (existing?.status === 'succeeded') return response(existing.id, existing.amountCents);
    throw new AppError('CONFLICT', CHECKOUT_MESSAGES.processing);
  }

  const result = await gateway.charge({
    user,
    paymentMethodId: method.id,
    amountCents: totals.total,
    idempotencyKey: key,
    description: `Medallion shop order ${claim.order.id.slice(0, 8)}`,
  });
  if (result.status === 'failed') {
    // Nothing is ordered: the stock goes back, the order is failed, the key is free for a new try.
    await db.transaction(async (t) => {
      const tx = t as unknown as Tx;
      for (const { item, product } of selected) {
        await tx.update(products).set({ stock: sql`${products.stock} + ${item.quantity}` }).where(eq(products.id, product.id));
      }
      await tx.update(orders).set({ status: 'failed', transactionId: `${input.transactionId}:failed:${claim.order.id}` }).where(eq(orders.id, claim.order.id));
      await tx
        .update(payments)
        .set({ status: 'failed', failureMessage: result.message, providerPaymentId: result.providerPaymentId, idempotencyKey: `${key}:failed:${claim.payment.id}`, updatedAt: new Date() })
        .where(eq(payments.id, claim.payment.id));
    });
    throw new AppError('PAYMENT_FAILED', result.message);
  }

  await db.transaction(async (t) => {
    const tx = t as unknown as Tx;
    await tx
      .update(payments)
      .set({ status: 'succeeded', providerPaymentId: result.providerPaymentId, updatedAt: new Date() })
      .where(eq(payments.id, claim.payment.id));
    await tx.update(orders).set({ status: 'paid', paidAt: sql`now()` }).where(eq(orders.id, claim.order.id));
    await tx.update(cartItems).set({ status: 'COMPLEATED', orderId: claim.order.id }).where(inArray(cartItems.id, ids));
    await options.mailer.send(
      orderConfirmationEmail({
        to: user.email,
        name: user.name,
        orderId: claim.order.id,
        date: new Date(),
        items: selected.map(({ item, product }) => ({ title: product.title, quantity: item.quantity, priceCents: product.priceCents })),
        totals,
        card: { brand: method.brand, last4: method.last4 },
      }),
      tx,
    );
  });
  options.mailer.deliverSoon();
  options.onPaidOrder?.({ orderId: claim.order.id, totalCents: totals.total });
  return response(claim.payment.id, totals.total);
}

function response(paymentId: string, amount: number): CreatePaymentIntentResponse {
  return { data: { 'payment-id': paymentId, status: 'succeeded', amount, 'access-expiry': null } };
}
