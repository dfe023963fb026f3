// The listings of bench/listings.bench.ts and the search-plan test (apps/api/test/search-plans.test.ts): a deterministic generator (mulberry32 from
// @medallion/demo/prng; the same count gives the same rows, ids included, on every machine, and a
// smaller count is a prefix of a larger one) and a bulk load into PostgreSQL that takes a million
// rows in a few minutes on 2 cores: the secondary indexes and foreign keys of `listings` are dropped,
// the rows go in as INSERT ... SELECT FROM unnest(<one array per column>) of 5,000 rows per
// statement (the next batch is generated while PostgreSQL inserts the previous one), then the
// indexes are built again (as the migrations define them), the foreign keys validated and the table
// VACUUM ANALYZEd.
import pg from 'pg';
import { prng } from '@medallion/demo/prng';
import { findMake, findModel, listModels } from '../apps/api/src/integrations/car-data/car-data';
import { locationIndex } from '../apps/api/src/integrations/locations/zip-index';

/** A zip no listing has (it is not in ZIPS): a filter on it matches nothing at any size. */
export const EMPTY_ZIP = '10007';
/** The listings are published in the year before this instant (fixed, so that the data does not move with the clock). */
const NOW = Date.UTC(2026, 0, 1);
const DATA_SEED = 20_250_101;
const ID_SEED = 20_250_102;
const BATCH = 5000;

type Rand = () => number;
const pick = <T>(rand: Rand, items: readonly T[]): T => items[Math.floor(rand() * items.length)]!;
const between = (rand: Rand, min: number, max: number) => min + Math.floor(rand() * (max - min + 1));
function weighted<T>(rand: Rand, items: readonly { value: T; weight: number }[]): T {
  const total = items.reduce((s, i) => s + i.weight, 0);
  let r = rand() * total;
  for (const item of items) {
    r -= item.weight;
    if (r < 0) return item.value;
  }
  return items[items.length - 1]!.value;
}

// ---------------------------------------------------------------------------------------------
// The data set: ~30 makes (vPIC ids from the app's car data) weighted like a TLC fleet, ~60 zips.

const MAKE_PLAN: [make: string, weight: number, models: string[]][] = [
  ['Toyota', 20, ['Camry', 'Prius', 'RAV4', 'Sienna', 'Highlander', 'Corolla']],
  ['Honda', 8, ['Accord', 'CR-V', 'Odyssey', 'Pilot', 'Civic']],
  ['Nissan', 8, ['Altima', 'Rogue', 'Pathfinder', 'Sentra', 'Leaf']],
  ['Hyundai', 6, ['Sonata', 'Elantra', 'Tucson', 'Santa Fe', 'Ioniq']],
  ['Kia', 6, ['Optima', 'K5', 'Sorento', 'Sportage', 'Niro', 'Carnival']],
  ['Ford', 5, ['Fusion', 'Explorer', 'Escape', 'Transit Connect', 'Edge']],
  ['Chevrolet', 5, ['Malibu', 'Equinox', 'Suburban', 'Tahoe', 'Bolt EV']],
  ['Lexus', 5, ['ES', 'RX', 'GX', 'NX']],
  ['Tesla', 5, ['Model 3', 'Model Y', 'Model S', 'Model X']],
  ['Lincoln', 4, ['Navigator', 'MKT', 'Aviator', 'Continental']],
  ['Cadillac', 3, ['Escalade', 'XTS', 'CT6', 'XT5']],
  ['Subaru', 2, ['Outback', 'Forester', 'Legacy', 'Ascent']],
  ['Mazda', 2, ['CX-5', 'Mazda6', 'CX-9', 'Mazda3']],
  ['Volkswagen', 2, ['Passat', 'Jetta', 'Atlas', 'Tiguan']],
  ['BMW', 1, ['X5', 'X3', 'i3']],
  ['Mercedes-Benz', 2, ['E-Class', 'S-Class', 'GLE-Class', 'Sprinter']],
  ['Audi', 1, ['A6', 'Q7', 'A4', 'Q5']],
  ['Chrysler', 2, ['Pacifica', '300', 'Voyager']],
  ['Dodge', 2, ['Grand Caravan', 'Durango', 'Charger']],
  ['Jeep', 1, ['Grand Cherokee', 'Cherokee', 'Compass']],
  ['GMC', 2, ['Yukon', 'Acadia', 'Terrain']],
  ['Buick', 1, ['Enclave', 'LaCrosse', 'Encore']],
  ['Acura', 1, ['MDX', 'RDX', 'TLX']],
  ['Infiniti', 1, ['QX60', 'QX80', 'Q50']],
  ['Volvo', 1, ['XC90', 'S90', 'XC60']],
  ['Mitsubishi', 1, ['Outlander', 'Mirage']],
  ['Genesis', 1, ['G80', 'G90', 'GV80']],
  ['Land Rover', 1, ['Range Rover', 'Discovery']],
  ['Ram', 1, ['ProMaster City']],
  ['Polestar', 1, []],
];

