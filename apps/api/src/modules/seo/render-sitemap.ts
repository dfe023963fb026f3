import type { Database } from '@medallion/db/client';
import { countSitemapListings, readSitemapListings, type SitemapPaging } from './read-sitemap-listings';
import { LISTINGS_PER_SITEMAP, SITEMAP_BATCH_SIZE, SITEMAP_PAGES } from './site-map';
import { localizedUrls, sitemapIndex, URLSET_CLOSE, URLSET_OPEN } from './sitemap-xml';

const DEFAULT_PAGING: SitemapPaging = { chunkSize: LISTINGS_PER_SITEMAP, batchSize: SITEMAP_BATCH_SIZE };

export const PAGES_SITEMAP_PATH = '/sitemaps/pages.xml';
export const listingsSitemapPath = (chunk: number) => `/sitemaps/listings-${chunk}.xml`;

/** /sitemap.xml: the pages' sitemap and one listings sitemap per `chunkSize` ACTIVE listings. */
export async function renderSitemapIndex(db: Database, publicUrl: string, paging: SitemapPaging = DEFAULT_PAGING): Promise<string> {
  const chunks = Math.ceil((await countSitemapListings(db)) / paging.chunkSize);
  const paths = [PAGES_SITEMAP_PATH, ...Array.from({ length: chunks }, (_, i) => listingsSitemapPath(i + 1))];
  return sitemapIndex(paths.map((p) => `${publicUrl}${p}`));
}

/** The public pages in both languages. */
export function renderPagesSitemap(publicUrl: string): string {
  return URLSET_OPEN + SITEMAP_PAGES.map((path) => localizedUrls(publicUrl, path)).join('') + URLSET_CLOSE;
}

/**
 * Listings sitemap `chunk` as pieces of XML, one per batch of rows, or null when that file has no
 * listing (past the last one). The first batch is read before this returns, so a failing database is
 * an error answer, not a cut-off 200.
 */
export async function renderListingsSitemap(
  db: Database,
  publicUrl: string,
  chunk: number,
  paging: SitemapPaging = DEFAULT_PAGING,
): Promise<AsyncGenerator<string> | null> {
  const batches = readSitemapListings(db, chunk, paging);
  const first = await batches.next();
  if (first.done) return null;
  const entries = (batch: { id: string; lastmod: Date }[]) => batch.map((l) => localizedUrls(publicUrl, `/listing/${l.id}`, l.lastmod)).join('');
  return (async function* () {
    yield URLSET_OPEN + entries(first.value);
    for await (const batch of batches) yield entries(batch);
    yield URLSET_CLOSE;
  })();
}
