import type { GetUserResponse } from '@medallion/contracts/users';
import { ApiClientError, apiFetch } from '@/lib/api-client';
import { getUser } from '@/lib/queries/users';
import type { SessionResponse } from '@medallion/contracts/auth';

/**
 * The auth callback: look the user up; when the lookup says "User not found", create the record
 * and set it CONFIRMED.
 */
export async function ensureUser(session: SessionResponse): Promise<GetUserResponse> {
  try {
    return await getUser();
  } catch (error) {
    if (!(error instanceof ApiClientError) || error.status !== 404 || !session.user) throw error;
    await apiFetch('/users', {
      method: 'POST',
      body: { 'user-id': session.user.id, email: session.user.email, 'full-name': session.user.name },
    });
    return apiFetch<GetUserResponse>('/users', { method: 'PATCH', body: { status: 'CONFIRMED' } });
  }
}
