import { Readable } from 'node:stream';
import { constants as zlibConstants, createBrotliCompress, createGzip } from 'node:zlib';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { robotsTxtSchema, sitemapChunkParamsSchema, sitemapXmlSchema } from '@medallion/contracts/seo';
import { AppError } from '../../lib/app-error';
import { pickEncoding } from '../../lib/web-headers';
import { errorResponses as errors } from '../../lib/route-options';
import { renderListingsSitemap, renderPagesSitemap, renderSitemapIndex, PAGES_SITEMAP_PATH } from './render-sitemap';
import { renderRobotsTxt } from './render-robots-txt';
import { SITEMAP_CACHE_CONTROL } from './site-map';

const XML = 'application/xml; charset=utf-8';
const xmlResponse = { 200: sitemapXmlSchema, ...errors };

/**
 * A sitemap, compressed as the crawler asks (a file of 25,000 listings is ~10 MB of XML, ~0.5 MB
 * compressed): streamed through the compressor as it is written.
 */
function sendXml(request: FastifyRequest, reply: FastifyReply, xml: string | AsyncIterable<string> | Iterable<string>) {
  reply.type(XML).header('cache-control', SITEMAP_CACHE_CONTROL).header('vary', 'Accept-Encoding');
  const source = Readable.from(typeof xml === 'string' ? [xml] : xml);
  const encoding = pickEncoding(request.headers['accept-encoding']);
  const body = !encoding
    ? source
    : source.pipe(
        encoding === 'br'
          ? createBrotliCompress({ params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 4, [zlibConstants.BROTLI_PARAM_MODE]: zlibConstants.BROTLI_MODE_TEXT } })
          : createGzip({ level: 6 }),
      );
  if (encoding) reply.header('content-encoding', encoding);
  // A stream (Fastify pipes it as it is written); the schema's string documents what it carries.
  return reply.send(body as unknown as string);
}

/**
 * robots.txt and the sitemaps (at the site's root, not under /api): registered as routes, so they win
 * over the web app's fallback. Absolute URLs come from PUBLIC_URL.
 */
export async function seoRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['seo'];
  const publicUrl = app.config.PUBLIC_URL;

  r.get('/robots.txt', { schema: { tags, summary: 'Crawling rules and where the sitemap is', response: { 200: robotsTxtSchema } } }, async (_req, reply) =>
    reply.type('text/plain; charset=utf-8').header('cache-control', SITEMAP_CACHE_CONTROL).send(renderRobotsTxt(publicUrl)),
  );

  r.get(
    '/sitemap.xml',
    { schema: { tags, summary: 'Sitemap index: the public pages and the ACTIVE listings, in files of 50,000 URLs', response: xmlResponse } },
    async (req, reply) => sendXml(req, reply, await renderSitemapIndex(app.db, publicUrl)),
  );

  r.get(PAGES_SITEMAP_PATH, { schema: { tags, summary: 'The public pages in English and Russian', response: xmlResponse } }, async (req, reply) =>
    sendXml(req, reply, renderPagesSitemap(publicUrl)),
  );

  r.get(
    '/sitemaps/listings-:chunk.xml',
    {
      schema: {
        tags,
        summary: 'ACTIVE listings (25,000 per file, newest first) in English and Russian; 404 past the last file',
        params: sitemapChunkParamsSchema,
        response: xmlResponse,
      },
    },
    async (req, reply) => {
      const chunk = /^[1-9]\d{0,8}$/.test(req.params.chunk) ? Number(req.params.chunk) : 0;
      const xml = chunk ? await renderListingsSitemap(app.db, publicUrl, chunk) : null;
      if (!xml) throw new AppError('NOT_FOUND');
      return sendXml(req, reply, xml);
    },
  );
}
