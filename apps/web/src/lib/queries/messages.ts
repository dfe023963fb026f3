import { useQuery } from '@tanstack/react-query';
import type { ConversationResponse, ConversationsResponse } from '@medallion/contracts/conversations';
import { apiFetch } from '@/lib/api-client';
import { defineQuery, getJson } from './define-query';

/* Reads of the messages API (modules/messages): the user's conversations and one thread. */

/** Query keys of the messages domain: invalidate `all` after a send, `threads()` for the list only. */
export const messageKeys = {
  all: ['messages'] as const,
  threads: () => [...messageKeys.all, 'threads'] as const,
  thread: (id: string) => [...messageKeys.all, 'thread', id] as const,
};

/** GET /messages: the user's conversations (as owner and as driver), the latest first, with the unread count. */
export const getConversations = getJson<ConversationsResponse>('/messages');
export const conversationsQueryOptions = defineQuery(messageKeys.threads, getConversations);
export const useConversations = () => useQuery(conversationsQueryOptions());

/** GET /messages/{id}: one thread (its two parties only; 404 for anyone else). */
export function getConversation(id: string, signal?: AbortSignal): Promise<ConversationResponse> {
  return apiFetch<ConversationResponse>(`/messages/${encodeURIComponent(id)}`, { signal });
}
export const conversationQueryOptions = defineQuery(messageKeys.thread, (signal, id: string) => getConversation(id, signal));
export const useConversation = (id: string) => useQuery(conversationQueryOptions(id));
