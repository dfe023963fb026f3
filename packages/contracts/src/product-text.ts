import type { Language } from './site';

/* The shop's texts in the reader's language, free of zod so the web can use it on any page cheaply. */

export interface ProductDetailLine {
  key: string;
  data: string;
}

/** A product's texts as the API answers them: English, and Russian where an empty one means "not translated". */
export interface BilingualProductTexts {
  title: string;
  description: string;
  details: ProductDetailLine[];
  title_ru: string;
  description_ru: string;
  details_ru: ProductDetailLine[];
}

/**
 * The title, description and detail lines to show in `language`: Russian where staff wrote it, English
 * otherwise (each text on its own; a detail line without its Russian pair shows in English).
 */
export function productTexts(
  product: BilingualProductTexts,
  language: Language | string,
): { title: string; description: string; details: ProductDetailLine[] } {
  if (language !== 'ru') return { title: product.title, description: product.description, details: product.details };
  return {
    title: product.title_ru || product.title,
    description: product.description_ru || product.description,
    details: product.details.map((line, index) => {
      const ru = product.details_ru[index];
      return { key: ru?.key || line.key, data: ru?.data || line.data };
    }),
  };
}

/** A cart item's or an order line's title in `language` (`title_ru` empty: the English one). */
export function localizedTitle(item: { title: string; title_ru: string }, language: Language | string): string {
  return language === 'ru' && item.title_ru ? item.title_ru : item.title;
}
