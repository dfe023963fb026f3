import { useMutation } from '@tanstack/react-query';
import type { ContactUsRequest, ContactUsResponse } from '@medallion/contracts/contact';
import { apiFetch } from '@/lib/api-client';

/** POST /contact-us */
export function sendContactMessage(body: ContactUsRequest): Promise<ContactUsResponse> {
  return apiFetch<ContactUsResponse>('/contact-us', { method: 'POST', body });
}

export function useSendContactMessage() {
  return useMutation({ mutationFn: sendContactMessage });
}
