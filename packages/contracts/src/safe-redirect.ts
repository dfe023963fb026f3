/**
 * Where a user goes after signing in: the one check of a "come back here" target, shared by the web
 * app (/login's `?redirect=`, the server-rendered redirect of a signed-in visitor, the social
 * callback) and the API (the callback URL it hands better-auth for a social sign-in).
 *
 * Only a path of this site is a target. Refused: anything that is not a string starting with one `/`
 * (absolute URLs, `javascript:`, protocol-relative `//evil.example`), backslashes (`/\evil.example`,
 * which browsers read as `//`), control characters and whitespace (browsers drop tabs and newlines
 * from URLs: `/\t/evil.example` becomes `//evil.example`), encoded slashes or backslashes in the path
 * (`/%2F%2Fevil.example`, also encoded twice), malformed percent-encoding, paths that a URL parser
 * normalizes into `//…` (`/.//evil.example`), over-long values, and pages that make no sense to come
 * back to (/login itself, the social callback /auth, the API).
 */

/** Without a target, sign-in goes home (spec §4: "then sign in … go to /"). */
export const AFTER_SIGN_IN_DEFAULT = '/';
/** A refused target ends here instead: the user's dashboard, on this site. */
export const AFTER_SIGN_IN_REFUSED = '/dashboard';
/** The longest target accepted (a listing's address with its filters is far shorter). */
export const REDIRECT_TARGET_MAX_LENGTH = 2048;

const PARSER_ORIGIN = 'http://medallion.invalid';
// C0 and C1 controls, DEL, and every kind of whitespace (a raw space is never in a URL we build).
// eslint-disable-next-line no-control-regex -- refusing them is the point
const CONTROL_OR_SPACE = /[\u0000-\u0020\u007f-\u009f\u00a0\u1680\u2000-\u200f\u2028\u2029\u202f\u205f\u3000\ufeff]/;
// `%2F` / `%5C` in the path, also encoded again (`%252F`, `%25252F`).
const ENCODED_SEPARATOR = /%(?:25)*(?:2f|5c)/i;
const NOT_A_TARGET = /^\/(?:login|auth|api)(?:\/|$)/i;
const MAX_DECODING_ROUNDS = 3;

/** The target as a normalized path of this site (`/listing/x?tab=y#z`), or null when it is refused. */
export function sameSitePath(value: unknown): string | null {
  if (typeof value !== 'string' || value.length === 0 || value.length > REDIRECT_TARGET_MAX_LENGTH) return null;
  if (!value.startsWith('/') || value.startsWith('//') || value.includes('\\') || CONTROL_OR_SPACE.test(value)) return null;
  const pathEnd = value.search(/[?#]/);
  const path = pathEnd === -1 ? value : value.slice(0, pathEnd);
  if (ENCODED_SEPARATOR.test(path)) return null;
  // What the path says once decoded (as a router or a server behind us might decode it).
  let decoded = path;
  for (let round = 0; round < MAX_DECODING_ROUNDS; round += 1) {
    let next: string;
    try {
      next = decodeURIComponent(decoded);
    } catch {
      return null;
    }
    if (next.startsWith('//') || next.includes('\\') || CONTROL_OR_SPACE.test(next.replace(/ /g, '_'))) return null;
    if (next === decoded) break;
    decoded = next;
  }
  let url: URL;
  try {
    url = new URL(value, PARSER_ORIGIN);
  } catch {
    return null;
  }
  if (url.origin !== PARSER_ORIGIN || url.pathname.startsWith('//') || NOT_A_TARGET.test(url.pathname)) return null;
  return url.pathname + url.search + url.hash;
}

/**
 * Where to go after signing in: the target when it is a path of this site, the home page when there is
 * none (`null`, empty), the dashboard when one was given and refused.
 */
export function safeRedirect(value: string | null | undefined): string {
  if (value === null || value === undefined || value === '') return AFTER_SIGN_IN_DEFAULT;
  return sameSitePath(value) ?? AFTER_SIGN_IN_REFUSED;
}
