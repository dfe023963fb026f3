import type { Language } from '@medallion/contracts/site';
import { LANGUAGE_PARAM } from './language';
import { requestScope } from './request-scope';

let renderedOrigin: string | undefined;

/** The browser keeps the origin the server rendered with, so canonical links hydrate unchanged. */
export function setSiteOrigin(origin: string): void {
  renderedOrigin = origin;
}

/** The site's public origin (PUBLIC_URL on the server), e.g. `https://medallion.example`. */
export function siteOrigin(): string {
  return requestScope()?.origin ?? renderedOrigin ?? window.location.origin;
}

/**
 * The address of a page in one language: English at the plain path (also the x-default), Russian
 * with `?lang=ru`. Other query parameters (a marketplace search, a page number) are kept in order.
 */
export function pageUrl(pathname: string, search: string, language: Language): string {
  const params = new URLSearchParams(search);
  params.delete(LANGUAGE_PARAM);
  if (language !== 'en') params.set(LANGUAGE_PARAM, language);
  const query = params.toString();
  return `${siteOrigin()}${pathname}${query ? `?${query}` : ''}`;
}

/** An absolute URL for a path of this site (`/media/…`); absolute URLs (S3) stay as they are. */
export function absoluteUrl(url: string): string {
  return new URL(url, siteOrigin()).toString();
}
