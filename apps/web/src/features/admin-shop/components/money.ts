import { useTranslation } from 'react-i18next';

/** Dollars from cents, always 2 decimals, in the UI language's number format. */
export function useMoney() {
  const { i18n } = useTranslation();
  const format = new Intl.NumberFormat(i18n.language, { style: 'currency', currency: 'USD', minimumFractionDigits: 2, maximumFractionDigits: 2 });
  return (cents: number) => format.format(cents / 100);
}
