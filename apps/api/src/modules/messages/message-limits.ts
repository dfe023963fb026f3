import { and, count, eq, gt, sql } from 'drizzle-orm';
import { MESSAGE_RATE_LIMITS } from '@medallion/contracts/conversations';
import type { Transaction } from '@medallion/db/client';
import { listingConversations, listingMessages, user } from '@medallion/db/schema';
import { AppError } from '../../lib/app-error';

export type MessageLimits = { conversationsPerHour: number; messagesPerHour: number };

const lastHour = sql`now() - interval '1 hour'`;

/**
 * Takes the sender's row lock for the rest of the transaction, so one sender's sends run one after
 * another on every instance and the counts below stay true until the new rows are written.
 */
export async function lockSender(tx: Transaction, senderId: string): Promise<void> {
  await tx.select({ id: user.id }).from(user).where(eq(user.id, senderId)).for('update');
}

/** 429 when the sender has started the allowed number of conversations in the last hour (counted in the database). */
export async function checkConversationLimit(tx: Transaction, senderId: string, limits: MessageLimits = MESSAGE_RATE_LIMITS): Promise<void> {
  const [row] = await tx
    .select({ n: count() })
    .from(listingConversations)
    .where(and(eq(listingConversations.driverId, senderId), gt(listingConversations.createdAt, lastHour)));
  if ((row?.n ?? 0) >= limits.conversationsPerHour) throw new AppError('RATE_LIMITED', 'conversation.tooManyConversations');
}

/** 429 when the sender has sent the allowed number of messages in the last hour. */
export async function checkMessageLimit(tx: Transaction, senderId: string, limits: MessageLimits = MESSAGE_RATE_LIMITS): Promise<void> {
  const [row] = await tx
    .select({ n: count() })
    .from(listingMessages)
    .where(and(eq(listingMessages.senderId, senderId), gt(listingMessages.createdAt, lastHour)));
  if ((row?.n ?? 0) >= limits.messagesPerHour) throw new AppError('RATE_LIMITED', 'conversation.tooManyMessages');
}
