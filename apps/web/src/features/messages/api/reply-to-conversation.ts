import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ConversationResponse, SendListingMessageRequest, SendListingMessageResponse } from '@medallion/contracts/conversations';
import { apiFetch } from '@/lib/api-client';
import { messageKeys } from '@/lib/queries/messages';

export interface ReplyInput extends SendListingMessageRequest {
  conversationId: string;
}

/** POST /messages/{conversation_id}: a reply in the thread, relayed by e-mail to the other party. */
export function replyToConversation({ conversationId, body }: ReplyInput): Promise<SendListingMessageResponse> {
  return apiFetch<SendListingMessageResponse>(`/messages/${encodeURIComponent(conversationId)}`, { method: 'POST', body: { body } });
}

/** The new message is added to the cached thread at once; the thread list is asked for again. */
export function useReplyToConversation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: replyToConversation,
    onSuccess: ({ data }) => {
      queryClient.setQueryData<ConversationResponse>(messageKeys.thread(data.conversation_id), (old) =>
        old ? { data: { ...old.data, messages: [...old.data.messages, data.message] } } : old,
      );
      void queryClient.invalidateQueries({ queryKey: messageKeys.threads() });
    },
  });
}
