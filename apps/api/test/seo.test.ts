import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, describe, expect, it } from 'vitest';
import { runSeed } from '@medallion/db/seed';
import { listings } from '@medallion/db/schema';
import { demoAccountsSeedStep, demoListingsSeedStep } from '@medallion/demo';
import { demoSeedContext } from '../src/modules/demo/seed-context';
import { readSitemapListings } from '../src/modules/seo/read-sitemap-listings';
import { renderListingsSitemap, renderPagesSitemap, renderSitemapIndex } from '../src/modules/seo/render-sitemap';
import { ROBOTS_DISALLOW, SITEMAP_PAGES } from '../src/modules/seo/site-map';
import { escapeXml } from '../src/modules/seo/sitemap-xml';
import { buildTestApp } from './helpers/build-test-app';
import { childrenNamed, parseXml, type XmlElement } from './helpers/xml';

const PUBLIC_URL = 'https://medallion.example';
const SITEMAP_NS = 'http://www.sitemaps.org/schemas/sitemap/0.9';

/** Each <url>: its <loc>, <lastmod> and its alternates by hreflang. */
function urlEntries(urlset: XmlElement) {
  expect(urlset.name).toBe('urlset');
  expect(urlset.attributes.xmlns).toBe(SITEMAP_NS);
  expect(urlset.attributes['xmlns:xhtml']).toBe('http://www.w3.org/1999/xhtml');
  return childrenNamed(urlset, 'url').map((url) => ({
    loc: childrenNamed(url, 'loc')[0]?.text,
    lastmod: childrenNamed(url, 'lastmod')[0]?.text,
    alternates: Object.fromEntries(
      childrenNamed(url, 'xhtml:link').map((l) => {
        expect(l.attributes.rel).toBe('alternate');
        return [l.attributes.hreflang, l.attributes.href];
      }),
    ),
  }));
}

/** Both languages of a page: English at the path, Russian at ?lang=ru, English the default. */
function expectBothLanguages(entries: ReturnType<typeof urlEntries>, path: string, lastmod?: string) {
  const en = `${PUBLIC_URL}${path}`;
  const ru = `${PUBLIC_URL}${path}?lang=ru`;
  const alternates = { en, ru, 'x-default': en };
  expect(entries.filter((e) => e.loc === en || e.loc === ru)).toEqual([
    { loc: en, lastmod, alternates },
    { loc: ru, lastmod, alternates },
  ]);
}

async function collect(gen: AsyncGenerator<string> | null): Promise<string> {
  if (!gen) throw new Error('no sitemap');
  let out = '';
  for await (const piece of gen) out += piece;
  return out;
}

