import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { SendListingMessageRequest, SendListingMessageResponse } from '@medallion/contracts/conversations';
import { apiFetch } from '@/lib/api-client';
import { messageKeys } from '@/lib/queries/messages';

export interface SendListingMessageInput extends SendListingMessageRequest {
  listingId: string;
}

/** POST /listing/{listing_id}/messages: "Message the owner" (starts or continues the conversation). */
export function sendListingMessage({ listingId, body }: SendListingMessageInput): Promise<SendListingMessageResponse> {
  return apiFetch<SendListingMessageResponse>(`/listing/${encodeURIComponent(listingId)}/messages`, { method: 'POST', body: { body } });
}

export function useSendListingMessage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: sendListingMessage,
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: messageKeys.all }),
  });
}