export interface MakeChoice {
  makeId: number;
  makeName: string;
  models: { id: number; name: string }[];
}

function resolveMakes(): { value: MakeChoice; weight: number }[] {
  return MAKE_PLAN.map(([name, weight, modelNames]) => {
    const make = findMake(name);
    if (!make) throw new Error(`car data has no make "${name}"`);
    const models = modelNames.flatMap((m) => {
      const model = findModel(make.make_id, m);
      return model ? [{ id: model.model_id, name: model.model_name }] : [];
    });
    // Makes whose usual models are not in the data set get their first few models instead.
    for (const m of listModels(make.make_id) ?? []) {
      if (models.length >= 2) break;
      if (!models.some((x) => x.id === m.model_id)) models.push({ id: m.model_id, name: m.model_name });
    }
    return { value: { makeId: make.make_id, makeName: make.make_name, models }, weight };
  });
}

/** Queens and Brooklyn first, then the Bronx, Manhattan, Staten Island and the towns around. */
const ZIPS = [
  '11101',
  '11102',
  '11103',
  '11104',
  '11106',
  '11354',
  '11355',
  '11358',
  '11368',
  '11369',
  '11372',
  '11373',
  '11374',
  '11375',
  '11377',
  '11385',
  '11418',
  '11419',
  '11420',
  '11432',
  '11433',
  '11434',
  '11435',
  '11436',
  '11201',
  '11203',
  '11204',
  '11207',
  '11208',
  '11209',
  '11214',
  '11220',
  '11223',
  '11226',
  '11229',
  '11230',
  '11235',
  '11236',
  '10451',
  '10452',
  '10456',
  '10458',
  '10462',
  '10467',
  '10469',
  '10001',
  '10025',
  '10027',
  '10031',
  '10032',
  '10034',
  '10040',
  '10301',
  '10314',
  '07302',
  '07030',
  '07087',
  '10701',
  '10550',
  '11550',
];

const OWNER_COUNT = 8;
const COLORS = ['Black', 'White', 'Silver', 'Gray', 'Blue', 'Red'];
const TERMS = [
  'TLC insurance and maintenance are included.',
  'Insurance included; you pay gas and tolls.',
  'Oil changes and tyres are on us. E-ZPass ready.',
  'Deposit $500, refundable when you return the car clean.',
  'Weekly payment by card or Zelle. Long-term drivers get a discount.',
];
const COLUMNS = [
  'id',
  'user_id',
  'status',
  'category',
  'deal_type',
  'title',
  'description',
  'price_cents',
  'payment_period',
  'images',
  'plate_number',
  'vin',
  'view_count',
  'published_at',
  'name',
  'email',
  'phone_number',
  'location_city',
  'location_state',
  'location_zip',
  'car_make',
  'car_make_id',
  'car_model',
  'car_model_id',
  'car_year',
  'car_body_class',
  'car_fuel',
  'car_door_number',
  'car_seat_number',
  'car_seat_row_number',
  'created_at',
  'updated_at',
] as const;
type Cell = string | number | null;

const CATEGORY = COLUMNS.indexOf('category');
const DEAL_TYPE = COLUMNS.indexOf('deal_type');
const PRICE = COLUMNS.indexOf('price_cents');
const PERIOD = COLUMNS.indexOf('payment_period');

/** One listing in ten is for sale: one price (cars $8k–$45k, medallions and plates $18k–$190k), no period. */
function listingRow(g: RowSource): Cell[] {
  const { rand } = g;
  const row = rentalRow(g);
  if (rand() < 0.1) {
    row[DEAL_TYPE] = 'sale';
    row[PERIOD] = null;
    row[PRICE] = (row[CATEGORY] === 'plates' ? between(rand, 18, 190) : between(rand, 8, 45)) * 1000_00;
  }
  return row;
}

