import { and, desc, eq, inArray } from 'drizzle-orm';
import type { PaymentMethodsResponse } from '@medallion/contracts/payments';
import type { DbExecutor } from '@medallion/db/client';
import { payments } from '@medallion/db/schema';
import type { GatewayUser, PaymentGateway } from '../../integrations/payments/gateway';

/**
 * The user's saved cards and the one every checkout preselects: the only card, or else the card of the
 * user's most recent successful payment (listing fee, cart or exam alike) while that card is still
 * saved. Only the user's own payments and cards count, so another user's card is never the default.
 */
export async function listPaymentMethods(db: DbExecutor, gateway: PaymentGateway, user: GatewayUser): Promise<PaymentMethodsResponse> {
  const cards = await gateway.listPaymentMethods(user);
  return { data: cards, default_id: await defaultCardId(db, user.id, cards) };
}

async function defaultCardId(db: DbExecutor, userId: string, cards: ReadonlyArray<{ id: string }>): Promise<string | null> {
  if (cards.length === 0) return null;
  if (cards.length === 1) return cards[0]!.id;
  const [last] = await db
    .select({ id: payments.paymentMethodId })
    .from(payments)
    .where(
      and(
        eq(payments.userId, userId),
        eq(payments.status, 'succeeded'),
        inArray(
          payments.paymentMethodId,
          cards.map((card) => card.id),
        ),
      ),
    )
    .orderBy(desc(payments.createdAt), desc(payments.id))
    .limit(1);
  return last?.id ?? null;
}
