import { z } from 'zod';
import { text } from './text';

/*
 * The browsers signed in to the account (the dashboard's Security tab). A session is named by its
 * row id, never by its token: the token is the credential, and it never leaves the server.
 */

/** DELETE /account/sessions/{session_id}: an id that is not one of the user's sessions is "not found". */
export const sessionParamsSchema = z.object({
  session_id: text().min(1, 'sessionIdInvalid').max(100, 'sessionIdInvalid'),
});
export type SessionParams = z.infer<typeof sessionParamsSchema>;

/** One signed-in browser. Names of browsers and systems are proper names (not translated); null when unknown. */
export const accountSessionSchema = z.object({
  id: z.string(),
  /** e.g. "Chrome", "Safari", "Firefox". */
  browser: z.string().nullable(),
  /** Major version, e.g. "131". */
  browser_version: z.string().nullable(),
  /** e.g. "Windows", "macOS", "iOS", "Android", "Linux". */
  os: z.string().nullable(),
  device: z.enum(['desktop', 'mobile', 'tablet', 'unknown']),
  /** The network the browser signed in from, with its last part hidden (203.0.113.x); null when unknown. */
  ip_masked: z.string().nullable(),
  signed_in_at: z.string(),
  /** When the browser last used the account (to within a few minutes). */
  last_active_at: z.string(),
  /** The browser that asked. */
  current: z.boolean(),
});
export type AccountSession = z.infer<typeof accountSessionSchema>;

/** GET /account/sessions, and the answer of each change: the current browser first, then the most recently used. */
export const accountSessionsResponseSchema = z.object({ data: z.object({ sessions: z.array(accountSessionSchema) }) });
export type AccountSessionsResponse = z.infer<typeof accountSessionsResponseSchema>;
