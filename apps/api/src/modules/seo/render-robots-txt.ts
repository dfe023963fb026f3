import { ROBOTS_DISALLOW } from './site-map';

/** robots.txt: every crawler may read the public pages, none the private ones; where the sitemap is. */
export function renderRobotsTxt(publicUrl: string): string {
  return ['User-agent: *', 'Allow: /', ...ROBOTS_DISALLOW.map((path) => `Disallow: ${path}`), '', `Sitemap: ${publicUrl}/sitemap.xml`, ''].join('\n');
}
