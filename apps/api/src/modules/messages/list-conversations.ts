import { and, asc, desc, eq, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { ConversationResponse, ConversationSummary, ConversationsResponse } from '@medallion/contracts/conversations';
import type { Database } from '@medallion/db/client';
import { listingConversations as c, listingMessages as m, listings, user } from '@medallion/db/schema';
import { findConversation } from './find-conversation';

const PREVIEW_LENGTH = 160;
const MAX_THREADS = 200;
const MAX_MESSAGES = 500;

const owner = alias(user, 'conversation_owner');
const driver = alias(user, 'conversation_driver');

/** The newest message of each conversation (a correlated subquery on the conversation index). */
const lastMessage = <T>(column: typeof m.body | typeof m.senderId) =>
  sql<T>`(select ${column} from ${m} where ${m.conversationId} = ${c.id} order by ${m.createdAt} desc, ${m.id} desc limit 1)`;

async function summaries(db: Database, userId: string, where: SQL | undefined, limit: number): Promise<ConversationSummary[]> {
  const rows = await db
    .select({
      id: c.id,
      listingId: c.listingId,
      title: listings.title,
      ownerId: c.ownerId,
      ownerName: owner.name,
      driverName: driver.name,
      lastMessageAt: c.lastMessageAt,
      ownerReadAt: c.ownerReadAt,
      driverReadAt: c.driverReadAt,
      lastBody: lastMessage<string | null>(m.body),
      lastSender: lastMessage<string | null>(m.senderId),
    })
    .from(c)
    .innerJoin(listings, eq(listings.id, c.listingId))
    .innerJoin(owner, eq(owner.id, c.ownerId))
    .innerJoin(driver, eq(driver.id, c.driverId))
    .where(and(or(eq(c.ownerId, userId), eq(c.driverId, userId)), where))
    .orderBy(desc(c.lastMessageAt), desc(c.id))
    .limit(limit);
  return rows.map((row) => {
    const isOwner = row.ownerId === userId;
    const readAt = isOwner ? row.ownerReadAt : row.driverReadAt;
    const last = row.lastBody ?? '';
    return {
      conversation_id: row.id,
      listing_id: row.listingId,
      listing_title: row.title?.trim() || null,
      role: isOwner ? 'owner' : 'driver',
      other_name: isOwner ? row.driverName : row.ownerName,
      last_message: last.length > PREVIEW_LENGTH ? `${last.slice(0, PREVIEW_LENGTH - 1)}…` : last,
      last_message_mine: row.lastSender === userId,
      last_message_at: row.lastMessageAt.toISOString(),
      unread: readAt === null || row.lastMessageAt.getTime() > readAt.getTime(),
    };
  });
}

/** GET /messages: the user's conversations (as owner or as driver), the latest first, with the unread count. */
export async function listConversations(db: Database, userId: string): Promise<ConversationsResponse> {
  const data = await summaries(db, userId, undefined, MAX_THREADS);
  return { data, unread: data.filter((t) => t.unread).length };
}

/** GET /messages/{conversation_id}: the thread for one of its two parties (others: 404), oldest message first. */
export async function getConversation(db: Database, userId: string, conversationId: string): Promise<ConversationResponse['data']> {
  const conversation = await findConversation(db, conversationId, userId);
  const [[summary], rows] = await Promise.all([
    summaries(db, userId, eq(c.id, conversation.id), 1),
    db
      .select({ id: m.id, senderId: m.senderId, body: m.body, createdAt: m.createdAt, senderName: user.name })
      .from(m)
      .innerJoin(user, eq(user.id, m.senderId))
      .where(eq(m.conversationId, conversation.id))
      .orderBy(asc(m.createdAt), asc(m.id))
      .limit(MAX_MESSAGES),
  ]);
  return {
    ...summary!,
    messages: rows.map((r) => ({
      message_id: r.id,
      mine: r.senderId === userId,
      sender_name: r.senderName,
      body: r.body,
      created_at: r.createdAt.toISOString(),
    })),
  };
}

/** POST /messages/{conversation_id}/read: the viewer has read everything up to the latest message. */
export async function markConversationRead(db: Database, userId: string, conversationId: string): Promise<{ conversation_id: string; unread: false }> {
  const conversation = await findConversation(db, conversationId, userId);
  const column =
    conversation.ownerId === userId ? { ownerReadAt: sql`greatest(${c.lastMessageAt}, now())` } : { driverReadAt: sql`greatest(${c.lastMessageAt}, now())` };
  await db.update(c).set(column).where(eq(c.id, conversation.id));
  return { conversation_id: conversation.id, unread: false };
}
