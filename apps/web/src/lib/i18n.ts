import i18next from 'i18next';
import resourcesToBackend from 'i18next-resources-to-backend';
import { initReactI18next } from 'react-i18next';
import { DEFAULT_LANGUAGE, LANGUAGES, type Language } from '@medallion/contracts/site';

export const LANGUAGE_STORAGE_KEY = 'medallion.language';

function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}

/** The remembered choice, else the browser's language, else English. */
export function detectLanguage(): Language {
  try {
    const stored = window.localStorage.getItem(LANGUAGE_STORAGE_KEY);
    if (isLanguage(stored)) return stored;
  } catch {
    // Private mode without storage: fall through to the browser language.
  }
  const browser = (window.navigator.languages ?? [window.navigator.language]).map((l) => l.slice(0, 2));
  return browser.find(isLanguage) ?? DEFAULT_LANGUAGE;
}

export const i18n = i18next.createInstance();

/** Locale files are loaded per language and namespace, so each page downloads only its own texts. */
export function initI18n(language: Language = detectLanguage()) {
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
    });
}

export async function changeLanguage(language: Language): Promise<void> {
  try {
    window.localStorage.setItem(LANGUAGE_STORAGE_KEY, language);
  } catch {
    // Not remembered, but still switched for this visit.
  }
  await i18n.changeLanguage(language);
}
