import { DEFAULT_LANGUAGE, LANGUAGE_COOKIE, LANGUAGES, type Language } from '@medallion/contracts/site';

export { LANGUAGE_COOKIE };
/** `?lang=ru`: the address of a page in one language (hreflang alternates, the sitemap). */
export const LANGUAGE_PARAM = 'lang';

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}

/** One cookie's value from a Cookie header, or undefined. */
export function readCookie(cookieHeader: string | undefined, name: string): string | undefined {
  if (!cookieHeader) return undefined;
  for (const part of cookieHeader.split(';')) {
    const index = part.indexOf('=');
    if (index < 0) continue;
    if (part.slice(0, index).trim() !== name) continue;
    try {
      return decodeURIComponent(part.slice(index + 1).trim());
    } catch {
      return undefined;
    }
  }
  return undefined;
}

/** The first supported language of an Accept-Language header, by quality (`ru-RU;q=0.9, en;q=0.8`). */
export function languageFromAcceptLanguage(header: string | undefined): Language | undefined {
  if (!header) return undefined;
  const ranked = header
    .split(',')
    .map((item, index) => {
      const [tag = '', ...params] = item.trim().split(';');
      const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
      const quality = q ? Number(q.slice(2)) : 1;
      return { code: tag.trim().slice(0, 2).toLowerCase(), quality: Number.isFinite(quality) ? quality : 0, index };
    })
    .filter((item) => item.quality > 0)
    .sort((a, b) => b.quality - a.quality || a.index - b.index);
  return ranked.map((item) => item.code).find(isLanguage);
}

/**
 * The language a page is rendered in: an explicit `?lang=`, then the visitor's choice (cookie),
 * then the browser's Accept-Language, then English.
 */
export function languageOfRequest(input: { search: string; cookie?: string; acceptLanguage?: string }): Language {
  const param = new URLSearchParams(input.search).get(LANGUAGE_PARAM);
  if (isLanguage(param)) return param;
  const cookie = readCookie(input.cookie, LANGUAGE_COOKIE);
  if (isLanguage(cookie)) return cookie;
  return languageFromAcceptLanguage(input.acceptLanguage) ?? DEFAULT_LANGUAGE;
}

/** The cookie that remembers a choice for a year (readable by the server, not secret). */
export function languageCookie(language: Language): string {
  return `${LANGUAGE_COOKIE}=${language}; Path=/; Max-Age=31536000; SameSite=Lax`;
}
