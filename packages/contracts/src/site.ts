/** Facts about the site shown in the shared frame. */
export const CONTACT_EMAIL = 'support@medallion.example';
export const CONTACT_PHONE = '(718) 555-0142';
export const CONTACT_PHONE_HREF = 'tel:+17185550142';
export const COPYRIGHT_YEAR = 2024;
export const MOBILE_BREAKPOINT_PX = 768;
export const TOAST_DURATION_MS = 5000;
/**
 * The site's time zone (New York City): dates are shown in it, whatever the zone of the server
 * rendering the page or of the browser hydrating it, so both write the same day.
 */
export const SITE_TIME_ZONE = 'America/New_York';
export const LANGUAGES = ['en', 'ru'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'en';
/** The cookie that carries the visitor's language choice to the server (the web app sets it, the server reads it). */
export const LANGUAGE_COOKIE = 'medallion.language';
/** The id of the JSON list of a rendered page's modules (the server writes it, the browser's entry preloads them). */
export const PAGE_MODULES_ID = 'medallion-modules';

/**
 * Every client route of the product, as exact patterns. The API serves the SPA for these
 * with status 200 and for anything else with status 404 (the SPA then shows its not-found page).
 */
export const APP_ROUTE_PATTERNS = [
  '/',
  '/marketplace',
  '/exam',
  '/dashboard',
  '/login',
  '/steps',
  '/create-listing',
  '/listing/:listingId',
  '/checkout',
  '/shop',
  '/cart',
  '/terms',
  '/auth',
  '/exam-checkout',
  '/success-setup-intent',
] as const;

/** The staff console (not in the spec's route list; added for staff tools). */
export const STAFF_ROUTE_PATTERNS = [
  '/admin',
  '/admin/listings',
  '/admin/reports',
  '/admin/exam',
  '/admin/products',
  '/admin/orders',
  '/admin/rental-claims',
] as const;

/** A rental's hand-over and claim page, for its two parties (issue #32; not in the spec's route list). */
export const RENTAL_HANDOVER_ROUTE = '/rentals/:rentalId/handover';
/** The driver's payment pages of a rental: the pick-up, and one week (the link of the rent e-mails; weeks from 0). */
export const RENTAL_PAY_ROUTES = ['/rentals/:rentalId/pay', '/rentals/:rentalId/weeks/:week/pay'] as const;

/** The saved-search digest's unsubscribe link (not in the spec's route list; no sign-in needed). */
export const UNSUBSCRIBE_ROUTE = '/unsubscribe';

/** The link of the notice to the old address after an e-mail change (no sign-in needed; issue #33). */
export const EMAIL_RESTORE_ROUTE = '/account/restore-email';

/** Only present while no SMTP server is configured. */
export const DEV_MAILBOX_ROUTE = '/dev/mail';

export function matchesRoutePattern(pattern: string, pathname: string): boolean {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  const a = pattern.split('/');
  const b = path.split('/');
  if (a.length !== b.length) return false;
  return a.every((part, i) => (part.startsWith(':') ? (b[i] ?? '').length > 0 : part === b[i]));
}

export function isAppRoute(pathname: string, extra: readonly string[] = []): boolean {
  return [...APP_ROUTE_PATTERNS, ...extra].some((p) => matchesRoutePattern(p, pathname));
}

/** better-auth's cookie prefix: the session cookie is `medallion.session_token` (`__Secure-` on HTTPS). */
export const AUTH_COOKIE_PREFIX = 'medallion';
const SESSION_COOKIE = new RegExp(`(?:^|;\\s*)(?:__Secure-)?${AUTH_COOKIE_PREFIX}\\.session_token=[^;\\s]`);

/** True when a Cookie header carries a session cookie (valid or not): such a page is private. */
export function hasSessionCookie(cookieHeader: string | undefined): boolean {
  return SESSION_COOKIE.test(cookieHeader ?? '');
}
