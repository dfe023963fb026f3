import { sql } from 'drizzle-orm';
import type { RentalLabel } from '@medallion/contracts/rental-states';

/** The SQLSTATE of a database error in the cause chain (drizzle wraps the driver's error). */
export function sqlState(error: unknown): string | undefined {
  for (let e = error as { code?: unknown; cause?: unknown } | undefined, depth = 0; e && depth < 5; e = e.cause as typeof e, depth++) {
    if (typeof e.code === 'string' && /^[0-9A-Z]{5}$/.test(e.code)) return e.code;
  }
  return undefined;
}

/** The terms a rental copies from its listing at approval (`rentals.terms`): the label, the car and the parties. */
export interface RentalTerms {
  label: RentalLabel;
  weeklyRentCents: number;
  listing: {
    title: string | null;
    category: 'cars' | 'plates';
    carMake: string | null;
    carModel: string | null;
    carYear: number | null;
    vin: string | null;
    plateNumber: string | null;
    price: number;
    paymentPeriod: 'weekly' | 'monthly';
    place: string;
  };
  owner: { name: string; email: string };
  driver: { name: string; email: string; tlcLicenseNumber: string; tlcLicenseExpiry: string };
}

/** `now()` as the database sees the lock holder's statement time, for rows written in one transaction. */
export const statementNow = sql`now()`;
