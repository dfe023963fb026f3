import { SITE_LANGUAGES } from './site-map';

const XML_ENTITIES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' };

/** Text and attribute values for XML; characters XML 1.0 cannot hold at all (C0 controls) are dropped. */
export function escapeXml(value: string): string {
  // eslint-disable-next-line no-control-regex
  return value.replace(/[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/g, '').replace(/[&<>"']/g, (c) => XML_ENTITIES[c]!);
}

export const XML_DECLARATION = '<?xml version="1.0" encoding="UTF-8"?>\n';
export const URLSET_OPEN = `${XML_DECLARATION}<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">\n`;
export const URLSET_CLOSE = '</urlset>\n';

/**
 * A page in every language (Google's sitemap format for localized pages): one <url> per language,
 * each listing all languages as alternates, English also as x-default.
 */
export function localizedUrls(publicUrl: string, path: string, lastmod?: Date): string {
  const urls = SITE_LANGUAGES.map((l) => ({ hreflang: l.hreflang, href: escapeXml(`${publicUrl}${path}${l.query}`) }));
  const links = [...urls, { hreflang: 'x-default', href: urls[0]!.href }]
    .map((u) => `    <xhtml:link rel="alternate" hreflang="${u.hreflang}" href="${u.href}"/>\n`)
    .join('');
  const modified = lastmod ? `    <lastmod>${lastmod.toISOString()}</lastmod>\n` : '';
  return urls.map((u) => `  <url>\n    <loc>${u.href}</loc>\n${modified}${links}  </url>\n`).join('');
}

/** A sitemap index: the given sitemap files (absolute URLs). */
export function sitemapIndex(locations: string[]): string {
  const entries = locations.map((loc) => `  <sitemap>\n    <loc>${escapeXml(loc)}</loc>\n  </sitemap>\n`).join('');
  return `${XML_DECLARATION}<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${entries}</sitemapindex>\n`;
}
