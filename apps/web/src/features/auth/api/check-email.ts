import type { EmailCheckResponse } from '@medallion/contracts/users';
import { apiFetch } from '@/lib/api-client';

/** POST /users/email-check */
export function checkEmail(email: string): Promise<EmailCheckResponse> {
  return apiFetch<EmailCheckResponse>('/users/email-check', { method: 'POST', body: { email } });
}
