import { eq, sql } from 'drizzle-orm';
import type { Database } from '@medallion/db/client';
import { listings, user } from '@medallion/db/schema';
import type { SeedStep } from '@medallion/db/seed';
import { DEMO_ACCOUNTS } from './accounts';
import type { DemoFleetVehicle, DemoSeedContext } from './context';
import { CAR_COLORS, renderCarPhoto, renderPlatePhoto } from './photos/car-photos';
import { prng } from './prng';

type Rand = () => number;
const pick = <T>(rand: Rand, items: readonly T[]): T => items[Math.floor(rand() * items.length)]!;
const between = (rand: Rand, min: number, max: number) => min + Math.floor(rand() * (max - min + 1));

/** Where our demo owners keep their cars: the five boroughs and the towns around them. */
const ZIP_POOL = [
  // Queens
  '11101',
  '11106',
  '11354',
  '11355',
  '11368',
  '11372',
  '11373',
  '11375',
  '11377',
  '11432',
  '11434',
  '11435',
  // Brooklyn
  '11201',
  '11204',
  '11209',
  '11214',
  '11220',
  '11223',
  '11229',
  '11230',
  '11235',
  '11236',
  // Bronx
  '10451',
  '10456',
  '10458',
  '10462',
  '10467',
  '10469',
  // Manhattan
  '10001',
  '10027',
  '10031',
  '10032',
  '10034',
  '10040',
  // Staten Island
  '10301',
  '10314',
  // Around the city
  '07302',
  '07030',
  '07087',
  '10701',
  '11550',
  '10550',
] as const;

interface Owner {
  name: string;
  email: string;
  phone: string;
}

/** Fleet owners and garages (fictional; 555-01xx numbers are reserved for fiction). */
const OWNERS = [
  { name: 'Queens Fleet Garage', email: 'rentals@queensfleet.example', phone: '(718) 555-0142' },
  { name: 'Brighton Auto Rent', email: 'desk@brightonauto.example', phone: '(718) 555-0117' },
  { name: 'Bronx Hybrid Leasing', email: 'info@bronxhybrid.example', phone: '(347) 555-0163' },
  { name: 'Liberty Black Car', email: 'fleet@libertyblackcar.example', phone: '(212) 555-0190' },
  { name: 'Jackson Heights Motors', email: 'sales@jhmotors.example', phone: '(929) 555-0108' },
  { name: 'Staten Island Cab Co.', email: 'office@sicab.example', phone: '(718) 555-0176' },
  { name: 'Hudson TLC Rentals', email: 'hello@hudsontlc.example', phone: '(201) 555-0131' },
  { name: 'Rustam Yusupov', email: 'rustam.yusupov@mail.example', phone: '(917) 555-0154' },
  { name: 'Maria Gonzalez', email: 'maria.gonzalez@mail.example', phone: '' },
] as const satisfies readonly Owner[];

const CAR_TERMS = [
  'TLC insurance and maintenance are included.',
  'Insurance included; you pay gas and tolls.',
  'Oil changes and tyres are on us. E-ZPass ready.',
  'Deposit $500, refundable when you return the car clean.',
  'Ready for Uber and Lyft today: TLC plates and diamond on the car.',
  'Clean inside and out, no accidents, all inspections passed.',
  'Weekly payment by card or Zelle. Long-term drivers get a discount.',
  'Pick up in the morning, drive tonight. Base affiliation included.',
  'Говорим по-русски. Hablamos español.',
  'Rent-to-own possible after 6 months of on-time payments.',
] as const;

const PLATE_OFFERS = [
  {
    kind: 'tlc' as const,
    titles: ['TLC FHV plate for rent', 'FHV plates available, base included', 'TLC plates for your own car'],
    description:
      'For-hire vehicle (T) plates for your own car. We handle the TLC registration and the base affiliation; you bring a car that passes inspection.',
    weekly: [90, 180] as const,
  },
  {
    kind: 'medallion' as const,
    titles: ['Yellow taxi medallion lease', 'Medallion shift lease: day or night', 'Taxi medallion with car, weekly lease'],
    description: 'Yellow cab medallion lease for a licensed TLC driver. Street hails anywhere in the five boroughs. Car, insurance and meter service included.',
    weekly: [400, 800] as const,
  },
];

