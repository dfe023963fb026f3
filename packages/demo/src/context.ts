import type { Database } from '@medallion/db/client';

/** An account to create: confirmed, signing in with this password. */
export interface SeedAccount {
  email: string;
  password: string;
  name: string;
  role: 'user' | 'staff';
}

/** A car of the fleet TLC drivers drive (the API's car data owns the list; the seed picks from it). */
export interface DemoFleetVehicle {
  make: string;
  model: string;
  /** Model years, inclusive. */
  years: readonly [from: number, to: number];
  bodyClass: string;
  fuel: string;
  doors: number;
  seats: number;
  seatRows: number;
  /** Typical weekly rent in dollars, inclusive. */
  weeklyRent: readonly [min: number, max: number];
}

/** A fleet vehicle's ids and names in the car data. */
export interface ResolvedDemoVehicle {
  make_id: number;
  make_name: string;
  model_id: number;
  model_name: string;
}

/**
 * What the demo seed needs from the server that runs it. Packages never import the apps, so the API
 * builds this (apps/api/src/modules/demo/seed-context.ts) from its own services: the demo data then
 * goes through the same account, picture and payment-key rules as real data.
 */
export interface DemoSeedContext {
  /** Creates a confirmed account with a password unless the e-mail exists; returns the user id. */
  ensureAccount(db: Database, account: SeedAccount): Promise<string>;
  /** Turns a rendered photo into the listing's stored picture (full size and thumbnail); returns its file name. */
  storeListingPhoto(listingId: string, photo: Buffer): Promise<string>;
  /** Stores a finished product picture (WebP) of a product; returns its file name. */
  storeProductPhoto(productId: string, webp: Buffer): Promise<string>;
  /** The city and state of a ZIP code, when known. */
  lookupZip(zip: string): { city: string; state: string } | undefined;
  /** The cars the demo listings are made of. */
  fleet: readonly DemoFleetVehicle[];
  /** A fleet vehicle's ids and names in the car data; undefined when the data does not know it. */
  resolveVehicle(vehicle: DemoFleetVehicle): ResolvedDemoVehicle | undefined;
  /** The idempotency key a real listing-fee payment uses. */
  listingFeeKey(listingId: string): string;
  /** The idempotency key a real cart checkout uses. */
  cartPaymentKey(userId: string, transactionId: string): string;
}
