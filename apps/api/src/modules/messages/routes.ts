import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  conversationIdParamsSchema,
  conversationResponseSchema,
  conversationsResponseSchema,
  markConversationReadResponseSchema,
  sendListingMessageRequestSchema,
  sendListingMessageResponseSchema,
} from '@medallion/contracts/conversations';
import { listingIdParamsSchema } from '@medallion/contracts/listings';
import { errorResponses as errors, ipRateLimit } from '../../lib/route-options';
import { requireUser } from '../../plugins/auth';
import { getConversation, listConversations, markConversationRead } from './list-conversations';
import { replyToConversation } from './reply-to-conversation';
import { sendListingMessage } from './send-listing-message';

/** "Message the owner" and the Messages tab: conversations between a listing's owner and a driver. */
export async function messagesRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['messages'];
  const ctx = () => ({ mailer: app.mailer, publicUrl: app.config.PUBLIC_URL });

  r.post(
    '/listing/:listing_id/messages',
    {
      onRequest: requireUser,
      config: ipRateLimit(60),
      schema: {
        tags,
        summary: 'Message the owner: starts or continues the conversation about an ACTIVE listing, relayed by e-mail (Reply-To the sender)',
        params: listingIdParamsSchema,
        body: sendListingMessageRequestSchema,
        response: { 200: sendListingMessageResponseSchema, ...errors },
      },
    },
    async (req) => ({
      data: await sendListingMessage(app.db, { id: req.user.id, name: req.user.name, email: req.user.email }, req.params.listing_id, req.body.body, ctx()),
    }),
  );

  r.get(
    '/messages',
    {
      onRequest: requireUser,
      schema: { tags, summary: "The user's conversations, the latest first", response: { 200: conversationsResponseSchema, ...errors } },
    },
    async (req) => listConversations(app.db, req.user.id),
  );

  r.get(
    '/messages/:conversation_id',
    {
      onRequest: requireUser,
      schema: {
        tags,
        summary: 'One conversation with its messages (its two parties only; others 404)',
        params: conversationIdParamsSchema,
        response: { 200: conversationResponseSchema, ...errors },
      },
    },
    async (req) => ({ data: await getConversation(app.db, req.user.id, req.params.conversation_id) }),
  );

  r.post(
    '/messages/:conversation_id',
    {
      onRequest: requireUser,
      config: ipRateLimit(60),
      schema: {
        tags,
        summary: 'Reply in a conversation, relayed by e-mail to the other party',
        params: conversationIdParamsSchema,
        body: sendListingMessageRequestSchema,
        response: { 200: sendListingMessageResponseSchema, ...errors },
      },
    },
    async (req) => ({
      data: await replyToConversation(
        app.db,
        { id: req.user.id, name: req.user.name, email: req.user.email },
        req.params.conversation_id,
        req.body.body,
        ctx(),
      ),
    }),
  );

  r.post(
    '/messages/:conversation_id/read',
    {
      onRequest: requireUser,
      schema: {
        tags,
        summary: 'Mark a conversation read up to its latest message',
        params: conversationIdParamsSchema,
        response: { 200: markConversationReadResponseSchema, ...errors },
      },
    },
    async (req) => ({ data: await markConversationRead(app.db, req.user.id, req.params.conversation_id) }),
  );
}