function bodyStyleOf(bodyClass: string): 'sedan' | 'suv' | 'minivan' | 'hatchback' {
  const text = bodyClass.toLowerCase();
  if (text.includes('minivan') || text.includes('van')) return 'minivan';
  if (text.includes('sport utility') || text.includes('suv') || text.includes('crossover')) return 'suv';
  if (text.includes('hatchback')) return 'hatchback';
  return 'sedan';
}

/** VIN transliteration and weights (ISO 3779 / 49 CFR 565) for a valid check digit. */
const VIN_VALUES: Record<string, number> = Object.fromEntries([
  ...'0123456789'.split('').map((d) => [d, Number(d)]),
  ...'ABCDEFGH'.split('').map((c, i) => [c, i + 1]),
  ...'JKLMN'.split('').map((c, i) => [c, i + 1]),
  ['P', 7],
  ['R', 9],
  ...'STUVWXYZ'.split('').map((c, i) => [c, i + 2]),
]);
const VIN_WEIGHTS = [8, 7, 6, 5, 4, 3, 2, 10, 0, 9, 8, 7, 6, 5, 4, 3, 2];
const VIN_CHARS = 'ABCDEFGHJKLMNPRSTUVWXYZ0123456789';
const YEAR_CODES = 'ABCDEFGHJKLMNPRSTVWXY123456789';

/** A made-up VIN with a correct check digit and model-year code (decodes as "valid", describes no real car). */
export function fakeVin(rand: Rand, year: number): string {
  const chars = Array.from({ length: 17 }, () => pick(rand, VIN_CHARS.split('')));
  chars[0] = pick(rand, ['1', '2', '4', '5', 'J']);
  chars[9] = YEAR_CODES[(year - 2010 + 30) % 30]!;
  chars[8] = '0';
  const sum = chars.reduce((acc, ch, i) => acc + VIN_VALUES[ch]! * VIN_WEIGHTS[i]!, 0);
  const check = sum % 11;
  chars[8] = check === 10 ? 'X' : String(check);
  return chars.join('');
}

type NewListing = typeof listings.$inferInsert;

interface PlannedListing {
  row: NewListing & { id: string };
  photos: Array<() => Promise<Buffer>>;
}

