import { asc, desc, eq } from 'drizzle-orm';
import type { CreatePromoCodeRequest, PromoCode } from '@medallion/contracts/admin';
import type { Database } from '@medallion/db/client';
import { promoCodes } from '@medallion/db/schema';
import { AppError } from '../../lib/app-error';

function toPromo(row: typeof promoCodes.$inferSelect): PromoCode {
  return {
    code: row.code,
    discount_cents: row.discountCents,
    active: row.active,
    expires_at: row.expiresAt?.toISOString() ?? null,
    max_redemptions: row.maxRedemptions,
    redemptions: row.redemptions,
  };
}

export async function listPromoCodes(db: Database): Promise<PromoCode[]> {
  return (await db.select().from(promoCodes).orderBy(desc(promoCodes.createdAt), asc(promoCodes.code))).map(toPromo);
}

export async function createPromoCode(db: Database, input: CreatePromoCodeRequest): Promise<PromoCode> {
  const [row] = await db
    .insert(promoCodes)
    .values({
      code: input.code,
      discountCents: input.discount_cents,
      active: input.active,
      expiresAt: input.expires_at ? new Date(input.expires_at) : null,
      maxRedemptions: input.max_redemptions,
    })
    .onConflictDoNothing()
    .returning();
  if (!row) throw new AppError('CONFLICT', 'examAdmin.promoExists');
  return toPromo(row);
}

export async function updatePromoCode(db: Database, code: string, input: Partial<Omit<CreatePromoCodeRequest, 'code'>>): Promise<PromoCode> {
  const [row] = await db
    .update(promoCodes)
    .set({
      ...(input.discount_cents !== undefined ? { discountCents: input.discount_cents } : {}),
      ...(input.active !== undefined ? { active: input.active } : {}),
      ...(input.expires_at !== undefined ? { expiresAt: input.expires_at ? new Date(input.expires_at) : null } : {}),
      ...(input.max_redemptions !== undefined ? { maxRedemptions: input.max_redemptions } : {}),
    })
    .where(eq(promoCodes.code, code.toUpperCase()))
    .returning();
  if (!row) throw new AppError('NOT_FOUND', 'examAdmin.promoNotFound');
  return toPromo(row);
}