describe('robots.txt and sitemaps', async () => {
  const { app } = await buildTestApp({ PUBLIC_URL, AUTH_RATE_LIMIT_MAX: '1000' });
  // The demo listings: ACTIVE ones of both categories, and the demo driver's in every other status.
  const seedContext = demoSeedContext({ storage: app.storage });
  await runSeed(app.db, [demoAccountsSeedStep(seedContext), demoListingsSeedStep(seedContext, { photos: false })]);

  /** ACTIVE ids in the marketplace's order, from the database (microsecond-exact). */
  const activeInOrder = async () =>
    (
      await app.db
        .select({ id: listings.id })
        .from(listings)
        .where(eq(listings.status, 'ACTIVE'))
        .orderBy(sql`${listings.publishedAt} desc nulls last`, sql`${listings.id} desc nulls last`)
    ).map((r) => r.id);

  it('robots.txt allows the public pages, disallows the private ones and names the sitemap', async () => {
    const res = await app.inject({ method: 'GET', url: '/robots.txt' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(res.headers['cache-control']).toBe('public, max-age=3600');
    const lines = res.body.split('\n');
    expect(lines[0]).toBe('User-agent: *');
    expect(lines).toContain('Allow: /');
    for (const path of [
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
    ]) {
      expect(lines).toContain(`Disallow: ${path}`);
    }
    expect(lines.filter((l) => l.startsWith('Disallow:'))).toHaveLength(ROBOTS_DISALLOW.length);
    // No public page is disallowed by a prefix rule.
    for (const page of [...SITEMAP_PAGES, '/listing/x']) {
      expect(
        ROBOTS_DISALLOW.some((d) => page.startsWith(d)),
        page,
      ).toBe(false);
    }
    expect(lines).toContain(`Sitemap: ${PUBLIC_URL}/sitemap.xml`);
  });

  it('/sitemap.xml is an index of the pages and the listings files, with absolute URLs', async () => {
    const res = await app.inject({ method: 'GET', url: '/sitemap.xml' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/xml; charset=utf-8');
    expect(res.headers['cache-control']).toBe('public, max-age=3600');
    expect(res.body.startsWith('<?xml version="1.0" encoding="UTF-8"?>\n')).toBe(true);
    const index = parseXml(res.body);
    expect(index.name).toBe('sitemapindex');
    expect(index.attributes.xmlns).toBe(SITEMAP_NS);
    const locs = childrenNamed(index, 'sitemap').map((s) => childrenNamed(s, 'loc')[0]?.text);
    // The demo data fit in one listings file (25,000 listings).
    expect(locs).toEqual([`${PUBLIC_URL}/sitemaps/pages.xml`, `${PUBLIC_URL}/sitemaps/listings-1.xml`]);
  });

  it('lists every public page in English and Russian with hreflang alternates', async () => {
    const res = await app.inject({ method: 'GET', url: '/sitemaps/pages.xml' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/xml; charset=utf-8');
    expect(res.headers['cache-control']).toBe('public, max-age=3600');
    const entries = urlEntries(parseXml(res.body));
    expect(entries).toHaveLength(SITEMAP_PAGES.length * 2);
    for (const path of ['/', '/marketplace', '/shop', '/exam', '/steps', '/terms']) expectBothLanguages(entries, path);
  });

  it('lists every ACTIVE listing in both languages with its last change, and no other listing', async () => {
    const all = await app.db.select().from(listings);
    const active = all.filter((r) => r.status === 'ACTIVE');
    const hidden = all.filter((r) => r.status !== 'ACTIVE');
    expect(active.length).toBeGreaterThan(100);
    expect(new Set(hidden.map((r) => r.status))).toEqual(new Set(['DRAFT', 'UNDER_REVIEW', 'INACTIVE']));

    const res = await app.inject({ method: 'GET', url: '/sitemaps/listings-1.xml' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/xml; charset=utf-8');
    expect(res.headers['cache-control']).toBe('public, max-age=3600');
    const entries = urlEntries(parseXml(res.body));
    expect(entries).toHaveLength(active.length * 2);
    // Newest first, like the marketplace.
    expect(entries.filter((_, i) => i % 2 === 0).map((e) => e.loc!.slice(`${PUBLIC_URL}/listing/`.length))).toEqual(await activeInOrder());
    for (const row of active) {
      const lastmod = row.publishedAt && row.publishedAt > row.updatedAt ? row.publishedAt : row.updatedAt;
      expectBothLanguages(entries, `/listing/${row.id}`, lastmod.toISOString());
    }
    for (const row of hidden) expect(res.body).not.toContain(row.id);
  });

  it('answers 404 past the last listings file and for names that are no file', async () => {
    for (const url of [
      '/sitemaps/listings-2.xml',
      '/sitemaps/listings-0.xml',
      '/sitemaps/listings-01.xml',
      '/sitemaps/listings-x.xml',
      '/sitemaps/listings-.xml',
    ]) {
      const res = await app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(404);
    }
  });

  it('answers HEAD without a body', async () => {
    const res = await app.inject({ method: 'HEAD', url: '/sitemaps/listings-1.xml' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/xml; charset=utf-8');
    expect(res.body).toBe('');
  });

  it('compresses the sitemaps as the crawler asks (Brotli or gzip), the same XML either way', async () => {
    for (const url of ['/sitemap.xml', '/sitemaps/pages.xml', '/sitemaps/listings-1.xml']) {
      const plain = await app.inject({ method: 'GET', url });
      expect(plain.headers['content-encoding']).toBeUndefined();
      expect(plain.headers.vary).toContain('Accept-Encoding');
      const gzip = await app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'gzip, deflate' } });
      expect(gzip.headers['content-encoding']).toBe('gzip');
      expect(gunzipSync(gzip.rawPayload).toString('utf8')).toBe(plain.body);
      const br = await app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'gzip, deflate, br' } });
      expect(br.headers['content-encoding']).toBe('br');
      expect(brotliDecompressSync(br.rawPayload).toString('utf8')).toBe(plain.body);
    }
  });

  it('escapes what it writes into XML', () => {
    expect(escapeXml(`a&b<c>"d"'e'\u0000`)).toBe('a&amp;b&lt;c&gt;&quot;d&quot;&apos;e&apos;');
    const xml = renderPagesSitemap('https://example.com/a&b<c>');
    expect(xml).toContain('<loc>https://example.com/a&amp;b&lt;c&gt;/marketplace?lang=ru</loc>');
    const entries = urlEntries(parseXml(xml));
    expect(entries[0]?.loc).toBe('https://example.com/a&b<c>/');
  });

  it('splits the listings into files by keyset pages without skipping or repeating a row (ties, microseconds, no date)', async () => {
    const [owner] = await app.db.select({ userId: listings.userId }).from(listings).limit(1);
    const base = {
      userId: owner!.userId,
      status: 'ACTIVE' as const,
      category: 'plates' as const,
      title: 'Keyset test',
      priceCents: 10_000,
      paymentPeriod: 'weekly' as const,
    };
    // Rows that a JS Date (milliseconds) would not tell apart, rows with the very same time (ordered by
    // id), and ACTIVE rows without a publication time (last).
    await app.db
      .insert(listings)
      .values([
        ...Array.from({ length: 5 }, () => ({ ...base, publishedAt: sql`'2020-01-01 00:00:00.123456+00'::timestamptz` })),
        ...Array.from({ length: 5 }, (_, i) => ({ ...base, publishedAt: sql`${`2020-01-01 00:00:00.12345${i}+00`}::timestamptz` })),
        ...Array.from({ length: 3 }, () => ({ ...base, publishedAt: null })),
        { ...base, status: 'DRAFT' as const, publishedAt: null },
      ]);
    const expected = await activeInOrder();

    for (const paging of [
      { chunkSize: 7, batchSize: 3 },
      { chunkSize: 10, batchSize: 10 },
      { chunkSize: 25, batchSize: 4 },
      { chunkSize: 1000, batchSize: 1 },
    ]) {
      const files = Math.ceil(expected.length / paging.chunkSize);
      const index = parseXml(await renderSitemapIndex(app.db, PUBLIC_URL, paging));
      expect(childrenNamed(index, 'sitemap')).toHaveLength(1 + files);

      const seen: string[] = [];
      for (let chunk = 1; chunk <= files; chunk++) {
        const rows: string[] = [];
        for await (const batch of readSitemapListings(app.db, chunk, paging)) {
          expect(batch.length).toBeLessThanOrEqual(paging.batchSize);
          rows.push(...batch.map((l) => l.id));
        }
        expect(rows.length, `file ${chunk} of ${files}`).toBe(chunk < files ? paging.chunkSize : expected.length - (files - 1) * paging.chunkSize);
        seen.push(...rows);
        // The file as served is valid XML with both languages of each of its rows.
        const entries = urlEntries(parseXml(await collect(await renderListingsSitemap(app.db, PUBLIC_URL, chunk, paging))));
        expect(entries).toHaveLength(rows.length * 2);
      }
      expect(seen, JSON.stringify(paging)).toEqual(expected);
      expect(await renderListingsSitemap(app.db, PUBLIC_URL, files + 1, paging)).toBeNull();
    }
  });
});

describe('robots.txt and the sitemap next to the web app', async () => {
  const dist = mkdtempSync(join(tmpdir(), 'medallion-web-'));
  writeFileSync(join(dist, 'index.html'), '<!doctype html><div id="root"></div>');
  afterAll(() => rmSync(dist, { recursive: true, force: true }));
  const { app } = await buildTestApp({ PUBLIC_URL, WEB_DIST: dist }, { serveWeb: true });

  it('are answered by their routes, not by the app fallback', async () => {
    const robots = await app.inject({ method: 'GET', url: '/robots.txt' });
    expect(robots.statusCode).toBe(200);
    expect(robots.body).toContain(`Sitemap: ${PUBLIC_URL}/sitemap.xml`);
    for (const url of ['/sitemap.xml', '/sitemaps/pages.xml']) {
      const res = await app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type']).toBe('application/xml; charset=utf-8');
      expect(res.body).not.toContain('<div id="root">');
    }
    // No listing yet: the index lists the pages only, and there is no listings file.
    expect(childrenNamed(parseXml((await app.inject({ method: 'GET', url: '/sitemap.xml' })).body), 'sitemap')).toHaveLength(1);
    expect((await app.inject({ method: 'GET', url: '/sitemaps/listings-1.xml' })).statusCode).toBe(404);
  });

  it('serves the rental pay pages the rent e-mails link to, and not their look-alikes', async () => {
    const id = '11111111-2222-4333-8444-555555555555';
    for (const url of [`/rentals/${id}/pay`, `/rentals/${id}/weeks/1/pay`, `/rentals/${id}/handover`]) {
      const res = await app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      expect(res.body, url).toContain('<div id="root">');
    }
    expect((await app.inject({ method: 'GET', url: `/rentals/${id}/weeks/pay` })).statusCode).toBe(404);
  });
});