function carListing(context: DemoSeedContext, rand: Rand, index: number, vehicle: DemoFleetVehicle, owner: Owner, userId: string, now: number): PlannedListing {
  const ids = context.resolveVehicle(vehicle);
  if (!ids) throw new Error(`The demo fleet names a car that is not in the car data: ${vehicle.make} ${vehicle.model}`);
  const year = between(rand, vehicle.years[0], vehicle.years[1]);
  const weekly = between(rand, Math.ceil(vehicle.weeklyRent[0] / 5), Math.floor(vehicle.weeklyRent[1] / 5)) * 5;
  const monthly = rand() < 0.25;
  const price = monthly ? Math.round((weekly * 4.3) / 10) * 10 : weekly;
  const zip = pick(rand, ZIP_POOL);
  const place = context.lookupZip(zip);
  const color = pick(rand, CAR_COLORS);
  const terms = [pick(rand, CAR_TERMS), pick(rand, CAR_TERMS)].filter((t, i, all) => all.indexOf(t) === i);
  const title = pick(rand, [
    `${year} ${ids.make_name} ${ids.model_name}, TLC ready`,
    `${ids.make_name} ${ids.model_name} ${year} for rent`,
    `${year} ${ids.make_name} ${ids.model_name} with TLC plates`,
    `${ids.model_name} ${year}: Uber and Lyft ready`,
  ]);
  const id = crypto.randomUUID();
  const seed = index * 7919 + 17;
  const style = bodyStyleOf(vehicle.bodyClass);
  const photoCount = between(rand, 2, 3);
  return {
    row: {
      id,
      userId,
      status: 'ACTIVE',
      category: 'cars',
      title,
      description: `${color.name} ${ids.model_name}, ${vehicle.fuel.toLowerCase()}, ${vehicle.seats} seats. ${terms.join(' ')}`,
      priceCents: price * 100,
      paymentPeriod: monthly ? 'monthly' : 'weekly',
      images: [],
      plateNumber: rand() < 0.7 ? `T${between(rand, 600000, 799999)}C` : null,
      vin: rand() < 0.6 ? fakeVin(rand, year) : null,
      viewCount: between(rand, 3, 420),
      publishedAt: new Date(now - between(rand, 1, 60 * 24 * 60) * 60_000),
      name: owner.name,
      email: owner.email,
      phoneNumber: owner.phone || null,
      locationCity: place?.city ?? 'New York',
      locationState: place?.state ?? 'NY',
      locationZip: rand() < 0.85 ? zip : null,
      carMake: ids.make_name,
      carMakeId: ids.make_id,
      carModel: ids.model_name,
      carModelId: ids.model_id,
      carYear: year,
      carBodyClass: vehicle.bodyClass,
      carFuel: rand() < 0.9 ? vehicle.fuel : null,
      carDoorNumber: vehicle.doors,
      carSeatNumber: vehicle.seats,
      carSeatRowNumber: vehicle.seatRows,
      ...demoRentalLabel(index, weekly, 'cars'),
    },
    photos: Array.from({ length: photoCount }, (_, view) => () => renderCarPhoto({ seed, bodyStyle: style, color: color.hex, view })),
  };
}

/**
 * A demo rental's all-in cost label (issue #32), from its own generator (seeded by the listing's index),
 * so the listings' other demo data stays as it was: a deposit of one to two weeks' rent, 1 to 4 weeks at
 * least, a car's weekly mileage cap or none, insurance with NYC's TLC minimum limits on most cars, the
 * plate on most cars, a $500–$2,500 deductible. A plate's label covers the plate alone.
 */
function demoRentalLabel(index: number, weekly: number, category: 'cars' | 'plates') {
  const r = prng(index * 4099 + 11);
  const car = category === 'cars';
  const capped = car && r() < 0.4;
  const insured = car ? r() < 0.85 : r() < 0.5;
  return {
    rentDepositCents: Math.round((weekly * (1 + r())) / 50) * 50 * 100,
    rentMinWeeks: between(r, 1, 4),
    rentMileageUnlimited: !capped,
    rentMileageCap: capped ? between(r, 12, 20) * 100 : null,
    rentInsuranceIncluded: insured,
    rentInsuranceLimits: insured ? '$100,000/$300,000 liability, $200,000 personal injury protection' : null,
    rentTlcPlateIncluded: car ? r() < 0.8 : true,
    rentMaintenanceIncluded: car ? r() < 0.7 : false,
    rentDeductibleCents: (car ? between(r, 2, 10) * 250 : 0) * 100,
    rentRemoteDisabling: car && r() < 0.3,
  };
}
const NO_RENTAL_LABEL = {
  rentDepositCents: null,
  rentMinWeeks: null,
  rentMileageUnlimited: null,
  rentMileageCap: null,
  rentInsuranceIncluded: null,
  rentInsuranceLimits: null,
  rentTlcPlateIncluded: null,
  rentMaintenanceIncluded: null,
  rentDeductibleCents: null,
  rentRemoteDisabling: null,
};

