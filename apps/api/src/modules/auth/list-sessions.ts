import type { AccountSession } from '@medallion/contracts/sessions';
import type { Auth } from './create-auth';
import { describeUserAgent, maskIp } from './describe-session';

/** A session as better-auth's adapter gives it (the token stays on the server). */
export interface StoredSession {
  id: string;
  token: string;
  userId: string;
  userAgent?: string | null;
  ipAddress?: string | null;
  createdAt: Date | string;
  updatedAt: Date | string;
  expiresAt: Date | string;
}

const iso = (value: Date | string) => new Date(value).toISOString();

/**
 * The user's live sessions as better-auth keeps them (the database rows, also with Redis as secondary
 * storage, where each row is written too). Expired ones are left out.
 */
export async function storedSessions(auth: Auth, userId: string): Promise<StoredSession[]> {
  const context = await auth.$context;
  const sessions = (await context.internalAdapter.listSessions(userId, { onlyActiveSessions: true })) as StoredSession[];
  const now = Date.now();
  return sessions.filter((s) => s.userId === userId && new Date(s.expiresAt).getTime() > now);
}

export function toAccountSession(stored: StoredSession, currentSessionId: string | null): AccountSession {
  return {
    id: stored.id,
    ...describeUserAgent(stored.userAgent),
    ip_masked: maskIp(stored.ipAddress),
    signed_in_at: iso(stored.createdAt),
    last_active_at: iso(stored.updatedAt),
    current: stored.id === currentSessionId,
  };
}

/** The browsers signed in to the account: the current one first, then the most recently used. */
export async function listSessions(auth: Auth, userId: string, currentSessionId: string | null): Promise<AccountSession[]> {
  const sessions = (await storedSessions(auth, userId)).map((s) => toAccountSession(s, currentSessionId));
  return sessions.sort((a, b) => Number(b.current) - Number(a.current) || b.last_active_at.localeCompare(a.last_active_at) || a.id.localeCompare(b.id));
}
