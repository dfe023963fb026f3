import type { SendListingMessageResponse } from '@medallion/contracts/conversations';
import type { Database } from '@medallion/db/client';
import { appendMessage, type MessageContext, type Sender } from './append-message';
import { findConversation } from './find-conversation';
import { checkMessageLimit, lockSender, type MessageLimits } from './message-limits';

/**
 * POST /messages/{conversation_id}: the owner's reply, or the driver's next message, in a thread
 * the sender belongs to (anyone else: 404). Relayed by e-mail to the other party.
 */
export async function replyToConversation(
  db: Database,
  sender: Sender,
  conversationId: string,
  body: string,
  ctx: MessageContext,
  limits?: MessageLimits,
): Promise<SendListingMessageResponse['data']> {
  const result = await db.transaction(async (tx) => {
    await lockSender(tx, sender.id);
    const conversation = await findConversation(tx, conversationId, sender.id);
    await checkMessageLimit(tx, sender.id, limits);
    const message = await appendMessage(tx, conversation, sender, body, ctx);
    return { conversation_id: conversation.id, message };
  });
  ctx.mailer.deliverSoon();
  return result;
}