function plateListing(context: DemoSeedContext, rand: Rand, index: number, owner: Owner, userId: string, now: number): PlannedListing {
  const offer = pick(rand, PLATE_OFFERS);
  const weekly = between(rand, Math.ceil(offer.weekly[0] / 5), Math.floor(offer.weekly[1] / 5)) * 5;
  const monthly = rand() < 0.3;
  const zip = pick(rand, ZIP_POOL);
  const place = context.lookupZip(zip);
  const plateNumber =
    offer.kind === 'tlc'
      ? `T${between(rand, 600000, 799999)}C`
      : `${between(rand, 1, 9)}${pick(rand, 'ABCDEFGHJKLMNPRSTUVWXY'.split(''))}${between(rand, 10, 99)}`;
  const id = crypto.randomUUID();
  return {
    row: {
      id,
      userId,
      status: 'ACTIVE',
      category: 'plates',
      title: pick(rand, offer.titles),
      description: `${offer.description} ${pick(rand, CAR_TERMS)}`,
      priceCents: (monthly ? Math.round((weekly * 4.3) / 10) * 10 : weekly) * 100,
      paymentPeriod: monthly ? 'monthly' : 'weekly',
      images: [],
      plateNumber,
      vin: null,
      viewCount: between(rand, 3, 300),
      publishedAt: new Date(now - between(rand, 1, 60 * 24 * 60) * 60_000),
      name: owner.name,
      email: owner.email,
      phoneNumber: owner.phone || null,
      locationCity: place?.city ?? 'New York',
      locationState: place?.state ?? 'NY',
      locationZip: zip,
      ...demoRentalLabel(index, weekly, 'plates'),
    },
    photos:
      rand() < 0.12
        ? [] // some owners post no photo: the card shows the default plates picture
        : [() => renderPlatePhoto({ seed: index * 104729 + 3, plateNumber, kind: offer.kind })],
  };
}

const SALE_TERMS = [
  'Clean title, one owner, all TLC inspections passed.',
  'Service records from new; new tires and brakes this year.',
  'Financing possible for licensed TLC drivers.',
  'Comes with the TLC plates transferred to your base.',
  'No accidents. Come see it and take a test drive.',
  'Cash or certified check; we help with the DMV paperwork.',
] as const;

/** What a used TLC car sells for in NYC: about 60 weeks of its rent when new, less 7% a year, $8k–$45k. */
function salePriceOf(vehicle: DemoFleetVehicle, year: number, nowYear: number): number {
  const whenNew = ((vehicle.weeklyRent[0] + vehicle.weeklyRent[1]) / 2) * 60;
  const value = whenNew * Math.max(0.3, 1 - 0.07 * Math.max(0, nowYear - year));
  return Math.min(45_000, Math.max(8_000, Math.round(value / 250) * 250));
}

/** A car for sale: a fleet car's listing with one price and no period. */
function saleCarListing(
  context: DemoSeedContext,
  rand: Rand,
  index: number,
  vehicle: DemoFleetVehicle,
  owner: Owner,
  userId: string,
  now: number,
): PlannedListing {
  const plan = carListing(context, rand, index, vehicle, owner, userId, now);
  const row = plan.row;
  const year = row.carYear!;
  row.dealType = 'sale';
  row.paymentPeriod = null;
  Object.assign(row, NO_RENTAL_LABEL);
  row.priceCents = salePriceOf(vehicle, year, new Date(now).getUTCFullYear()) * 100;
  row.title = pick(rand, [
    `${year} ${row.carMake} ${row.carModel} for sale`,
    `For sale: ${year} ${row.carMake} ${row.carModel}, TLC ready`,
    `${row.carMake} ${row.carModel} ${year}, ${between(rand, 40, 160)}k miles`,
  ]);
  const terms = [pick(rand, SALE_TERMS), pick(rand, SALE_TERMS)].filter((t, i, all) => all.indexOf(t) === i);
  row.description = `${row.carModel}, ${vehicle.fuel.toLowerCase()}, ${vehicle.seats} seats. ${terms.join(' ')}`;
  return plan;
}

/**
 * Plates for sale: yellow taxi medallions (they trade at about $100k–$190k since the 2022 debt relief)
 * and FHV plates sold with the car they are on.
 */
