import { eq, sql } from 'drizzle-orm';
import type { ListingMessage } from '@medallion/contracts/conversations';
import type { Transaction } from '@medallion/db/client';
import { listingConversations, listingMessages, listings, user } from '@medallion/db/schema';
import type { Mailer } from '../../integrations/mail/mailer';
import { relayedMessageEmail } from './message-email';

export interface MessageContext {
  mailer: Mailer;
  publicUrl: string;
}

export interface Sender {
  id: string;
  name: string;
  email: string;
}

export interface ConversationParties {
  id: string;
  listingId: string;
  ownerId: string;
  driverId: string;
}

/**
 * Writes a message into a conversation the sender belongs to (checked by the caller, under the
 * sender's lock), moves the conversation up, marks it read for the sender and queues the e-mail to
 * the other party in the same transaction.
 */
export async function appendMessage(
  tx: Transaction,
  conversation: ConversationParties,
  sender: Sender,
  body: string,
  ctx: MessageContext,
): Promise<ListingMessage> {
  const [message] = await tx
    .insert(listingMessages)
    .values({ conversationId: conversation.id, senderId: sender.id, body })
    .returning({ id: listingMessages.id, createdAt: listingMessages.createdAt });
  if (!message) throw new Error('message insert returned no row');
  const senderIsOwner = sender.id === conversation.ownerId;
  await tx
    .update(listingConversations)
    .set({
      lastMessageAt: message.createdAt,
      ...(senderIsOwner ? { ownerReadAt: message.createdAt } : { driverReadAt: message.createdAt }),
    })
    .where(eq(listingConversations.id, conversation.id));

  const recipientId = senderIsOwner ? conversation.driverId : conversation.ownerId;
  const [[recipient], [listing]] = await Promise.all([
    tx.select({ name: user.name, email: user.email }).from(user).where(eq(user.id, recipientId)),
    tx
      .select({ title: sql<string>`coalesce(nullif(trim(${listings.title}), ''), 'Untitled listing')` })
      .from(listings)
      .where(eq(listings.id, conversation.listingId)),
  ]);
  if (recipient) {
    await ctx.mailer.send(
      relayedMessageEmail({
        conversationId: conversation.id,
        listingTitle: listing?.title ?? 'Untitled listing',
        senderName: sender.name,
        senderEmail: sender.email,
        recipientName: recipient.name,
        recipientEmail: recipient.email,
        toOwner: !senderIsOwner,
        body,
        publicUrl: ctx.publicUrl,
      }),
      tx,
    );
  }
  return { message_id: message.id, mine: true, sender_name: sender.name, body, created_at: message.createdAt.toISOString() };
}
