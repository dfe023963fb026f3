import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { LANGUAGES, type Language } from '@medallion/contracts/site';
import { isLanguage } from '@/lib/language';
import { pageUrl } from '@/lib/site-url';

export interface PageHeadProps {
  /** The page's own title; " · Medallion" is added unless `fullTitle`. */
  title: string;
  fullTitle?: boolean;
  description?: string;
  /** Absolute URL of a preview picture (messengers, social networks). */
  image?: string;
  /** Structured data (schema.org) for search engines. */
  jsonLd?: object;
  /** Pages that must not be indexed (private ones, a missing listing). */
  noIndex?: boolean;
  /** Query keys that do not name another page (the marketplace's page cursors): left out of the canonical address and the alternates. */
  ignoreParams?: readonly string[];
}

/** JSON inside <script>: nothing in it can close the element or start a comment. */
function scriptJson(value: object): string {
  return JSON.stringify(value).replace(/</g, '\\u003c').replace(/>/g, '\\u003e').replace(/&/g, '\\u0026');
}

/**
 * The head of a page: title, description, canonical address, its English and Russian alternates,
 * Open Graph preview, and JSON-LD. React 19 moves <title>, <meta> and <link> into <head> (the
 * server puts them there in the HTML it sends); the JSON-LD stays in the page.
 */
export function PageHead({ title, fullTitle = false, description, image, jsonLd, noIndex = false, ignoreParams = [] }: PageHeadProps) {
  const { i18n } = useTranslation();
  const location = useLocation();
  const { pathname } = location;
  const search = withoutParams(location.search, ignoreParams);
  const language: Language = isLanguage(i18n.language) ? i18n.language : 'en';
  const fullText = fullTitle ? title : `${title} · Medallion`;
  const canonical = pageUrl(pathname, search, language);
  return (
    <>
      <title>{fullText}</title>
      {description && <meta name="description" content={description} />}
      {noIndex ? (
        <meta name="robots" content="noindex" />
      ) : (
        <>
          <link rel="canonical" href={canonical} />
          {LANGUAGES.map((lng) => (
            <link key={lng} rel="alternate" hrefLang={lng} href={pageUrl(pathname, search, lng)} />
          ))}
          <link rel="alternate" hrefLang="x-default" href={pageUrl(pathname, search, 'en')} />
        </>
      )}
      <meta property="og:type" content="website" />
      <meta property="og:site_name" content="Medallion" />
      <meta property="og:title" content={fullText} />
      {description && <meta property="og:description" content={description} />}
      <meta property="og:url" content={canonical} />
      <meta property="og:locale" content={language === 'ru' ? 'ru_RU' : 'en_US'} />
      {image && <meta property="og:image" content={image} />}
      <meta name="twitter:card" content={image ? 'summary_large_image' : 'summary'} />
      {jsonLd && <JsonLd data={jsonLd} />}
    </>
  );
}

function withoutParams(search: string, keys: readonly string[]): string {
  if (keys.length === 0) return search;
  const params = new URLSearchParams(search);
  for (const key of keys) params.delete(key);
  return params.toString();
}

/** schema.org structured data, in the page where it is rendered (search engines read it anywhere). */
export function JsonLd({ data }: { data: object }) {
  return <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: scriptJson(data) }} />;
}
