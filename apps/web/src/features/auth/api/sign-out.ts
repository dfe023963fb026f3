import { apiFetch } from '@/lib/api-client';

/** POST /auth/sign-out, then a full reload to the root path: nothing of the session stays in memory. */
export async function signOut(): Promise<void> {
  try {
    await apiFetch('/auth/sign-out', { method: 'POST' });
  } finally {
    window.location.assign('/');
  }
}
