import { AppError } from '../../lib/app-error';
import { toAppError } from './auth-errors';
import type { Auth } from './create-auth';
import { storedSessions } from './list-sessions';

/**
 * Signs one browser of the user out (better-auth's revokeSession: the session leaves the database and
 * Redis, so its next request is signed out on every instance). An id that is not one of the user's live
 * sessions is "not found" and nothing changes. Ending the current session signs this browser out too
 * (the answer's headers clear its cookie).
 */
export async function revokeSession(auth: Auth, userId: string, sessionId: string, headers: Headers): Promise<{ headers: Headers | null }> {
  const target = (await storedSessions(auth, userId)).find((s) => s.id === sessionId);
  if (!target) throw new AppError('NOT_FOUND', 'sessions.notFound');
  try {
    const { headers: out } = await auth.api.revokeSession({ body: { token: target.token }, headers, returnHeaders: true });
    return { headers: out };
  } catch (error) {
    return toAppError(error);
  }
}

/** Signs every other browser of the user out, keeping this one (the spec's global sign-out). */
export async function revokeOtherSessions(auth: Auth, headers: Headers): Promise<void> {
  try {
    await auth.api.revokeOtherSessions({ headers });
  } catch (error) {
    toAppError(error);
  }
}
