import { and, eq, or } from 'drizzle-orm';
import type { DbExecutor } from '@medallion/db/client';
import { listingConversations } from '@medallion/db/schema';
import { AppError } from '../../lib/app-error';
import { isUuid } from '../../lib/uuid';
import type { ConversationParties } from './append-message';

/** The conversation if the user is one of its two parties; otherwise (or a malformed id) 404, so others learn nothing. */
export async function findConversation(db: DbExecutor, conversationId: string, userId: string): Promise<ConversationParties> {
  if (!isUuid(conversationId)) throw new AppError('NOT_FOUND', 'conversation.notFound');
  const [row] = await db
    .select({
      id: listingConversations.id,
      listingId: listingConversations.listingId,
      ownerId: listingConversations.ownerId,
      driverId: listingConversations.driverId,
    })
    .from(listingConversations)
    .where(and(eq(listingConversations.id, conversationId), or(eq(listingConversations.ownerId, userId), eq(listingConversations.driverId, userId))))
    .limit(1);
  if (!row) throw new AppError('NOT_FOUND', 'conversation.notFound');
  return row;
}
