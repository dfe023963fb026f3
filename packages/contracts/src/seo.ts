import { z } from 'zod';
import { text } from './text';

/** GET /sitemaps/listings-{chunk}.xml: which file of listings. */
export const sitemapChunkParamsSchema = z.object({ chunk: text().max(20) });
/** A sitemap or sitemap index (sitemaps.org protocol), sent as XML. */
export const sitemapXmlSchema = z.string().describe('XML (sitemaps.org protocol)');
/** GET /robots.txt: the crawling rules and where the sitemap is. */
export const robotsTxtSchema = z.string().describe('robots.txt');