const PLATE_SALES = [
  {
    kind: 'medallion' as const,
    titles: ['Yellow taxi medallion for sale', 'Unrestricted NYC taxi medallion for sale', 'Taxi medallion for sale, financing available'],
    description: 'NYC yellow taxi medallion, free and clear. Transfer through the TLC; we help with the paperwork and the closing.',
    price: [100_000, 190_000] as const,
  },
  {
    kind: 'tlc' as const,
    titles: ['TLC FHV plates for sale with the car', 'FHV plate and car for sale, base affiliated'],
    description: 'For-hire vehicle (T) plates sold together with the car they are on, base affiliation included. Inspection passed this year.',
    price: [18_000, 32_000] as const,
  },
];

function salePlateListing(context: DemoSeedContext, rand: Rand, index: number, owner: Owner, userId: string, now: number): PlannedListing {
  const plan = plateListing(context, rand, index, owner, userId, now);
  const offer = PLATE_SALES[index % PLATE_SALES.length]!;
  const plateNumber =
    offer.kind === 'tlc'
      ? `T${between(rand, 600000, 799999)}C`
      : `${between(rand, 1, 9)}${pick(rand, 'ABCDEFGHJKLMNPRSTUVWXY'.split(''))}${between(rand, 10, 99)}`;
  Object.assign(plan.row, {
    dealType: 'sale',
    paymentPeriod: null,
    priceCents: between(rand, offer.price[0] / 500, offer.price[1] / 500) * 500 * 100,
    title: pick(rand, offer.titles),
    description: `${offer.description} ${pick(rand, SALE_TERMS)}`,
    plateNumber,
  } satisfies Partial<NewListing>);
  plan.photos = [() => renderPlatePhoto({ seed: index * 104729 + 11, plateNumber, kind: offer.kind })];
  return plan;
}

async function ensureOwner(db: Database, owner: Owner): Promise<string> {
  const [existing] = await db.select({ id: user.id }).from(user).where(eq(user.email, owner.email));
  if (existing) return existing.id;
  const id = crypto.randomUUID();
  // Owners of demo listings have no password: they cannot sign in, they only own ads.
  await db.insert(user).values({ id, name: owner.name, email: owner.email, emailVerified: true, status: 'CONFIRMED', phone: owner.phone || null });
  return id;
}

export interface DemoListingsOptions {
  /** Render and store photos (default true). Tests that only need the rows turn it off. */
  photos?: boolean;
  cars?: number;
  plates?: number;
  /** Photos rendered at once (sharp uses its own threads too). */
  concurrency?: number;
}

/** Renders and stores the planned photos (unless turned off), then inserts the rows. */
async function storeAndInsert(db: Database, context: DemoSeedContext, planned: PlannedListing[], options: DemoListingsOptions): Promise<void> {
  if (options.photos !== false) {
    const jobs = planned.flatMap((plan) => plan.photos.map((render, order) => ({ plan, render, order })));
    const names = new Map<PlannedListing, string[]>();
    let next = 0;
    const worker = async () => {
      while (next < jobs.length) {
        const job = jobs[next++]!;
        const name = await context.storeListingPhoto(job.plan.row.id, await job.render());
        const list = names.get(job.plan) ?? [];
        list[job.order] = name;
        names.set(job.plan, list);
      }
    };
    await Promise.all(Array.from({ length: options.concurrency ?? 4 }, worker));
    for (const plan of planned) plan.row.images = names.get(plan) ?? [];
  }

  for (let i = 0; i < planned.length; i += 50) {
    await db.insert(listings).values(planned.slice(i, i + 50).map((p) => p.row));
  }
}

export const DEMO_LISTINGS_STEP = 'demo-listings-v1';

/**
 * 130 ACTIVE listings from nine fleet owners (cars of TLC-typical makes, real make/model/year
 * combinations, weekly and monthly prices; FHV plates and medallion leases), with generated photos,
 * plus the demo driver's own listings in every status (for the dashboard and the owner's controls).
 */
