import { sql } from 'drizzle-orm';
import type { Database } from '@medallion/db/client';
import type { CardBehaviour } from '../../integrations/payments/test-cards';
import { AppError } from '../../lib/app-error';
import { isUuid } from '../../lib/uuid';

/**
 * From now on the sandbox card that pays a rental's weeks (its pick-up card) behaves as another Stripe
 * test card: a card that starts declining (insufficient funds), asks for 3-D Secure, or works again.
 */
export async function setRentalCard(db: Database, rentalId: string, behaviour: CardBehaviour): Promise<void> {
  if (!isUuid(rentalId)) throw new AppError('NOT_FOUND');
  const result = await db.execute(sql`
    update sandbox_cards set behaviour = ${behaviour}
    where id = (select payment_method_id from rental_charges where rental_id = ${rentalId}::uuid and kind = 'deposit' and week = 0)`);
  const count = (result as unknown as { rowCount?: number; affectedRows?: number }).rowCount ?? (result as { affectedRows?: number }).affectedRows ?? 0;
  if (count === 0) throw new AppError('NOT_FOUND');
}
