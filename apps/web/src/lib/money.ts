import { useTranslation } from 'react-i18next';
import { formatCents, formatPercent } from '@medallion/contracts/formats';
import { TAX_RATE_PERCENT } from '@medallion/contracts/payment-constants';

/** The site's money formatter (shared with the API's e-mails): "$1,800.00" in English, "1 800,00 $" in Russian. */
export { formatUsd } from '@medallion/contracts/formats';

/** Cents as dollars with 2 decimals in the UI language: every total, fee and shop price. */
export function useMoney(): (cents: number) => string {
  const { i18n } = useTranslation();
  return (cents: number) => formatCents(cents, i18n.language);
}

/** The sales tax rate in the UI language ("8.875%", "8,875 %"), for the texts that name it ("Tax ({{rate}})"). */
export function useTaxRate(): string {
  const { i18n } = useTranslation();
  return formatPercent(TAX_RATE_PERCENT, i18n.language);
}
