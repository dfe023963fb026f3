import type { Auth } from './create-auth';

/**
 * With REDIS_URL, better-auth keeps each session in Redis together with a copy of its user (decision
 * 0005), and reads it from there. A change made to a `user` row directly in the database (status,
 * name) must refresh those copies, and deleting a user must end its cached sessions; without
 * secondary storage both are no-ops (sessions are read from the database).
 */
export async function refreshCachedSessions(auth: Auth, userId: string): Promise<void> {
  const context = await auth.$context;
  if (!context.options.secondaryStorage) return;
  // Re-reads the row and rewrites every cached session of the user with it.
  await context.internalAdapter.updateUser(userId, { updatedAt: new Date() });
}

/** Ends every session of a deleted user in the secondary storage (the rows went with the user). */
export async function forgetCachedSessions(auth: Auth, userId: string): Promise<void> {
  const context = await auth.$context;
  if (!context.options.secondaryStorage) return;
  await context.internalAdapter.deleteUserSessions(userId);
}
