import type { Database } from '@medallion/db/client';
import { AppError } from '../../lib/app-error';
import { toAppError } from './auth-errors';
import type { Auth } from './create-auth';
import { storedSessions } from './list-sessions';
import { forgetTrust, forgetTrustedBrowsers, forgetTrustOfSessions, requestTrustId } from './trusted-browsers';

/**
 * Signs one browser of the user out (better-auth's revokeSession: the session leaves the database and
 * Redis, so its next request is signed out on every instance), and forgets that browser's "Trust this
 * browser" (trusted-browsers.ts), so its next password sign-in asks for the code again. An id that is
 * not one of the user's live sessions is "not found" and nothing changes. Ending the current session
 * (`currentSessionId`) signs this browser out too (the answer's headers clear its cookie) and forgets
 * its trust.
 */
export async function revokeSession(
  auth: Auth,
  db: Database,
  userId: string,
  sessionId: string,
  currentSessionId: string | null,
  headers: Headers,
): Promise<{ headers: Headers | null }> {
  const target = (await storedSessions(auth, userId)).find((s) => s.id === sessionId);
  if (!target) throw new AppError('NOT_FOUND', 'sessions.notFound');
  let out: Headers | null;
  try {
    ({ headers: out } = await auth.api.revokeSession({ body: { token: target.token }, headers, returnHeaders: true }));
  } catch (error) {
    return toAppError(error);
  }
  await forgetTrustOfSessions(auth, db, userId, [target.token]);
  const own = sessionId === currentSessionId ? await requestTrustId(auth, headers) : null;
  if (own) await forgetTrust(auth, db, userId, [own]);
  return { headers: out };
}

/**
 * Signs every other browser of the user out, keeping this one (the spec's global sign-out), and forgets
 * every trusted browser but this one: the others are asked for the code at their next sign-in, also
 * those that were trusted but no longer signed in.
 */
export async function revokeOtherSessions(auth: Auth, db: Database, userId: string, headers: Headers): Promise<void> {
  try {
    await auth.api.revokeOtherSessions({ headers });
  } catch (error) {
    toAppError(error);
  }
  await forgetTrustedBrowsers(auth, db, userId, await requestTrustId(auth, headers));
}