function rentalRow({ rand, ids, makes, owners, now }: RowSource): Cell[] {
  const isCar = rand() < 0.75;
  const status = weighted(rand, [
    { value: 'ACTIVE', weight: 90 },
    { value: 'DRAFT', weight: 4 },
    { value: 'UNDER_REVIEW', weight: 2 },
    { value: 'INACTIVE', weight: 4 },
  ]);
  // Skewed towards the first zips (busy Queens/Brooklyn areas), every zip used.
  const zip = ZIPS[Math.floor(Math.pow(rand(), 1.6) * ZIPS.length)]!;
  const place = locationIndex().lookupZip(zip);
  const monthly = rand() < 0.25;
  const priceCents = between(rand, 80, 2000) * 100;
  const publishedAt = status === 'ACTIVE' || status === 'INACTIVE' ? now - Math.floor(rand() * 365 * 86_400_000) : null;
  const createdAt = new Date((publishedAt ?? now) - between(rand, 1, 7 * 86_400) * 1000).toISOString();
  const images = JSON.stringify(Array.from({ length: between(rand, 1, 3) }, () => `${hex(ids, 16)}.webp`));
  const owner = between(rand, 0, owners.length - 1);
  const common = {
    user: owners[owner]!,
    name: `Bench Owner ${owner + 1}`,
    email: `owner${owner + 1}@bench.example`,
    phone: `(718) 555-01${String(owner).padStart(2, '0')}`,
  };
  // Views, publication and the owner's contact and place: the same columns for cars and plates, drawn
  // where the row's other random values leave off (the row order of rand() calls stays as it was).
  const viewsAndContact = () => [
    between(rand, 0, 500),
    publishedAt === null ? null : new Date(publishedAt).toISOString(),
    common.name,
    common.email,
    common.phone,
    place?.city ?? 'New York',
    place?.state ?? 'NY',
    rand() < 0.9 ? zip : null,
  ];
  if (isCar) {
    const make = weighted(rand, makes);
    const model = pick(rand, make.models);
    const year = between(rand, 2012, 2025);
    const color = pick(rand, COLORS);
    return [
      uuid(ids),
      common.user,
      status,
      'cars',
      'rent',
      `${year} ${make.makeName} ${model.name}, TLC ready`,
      `${color} ${model.name}. ${pick(rand, TERMS)} ${pick(rand, TERMS)}`,
      priceCents,
      monthly ? 'monthly' : 'weekly',
      images,
      rand() < 0.7 ? `T${between(rand, 600000, 799999)}C` : null,
      rand() < 0.6 ? hex(ids, 17).toUpperCase() : null,
      ...viewsAndContact(),
      make.makeName,
      make.makeId,
      model.name,
      model.id,
      year,
      'Sedan/Saloon',
      pick(rand, ['Gasoline', 'Hybrid', 'Electric']),
      4,
      5,
      2,
      createdAt,
      createdAt,
    ];
  }
  return [
    uuid(ids),
    common.user,
    status,
    'plates',
    'rent',
    pick(rand, ['TLC FHV plate for rent', 'Yellow taxi medallion lease', 'FHV plates, base included']),
    `For-hire vehicle plates for your own car. ${pick(rand, TERMS)}`,
    priceCents,
    monthly ? 'monthly' : 'weekly',
    images,
    `T${between(rand, 600000, 799999)}C`,
    null,
    ...viewsAndContact(),
    null,
    null,
    null,
    null,
    null,
    null,
    null,
    null,
    null,
    null,
    createdAt,
    createdAt,
  ];
}

interface RowSource {
  /** The row's values (the order of its calls is the data set: keep it). */
  rand: Rand;
  /** Ids, picture names and VINs, from a stream of their own. */
  ids: Rand;
  makes: { value: MakeChoice; weight: number }[];
  owners: string[];
  now: number;
}

