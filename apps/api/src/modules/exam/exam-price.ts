import type { PromoCheckResponse } from '@medallion/contracts/exam';
import { EXAM_PRICE_CENTS } from '@medallion/contracts/payments';
import type { DbExecutor } from '@medallion/db/client';
import { promoDiscount } from './promo-codes';

/**
 * The exam's price now: the list price less a promo code's discount. A blank, unknown, inactive,
 * expired or used-up code gives no discount and is not valid.
 */
export async function quoteExamPrice(db: DbExecutor, code: string): Promise<PromoCheckResponse['data']> {
  const discount = await promoDiscount(db, code);
  return { valid: discount > 0, original_cents: EXAM_PRICE_CENTS, discount_cents: discount, price_cents: EXAM_PRICE_CENTS - discount };
}
