import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ConversationsResponse, MarkConversationReadResponse } from '@medallion/contracts/conversations';
import { apiFetch } from '@/lib/api-client';
import { messageKeys } from '@/lib/queries/messages';

/** POST /messages/{conversation_id}/read: the open thread is read up to its latest message. */
export function markConversationRead(conversationId: string): Promise<MarkConversationReadResponse> {
  return apiFetch<MarkConversationReadResponse>(`/messages/${encodeURIComponent(conversationId)}/read`, { method: 'POST' });
}

export function useMarkConversationRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: markConversationRead,
    onSuccess: ({ data }) => {
      queryClient.setQueryData<ConversationsResponse>(messageKeys.threads(), (old) => {
        if (!old) return old;
        const list = old.data.map((t) => (t.conversation_id === data.conversation_id ? { ...t, unread: false } : t));
        return { data: list, unread: list.filter((t) => t.unread).length };
      });
    },
  });
}
