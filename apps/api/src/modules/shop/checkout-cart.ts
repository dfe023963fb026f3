import { and, eq, gte, inArray, sql } from 'drizzle-orm';
import { orderTotals, type DeliveryAddress } from '@medallion/contracts/shop';
import type { Database, Transaction } from '@medallion/db/client';
import { cartItems, orderLines, orders, products } from '@medallion/db/schema';
import type { GatewayUser, PaymentGateway } from '../../integrations/payments/gateway';
import { AppError } from '../../lib/app-error';
import { requireAmount, requireTransactionId, runPurchase, type PaymentRow, type PurchaseKind, type PurchaseOptions } from '../payments/purchase';
import { cardOf } from '../payments/receipt-email';
import { orderConfirmationEmail } from './order-email';

/** The one key of a cart checkout's payment: a transaction id is charged at most once per user. */
export const cartPaymentKey = (userId: string, transactionId: string) => `cart:${userId}:${transactionId}`;

/** The order a cart payment created (pending until the payment settles). */
async function orderOf(tx: Transaction, paymentId: string) {
  const [order] = await tx.select().from(orders).where(eq(orders.paymentId, paymentId));
  return order ?? null;
}

/**
 * A cart's goods: the selected items (claimed by the order while it is paid for) and their stock
 * (reserved). Settling marks the order paid and the items COMPLEATED; releasing puts the stock back,
 * fails the order and frees the items for another checkout.
 */
export const cartPurchase: PurchaseKind = {
  purpose: 'cart',
  async start(db, gateway, user, input, options) {
    const transactionId = requireTransactionId(input);
    // The selected items and the delivery address travel with the payment.
    if (!input['cart-ids']) {
      throw new AppError('VALIDATION_ERROR', 'cartNothingSelected').on('cart-ids');
    }
    return payCart(
      db,
      gateway,
      user,
      { transactionId, cartIds: input['cart-ids'], address: input['delivery-address'], amount: input['payment-amount'], paymentMethodId: input['user-pm'] },
      options,
    );
  },
  async settle(tx, payment, owner, services) {
    const order = await orderOf(tx, payment.id);
    if (!order) return;
    const [paid] = await tx
      .update(orders)
      .set({ status: 'paid', paidAt: sql`now()` })
      .where(and(eq(orders.id, order.id), eq(orders.status, 'pending')))
      .returning();
    if (!paid) return;
    await tx
      .update(cartItems)
      .set({ status: 'COMPLEATED' })
      .where(and(eq(cartItems.orderId, order.id), eq(cartItems.status, 'ACTIVE')));
    const lines = await tx
      .select({ title: orderLines.title, titleRu: products.titleRu, quantity: orderLines.quantity, priceCents: orderLines.priceCents })
      .from(orderLines)
      .leftJoin(products, eq(products.id, orderLines.productId))
      .where(eq(orderLines.orderId, order.id));
    await services.mailer.send(
      orderConfirmationEmail({
        to: owner.email,
        name: owner.name,
        orderId: order.id,
        date: new Date(),
        items: lines.map((l) => ({ title: l.title, titleRu: l.titleRu ?? '', quantity: l.quantity, priceCents: l.priceCents })),
        totals: { subtotal: order.subtotalCents, tax: order.taxCents, shipping: order.shippingCents, total: order.totalCents },
        card: cardOf(payment),
      }),
      tx,
    );
    return () => services.onPaidOrder?.({ orderId: order.id, totalCents: order.totalCents });
  },
  async release(tx, payment) {
    const order = await orderOf(tx, payment.id);
    if (!order || order.status !== 'pending') return;
    const lines = await tx.select().from(orderLines).where(eq(orderLines.orderId, order.id));
    for (const line of lines) {
      if (line.productId)
        await tx
          .update(products)
          .set({ stock: sql`${products.stock} + ${line.quantity}` })
          .where(eq(products.id, line.productId));
    }
    // The failed order keeps its record; its transaction id is freed for a new attempt.
    await tx
      .update(orders)
      .set({ status: 'failed', transactionId: `${order.transactionId}:failed:${order.id}` })
      .where(eq(orders.id, order.id));
    await tx
      .update(cartItems)
      .set({ orderId: null })
      .where(and(eq(cartItems.orderId, order.id), eq(cartItems.status, 'ACTIVE')));
  },
};

/**
 * Pays for the selected cart items. The server computes every amount from the
 * items and current prices, read in the claiming transaction; a different client amount is refused.
 * The claim locks the items (they join the order, so another checkout of them gets a 409), reserves
 * the stock and creates the pending order, so the last unit sells once and a cart is charged once
 * whatever the number of parallel requests and transaction ids.
 */
export async function payCart(
  db: Database,
  gateway: PaymentGateway,
  user: GatewayUser,
  input: { transactionId: string; cartIds: string[]; address: DeliveryAddress | undefined; amount: number; paymentMethodId: string },
  options: PurchaseOptions,
): Promise<PaymentRow> {
  const address = input.address;
  if (!address) throw new AppError('VALIDATION_ERROR', 'shippingRequired').on('delivery-address');
  const ids = [...new Set(input.cartIds)];
  if (ids.length === 0) throw new AppError('VALIDATION_ERROR', 'cartNothingSelected').on('cart-ids');

  return runPurchase(
    db,
    gateway,
    {
      kind: cartPurchase,
      user,
      key: cartPaymentKey(user.id, input.transactionId),
      reference: input.transactionId,
      paymentMethodId: input.paymentMethodId,
      description: 'Medallion shop order',
      async claim(tx, payment) {
        const selected = await tx
          .select({ item: cartItems, product: products })
          .from(cartItems)
          .innerJoin(products, eq(products.id, cartItems.productId))
          .where(and(inArray(cartItems.id, ids), eq(cartItems.userId, user.id)))
          .for('update', { of: cartItems });
        if (selected.length !== ids.length || selected.some((s) => s.item.status !== 'ACTIVE')) {
          // Another user's ids, bought ones or unknown ones: not in this user's cart.
          throw new AppError('NOT_FOUND', 'cartItemNotFound').on('cart-ids');
        }
        if (selected.some((s) => s.item.orderId !== null)) throw new AppError('CONFLICT', 'cart.inCheckout');

        const totals = orderTotals(
          selected.map((s) => ({ priceCents: s.product.priceCents, quantity: s.item.quantity })),
          options.services.shippingCents,
        );
        requireAmount(input.amount, totals.total);
        for (const { item, product } of selected) {
          const reserved = await tx
            .update(products)
            .set({ stock: sql`${products.stock} - ${item.quantity}` })
            .where(and(eq(products.id, product.id), gte(products.stock, item.quantity), eq(products.active, true)))
            .returning({ id: products.id });
          if (reserved.length === 0) throw new AppError('CONFLICT', 'cart.outOfStock', { title: product.title }).on(`cart-ids.${item.id}`);
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
        await tx.update(cartItems).set({ orderId: order!.id }).where(inArray(cartItems.id, ids));
        return { amountCents: totals.total };
      },
    },
    options,
  );
}
