import i18next, { type i18n as I18nInstance, type Resource } from 'i18next';
import resourcesToBackend from 'i18next-resources-to-backend';
import { initReactI18next } from 'react-i18next';
import { DEFAULT_LANGUAGE, LANGUAGES, type Language } from '@medallion/contracts/site';
import { isLanguage, LANGUAGE_COOKIE, LANGUAGE_PARAM, languageCookie, readCookie } from './language';
import { requestScope } from './request-scope';

export const LANGUAGE_STORAGE_KEY = 'medallion.language';

/**
 * The language of a page in the browser. A page the server rendered says its language in
 * `<html lang>` (it chose from ?lang=, the cookie, then Accept-Language) and is hydrated in it;
 * otherwise the remembered choice, then the browser's language, then English.
 */
export function detectLanguage(): Language {
  const rendered = document.documentElement.dataset.ssr === 'true' ? document.documentElement.lang : undefined;
  if (isLanguage(rendered)) return rendered;
  try {
    const stored = window.localStorage.getItem(LANGUAGE_STORAGE_KEY);
    if (isLanguage(stored)) return stored;
  } catch {
    // Private mode without storage: fall through to the browser language.
  }
  const browser = (window.navigator.languages ?? [window.navigator.language]).map((l) => l.slice(0, 2));
  return browser.find(isLanguage) ?? DEFAULT_LANGUAGE;
}

/** The browser's instance. On the server every request has its own (see request-scope.ts). */
export const i18n: I18nInstance = i18next.createInstance();

/** The i18n instance of the current render: the request's on the server, else the browser's. */
export function currentI18n(): I18nInstance {
  return requestScope()?.i18n ?? i18n;
}

/**
 * Locale files are loaded per language and namespace, so each page downloads only its own texts.
 * `preloaded` holds the texts a server-rendered page used (inlined in its HTML), so hydration waits
 * for nothing.
 */
export function initI18n(language: Language = detectLanguage(), preloaded?: Resource) {
  i18n.on('languageChanged', (lng) => {
    document.documentElement.lang = lng;
  });
  return i18n
    .use(initReactI18next)
    .use(resourcesToBackend((lng: string, ns: string) => import(`../locales/${lng}/${ns}.json`)))
    .init({
      lng: language,
      // Both locales carry every key (a unit test checks), so no second language is downloaded as fallback.
      fallbackLng: false,
      supportedLngs: [...LANGUAGES],
      ns: ['common'],
      defaultNS: 'common',
      interpolation: { escapeValue: false },
      react: { useSuspense: true },
      returnNull: false,
      ...(preloaded ? { resources: preloaded, partialBundledLanguages: true } : {}),
    });
}

/** Remembers the choice (this browser and, through a cookie, the server's next page) and switches. */
export async function changeLanguage(language: Language): Promise<void> {
  rememberLanguage(language);
  await i18n.changeLanguage(language);
}

export function rememberLanguage(language: Language): void {
  try {
    window.localStorage.setItem(LANGUAGE_STORAGE_KEY, language);
  } catch {
    // Not remembered in storage, but still in the cookie.
  }
  document.cookie = languageCookie(language);
}

/**
 * After hydration: a page opened with `?lang=` keeps that language for the next pages, and a
 * choice remembered only in this browser's storage (before the cookie existed) moves to the cookie.
 */
export function syncRememberedLanguage(rendered: Language): void {
  const param = new URLSearchParams(window.location.search).get(LANGUAGE_PARAM);
  if (isLanguage(param)) return rememberLanguage(param);
  let stored: string | null;
  try {
    stored = window.localStorage.getItem(LANGUAGE_STORAGE_KEY);
  } catch {
    stored = null;
  }
  if (isLanguage(stored) && !isLanguage(readCookie(document.cookie, LANGUAGE_COOKIE))) {
    rememberLanguage(stored);
    if (stored !== rendered) void i18n.changeLanguage(stored);
  }
}