export function demoListingsSeedStep(context: DemoSeedContext, options: DemoListingsOptions = {}): SeedStep {
  return {
    name: DEMO_LISTINGS_STEP,
    async run(db) {
      const { fleet } = context;
      const rand = prng(20261122);
      const now = Date.now();
      const ownerIds: string[] = [];
      for (const owner of OWNERS) ownerIds.push(await ensureOwner(db, owner));
      const planned: PlannedListing[] = [];
      const carCount = options.cars ?? 100;
      for (let i = 0; i < carCount; i++) {
        const o = between(rand, 0, OWNERS.length - 1);
        planned.push(carListing(context, rand, i, fleet[i % fleet.length]!, OWNERS[o]!, ownerIds[o]!, now));
      }
      for (let i = 0; i < (options.plates ?? 30); i++) {
        const o = between(rand, 0, OWNERS.length - 1);
        planned.push(plateListing(context, rand, i, OWNERS[o]!, ownerIds[o]!, now));
      }

      // The demo driver's own ads: one of each status, so the dashboard and the owner controls have something to show.
      const [driver] = await db.select({ id: user.id, name: user.name }).from(user).where(eq(user.email, DEMO_ACCOUNTS.driver.email));
      if (driver) {
        const mine = [
          { status: 'ACTIVE', vehicle: fleet[0]!, published: true },
          { status: 'ACTIVE', vehicle: fleet[3 % fleet.length]!, published: true },
          { status: 'INACTIVE', vehicle: fleet[5 % fleet.length]!, published: true },
          { status: 'UNDER_REVIEW', vehicle: fleet[7 % fleet.length]!, published: false },
          { status: 'DRAFT', vehicle: fleet[9 % fleet.length]!, published: false },
        ] as const;
        mine.forEach((m, i) => {
          const plan = carListing(
            context,
            rand,
            500 + i,
            m.vehicle,
            { name: driver.name, email: DEMO_ACCOUNTS.driver.email, phone: '(646) 555-0123' },
            driver.id,
            now,
          );
          plan.row.status = m.status;
          plan.row.publishedAt = m.published ? new Date(now - (i + 1) * 86_400_000) : null;
          if (!m.published) plan.row.viewCount = 0;
          planned.push(plan);
        });
      }

      await storeAndInsert(db, context, planned, options);
      await db.execute(sql`analyze listings`);
    },
  };
}

export const DEMO_SALE_LISTINGS_STEP = 'demo-sale-listings-v1';

/**
 * 24 ACTIVE listings for sale from the same fleet owners: 16 used TLC cars ($8k–$45k) and 8 plates
 * (taxi medallions and FHV plates with their car). A step of its own, so databases seeded before
 * listings could be for sale get them too.
 */
export function demoSaleListingsSeedStep(context: DemoSeedContext, options: DemoListingsOptions = {}): SeedStep {
  return {
    name: DEMO_SALE_LISTINGS_STEP,
    async run(db) {
      const { fleet } = context;
      const rand = prng(20261124);
      const now = Date.now();
      const ownerIds: string[] = [];
      for (const owner of OWNERS) ownerIds.push(await ensureOwner(db, owner));
      const planned: PlannedListing[] = [];
      for (let i = 0; i < (options.cars ?? 16); i++) {
        const o = between(rand, 0, OWNERS.length - 1);
        planned.push(saleCarListing(context, rand, 1000 + i, fleet[(i * 7 + 3) % fleet.length]!, OWNERS[o]!, ownerIds[o]!, now));
      }
      for (let i = 0; i < (options.plates ?? 8); i++) {
        const o = between(rand, 0, OWNERS.length - 1);
        planned.push(salePlateListing(context, rand, 1000 + i, OWNERS[o]!, ownerIds[o]!, now));
      }
      await storeAndInsert(db, context, planned, options);
      await db.execute(sql`analyze listings`);
    },
  };
}
