import { and, eq } from 'drizzle-orm';
import type { SendListingMessageResponse } from '@medallion/contracts/conversations';
import type { Database } from '@medallion/db/client';
import { listingConversations, listings } from '@medallion/db/schema';
import { AppError } from '../../lib/app-error';
import { isUuid } from '../../lib/uuid';
import { appendMessage, type MessageContext, type Sender } from './append-message';
import { checkConversationLimit, checkMessageLimit, lockSender, type MessageLimits } from './message-limits';

/**
 * "Message the owner" (POST /listing/{listing_id}/messages): starts the sender's conversation about
 * the listing, or continues it (one per listing and driver). Only an ACTIVE, non-deleted listing
 * takes a new conversation; a listing the sender cannot see is 404, their own is 403. Rate-limited
 * per sender in the database (new conversations and messages per hour).
 */
export async function sendListingMessage(
  db: Database,
  sender: Sender,
  listingId: string,
  body: string,
  ctx: MessageContext,
  limits?: MessageLimits,
): Promise<SendListingMessageResponse['data']> {
  if (!isUuid(listingId)) throw new AppError('NOT_FOUND', 'listingNotFound');
  const result = await db.transaction(async (tx) => {
    await lockSender(tx, sender.id);
    const [listing] = await tx
      .select({ id: listings.id, ownerId: listings.userId, status: listings.status, deletedAt: listings.deletedAt })
      .from(listings)
      .where(eq(listings.id, listingId))
      .limit(1);
    if (!listing) throw new AppError('NOT_FOUND', 'listingNotFound');
    if (listing.ownerId === sender.id) throw new AppError('FORBIDDEN', 'conversation.ownListing');
    const [existing] = await tx
      .select({
        id: listingConversations.id,
        listingId: listingConversations.listingId,
        ownerId: listingConversations.ownerId,
        driverId: listingConversations.driverId,
      })
      .from(listingConversations)
      .where(and(eq(listingConversations.listingId, listingId), eq(listingConversations.driverId, sender.id)))
      .limit(1);
    const open = listing.status === 'ACTIVE' && listing.deletedAt === null;
    if (!existing && !open) {
      // Others never see a listing that is not public; the sender may have seen it before it closed.
      throw new AppError('NOT_FOUND', 'listingNotFound');
    }
    if (!existing) await checkConversationLimit(tx, sender.id, limits);
    await checkMessageLimit(tx, sender.id, limits);
    let conversation = existing;
    if (!conversation) {
      const [created] = await tx.insert(listingConversations).values({ listingId, ownerId: listing.ownerId, driverId: sender.id }).returning({
        id: listingConversations.id,
        listingId: listingConversations.listingId,
        ownerId: listingConversations.ownerId,
        driverId: listingConversations.driverId,
      });
      if (!created) throw new Error('conversation insert returned no row');
      conversation = created;
    }
    const message = await appendMessage(tx, conversation, sender, body, ctx);
    return { conversation_id: conversation.id, message };
  });
  ctx.mailer.deliverSoon();
  return result;
}
