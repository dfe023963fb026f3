/**
 * The national form of a stored US number: `+12125550190` → `(212) 555-0190`, the form listings use
 * (PHONE_PATTERN). Kept free of libphonenumber-js so a page that only shows a number stays light; a value
 * that is not a US E.164 number is returned as it is.
 */
export function nationalUsPhone(e164: string | null | undefined): string {
  if (!e164) return '';
  const m = /^\+1(\d{3})(\d{3})(\d{4})$/.exec(e164);
  return m ? `(${m[1]}) ${m[2]}-${m[3]}` : e164;
}
