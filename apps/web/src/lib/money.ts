import { useTranslation } from 'react-i18next';
import { TAX_RATE_PERCENT } from '@medallion/contracts/payment-constants';

const formats = new Map<string, Intl.NumberFormat>();

/**
 * US dollars in the UI language's own style ("$1,800.00" in English, "1 800,00 $" in Russian), one
 * formatter per language and style. `decimals: 'auto'` drops ".00" from whole amounts (listing prices).
 */
export function formatUsd(dollars: number, language: string, decimals: 'always' | 'auto' = 'always'): string {
  const digits = decimals === 'always' || !Number.isInteger(dollars) ? 2 : 0;
  const key = `${language}:${digits}`;
  let format = formats.get(key);
  if (!format) {
    format = new Intl.NumberFormat(language, { style: 'currency', currency: 'USD', minimumFractionDigits: digits, maximumFractionDigits: digits });
    formats.set(key, format);
  }
  return format.format(dollars);
}

/** The tax rate (TAX_RATE_PERCENT, the one rate) as the UI language writes a percentage: "8.875%", "8,875 %". */
export function taxRateText(language: string): string {
  return new Intl.NumberFormat(language, { style: 'percent', maximumFractionDigits: 3 }).format(TAX_RATE_PERCENT / 100);
}

/** Cents as dollars with 2 decimals in the UI language: every total, fee and shop price. */
export function useMoney(): (cents: number) => string {
  const { i18n } = useTranslation();
  return (cents: number) => formatUsd(cents / 100, i18n.language);
}
