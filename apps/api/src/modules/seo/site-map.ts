/** What search engines may crawl, and in which languages (robots.txt and the sitemaps). */

/** The public pages, besides every ACTIVE listing at /listing/{id}. */
export const SITEMAP_PAGES = ['/', '/marketplace', '/shop', '/exam', '/steps', '/terms'] as const;

/** Signed-in, staff, payment and helper pages, and the API: never worth a crawler's visit. */
export const ROBOTS_DISALLOW = [
  '/api/',
  '/dashboard',
  '/admin',
  '/cart',
  '/checkout',
  '/exam-checkout',
  '/create-listing',
  '/dev/',
  '/auth',
  '/success-setup-intent',
] as const;

/** English at the plain path (also the default), Russian at `?lang=ru`. */
export const SITE_LANGUAGES = [
  { hreflang: 'en', query: '' },
  { hreflang: 'ru', query: '?lang=ru' },
] as const;

/**
 * Listings per sitemap file: each is listed in both languages, so a file holds 50,000 URLs, the
 * protocol's limit per file. Beyond that, /sitemap.xml (an index) lists more files.
 */
export const LISTINGS_PER_SITEMAP = 25_000;
/** Rows read per query while a listings sitemap is written (keyset pages, so memory stays flat). */
export const SITEMAP_BATCH_SIZE = 5_000;

export const SITEMAP_CACHE_CONTROL = 'public, max-age=3600';