const HEX = '0123456789abcdef';
function hex(rand: Rand, length: number): string {
  let out = '';
  for (let i = 0; i < length; i++) out += HEX[Math.floor(rand() * 16)];
  return out;
}
/** A version-4 UUID from the generator. */
function uuid(rand: Rand): string {
  const h = hex(rand, 32);
  const variant = HEX[8 + Math.floor(rand() * 4)];
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-4${h.slice(13, 16)}-${variant}${h.slice(17, 20)}-${h.slice(20, 32)}`;
}

/** The PostgreSQL type of each column, for the unnest arrays. */
const COLUMN_TYPES: Record<(typeof COLUMNS)[number], string> = {
  id: 'uuid',
  user_id: 'text',
  status: 'text',
  category: 'text',
  deal_type: 'text',
  title: 'text',
  description: 'text',
  price_cents: 'int4',
  payment_period: 'text',
  images: 'jsonb',
  plate_number: 'text',
  vin: 'text',
  view_count: 'int4',
  published_at: 'timestamptz',
  name: 'text',
  email: 'text',
  phone_number: 'text',
  location_city: 'text',
  location_state: 'text',
  location_zip: 'text',
  car_make: 'text',
  car_make_id: 'int4',
  car_model: 'text',
  car_model_id: 'int4',
  car_year: 'int4',
  car_body_class: 'text',
  car_fuel: 'text',
  car_door_number: 'int4',
  car_seat_number: 'int4',
  car_seat_row_number: 'int4',
  created_at: 'timestamptz',
  updated_at: 'timestamptz',
};

export interface LoadResult {
  makes: MakeChoice[];
  /** Milliseconds of each phase: rows (generate + insert), indexes (and foreign keys), vacuum (VACUUM ANALYZE, CHECKPOINT). */
  ms: { rows: number; indexes: number; vacuum: number; total: number };
}

/** Loads `count` listings (and their 8 owners) into the migrated, empty database at `url`. */
export async function loadListings(url: string, count: number): Promise<LoadResult> {
  const started = performance.now();
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    // One session of bulk work: commits need not wait for the WAL flush (a crash loses a bench
    // database), index builds get memory.
    await client.query(`SET synchronous_commit = off`);
    await client.query(`SET maintenance_work_mem = '256MB'`);
    const owners = Array.from({ length: OWNER_COUNT }, (_, i) => `bench-owner-${i + 1}`);
    await client.query(
      `INSERT INTO "user" (id, name, email, email_verified, status) SELECT id, 'Bench Owner ' || n, 'owner' || n || '@bench.example', true, 'CONFIRMED'
       FROM unnest($1::text[]) WITH ORDINALITY AS o(id, n)`,
      [owners],
    );

    // The secondary indexes and foreign keys, exactly as the migrations made them, to build again after the load.
    const indexes = await client.query<{ name: string; def: string }>(
      `SELECT i.relname AS name, pg_get_indexdef(i.oid) AS def FROM pg_index x JOIN pg_class i ON i.oid = x.indexrelid
       WHERE x.indrelid = 'listings'::regclass AND NOT EXISTS (SELECT 1 FROM pg_constraint c WHERE c.conindid = i.oid)`,
    );
    const foreignKeys = await client.query<{ name: string; def: string }>(
      `SELECT conname AS name, pg_get_constraintdef(oid) AS def FROM pg_constraint WHERE conrelid = 'listings'::regclass AND contype = 'f'`,
    );
    for (const fk of foreignKeys.rows) await client.query(`ALTER TABLE listings DROP CONSTRAINT "${fk.name}"`);
    for (const index of indexes.rows) await client.query(`DROP INDEX "${index.name}"`);

    const makes = resolveMakes();
    const g: RowSource = { rand: prng(DATA_SEED), ids: prng(ID_SEED), makes, owners, now: NOW };
    const insert = `INSERT INTO listings (${COLUMNS.map((c) => `"${c}"`).join(', ')}) SELECT * FROM unnest(${COLUMNS.map(
      (c, i) => `$${i + 1}::${COLUMN_TYPES[c]}[]`,
    ).join(', ')})`;
    let inFlight: Promise<unknown> | undefined;
    for (let done = 0; done < count; done += BATCH) {
      const n = Math.min(BATCH, count - done);
      const columns: Cell[][] = COLUMNS.map(() => new Array<Cell>(n));
      for (let r = 0; r < n; r++) {
        const row = listingRow(g);
        for (let c = 0; c < row.length; c++) columns[c]![r] = row[c]!;
      }
      await inFlight; // one batch in PostgreSQL while the next one is generated
      inFlight = client.query(insert, columns);
    }
    await inFlight;
    const rowsDone = performance.now();

    for (const index of indexes.rows) await client.query(index.def);
    for (const fk of foreignKeys.rows) await client.query(`ALTER TABLE listings ADD CONSTRAINT "${fk.name}" ${fk.def}`);
    const indexesDone = performance.now();
    // What autovacuum does soon after a bulk load: statistics, and the visibility map that lets
    // counts use index-only scans; the maintained counts (rewritten by their triggers once per batch)
    // lose their dead row versions. Doing it here keeps runs comparable.
    await client.query('VACUUM (ANALYZE) listings, listing_counts');
    // The load's pages reach the disk now, not during a measurement: a checkpoint that the load's WAL
    // started spreads its writes (checkpoint_completion_target); after 1,000,000 rows the server's log
    // showed one writing for a minute into the first measurements. CHECKPOINT needs a superuser or
    // pg_checkpoint (PostgreSQL 15); without it the run goes on as before.
    await client
      .query('CHECKPOINT')
      .catch((error: Error) => console.warn(`CHECKPOINT after the load was refused (${error.message}): measurements may overlap its writes`));
    const end = performance.now();
    return {
      makes: makes.map((m) => m.value),
      ms: { rows: rowsDone - started, indexes: indexesDone - rowsDone, vacuum: end - indexesDone, total: end - started },
    };
  } finally {
    await client.end();
  }
}

/** The makes and models the generator uses (those loadListings answers), without loading anything. */
export function seedMakes(): MakeChoice[] {
  return resolveMakes().map((m) => m.value);
}
