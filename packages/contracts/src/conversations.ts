import { z } from 'zod';
import { freeText, text } from './text';

/*
 * "Message the owner": one conversation per listing and driver, kept in both dashboards (Messages tab)
 * and relayed by e-mail to the other party with Reply-To the sender's address.
 */

/** A message is 1 to 2000 characters after trimming. */
export const MAX_LISTING_MESSAGE_LENGTH = 2000;

/** Per sender, counted in the database (so it holds across instances): new conversations and messages per hour. */
export const MESSAGE_RATE_LIMITS = { conversationsPerHour: 5, messagesPerHour: 30 } as const;

/** POST /listing/{listing_id}/messages and POST /messages/{conversation_id}: the message. */
export const sendListingMessageRequestSchema = z.object({
  body: freeText({ error: 'listingMessageRequired' }).trim().min(1, 'listingMessageRequired').max(MAX_LISTING_MESSAGE_LENGTH, 'listingMessageTooLong'),
});
export type SendListingMessageRequest = z.infer<typeof sendListingMessageRequestSchema>;

/** GET/POST /messages/{conversation_id}: a malformed id is a 404, like an unknown one. */
export const conversationIdParamsSchema = z.object({ conversation_id: text().max(100) });

export const listingMessageSchema = z.object({
  message_id: z.string(),
  /** Written by the viewer (shown on the right). */
  mine: z.boolean(),
  sender_name: z.string(),
  body: z.string(),
  created_at: z.string(),
});
export type ListingMessage = z.infer<typeof listingMessageSchema>;

export const conversationSummarySchema = z.object({
  conversation_id: z.string(),
  listing_id: z.string(),
  /** Null while the listing has no title (it was deleted or is a draft again). */
  listing_title: z.string().nullable(),
  /** The viewer's side of the conversation. */
  role: z.enum(['owner', 'driver']),
  other_name: z.string(),
  last_message: z.string(),
  last_message_mine: z.boolean(),
  last_message_at: z.string(),
  unread: z.boolean(),
});
export type ConversationSummary = z.infer<typeof conversationSummarySchema>;

/** GET /messages: the viewer's conversations, the latest first. */
export const conversationsResponseSchema = z.object({ data: z.array(conversationSummarySchema), unread: z.number().int() });
export type ConversationsResponse = z.infer<typeof conversationsResponseSchema>;

/** GET /messages/{conversation_id}: the thread, oldest message first. */
export const conversationResponseSchema = z.object({
  data: conversationSummarySchema.extend({ messages: z.array(listingMessageSchema) }),
});
export type ConversationResponse = z.infer<typeof conversationResponseSchema>;

/** Both sends answer the conversation and the new message. */
export const sendListingMessageResponseSchema = z.object({
  data: z.object({ conversation_id: z.string(), message: listingMessageSchema }),
});
export type SendListingMessageResponse = z.infer<typeof sendListingMessageResponseSchema>;

/** POST /messages/{conversation_id}/read */
export const markConversationReadResponseSchema = z.object({ data: z.object({ conversation_id: z.string(), unread: z.literal(false) }) });
export type MarkConversationReadResponse = z.infer<typeof markConversationReadResponseSchema>;
