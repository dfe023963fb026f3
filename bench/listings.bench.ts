// GET /api/listing-all under load on PostgreSQL: the real app against a minimal "raw" server that
// runs the very same SQL (taken from drizzle: searchQuerySql(...)) on a plain pg.Pool of
// the same size and answers the same JSON. A throwaway database gets 100,000 listings first.
// Prints requests/s, p50 and p99 for both, the ratio app/raw (target >= 0.7) and per-query timings.
//   npm run bench:listings       BENCH_DURATION=20 BENCH_CONNECTIONS=50 BENCH_LISTINGS=100000 npm run bench:listings
//   BENCH_EXPLAIN=1 also prints the EXPLAIN ANALYZE plan of every query; BENCH_VERBOSE=1 the SQL;
//   BENCH_ONLY=<regex> loads only the matching queries; BENCH_KEEP_DB=1 keeps the database.
// The servers run in a child process (this file again, BENCH_LISTINGS_ROLE=servers) so that
// autocannon does not share an event loop with them.
import type { ChildProcess } from 'node:child_process';
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { isDeepStrictEqual } from 'node:util';
import autocannon from 'autocannon';
import pg from 'pg';
import { listingFiltersQuerySchema, MARKETPLACE_PAGE_SIZE, type Listing } from '@medallion/contracts/listings';
import { openDatabase } from '@medallion/db/client';
import { buildApp } from '../apps/api/src/app';
import { benchAppConfig } from './lib/app-config';
import { forkServer, reportFailures, serveUntilStopped, stopServer } from './lib/server-process';
import { findMake, findModel, listModels } from '../apps/api/src/integrations/car-data/car-data';
import { locationIndex } from '../apps/api/src/integrations/locations/zip-index';
import { MEDIA_ROUTE_PREFIX } from '../apps/api/src/integrations/storage/disk-storage';
import { searchQuerySql } from '../apps/api/src/modules/listings/search-listings';
// Deterministic data (mulberry32): the same seed gives the same listings on every machine.
import { prng } from '@medallion/demo/prng';

const PG_ADMIN = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const LISTING_COUNT = Number(process.env.BENCH_LISTINGS ?? 100_000);
const DURATION_S = Number(process.env.BENCH_DURATION ?? 5);
const ROUNDS = Math.max(1, Number(process.env.BENCH_ROUNDS ?? 3));
const WARMUP_S = Number(process.env.BENCH_WARMUP ?? 2);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const SERIAL_RUNS = Number(process.env.BENCH_SERIAL_RUNS ?? 15);
const TARGET_RATIO = 0.7;
const SCRIPT = fileURLToPath(import.meta.url);

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

interface MakeChoice {
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
type Cell = string | number | Date | null;

const CATEGORY = COLUMNS.indexOf('category');
const DEAL_TYPE = COLUMNS.indexOf('deal_type');
const PRICE = COLUMNS.indexOf('price_cents');
const PERIOD = COLUMNS.indexOf('payment_period');

/** One listing in ten is for sale: one price (cars $8k–$45k, medallions and plates $18k–$190k), no period. */
function listingRow(rand: Rand, makes: { value: MakeChoice; weight: number }[], owners: string[], now: number): Cell[] {
  const row = rentalRow(rand, makes, owners, now);
  if (rand() < 0.1) {
    row[DEAL_TYPE] = 'sale';
    row[PERIOD] = null;
    row[PRICE] = (row[CATEGORY] === 'plates' ? between(rand, 18, 190) : between(rand, 8, 45)) * 1000_00;
  }
  return row;
}

function rentalRow(rand: Rand, makes: { value: MakeChoice; weight: number }[], owners: string[], now: number): Cell[] {
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
  const publishedAt = status === 'ACTIVE' || status === 'INACTIVE' ? new Date(now - Math.floor(rand() * 365 * 86_400_000)) : null;
  const createdAt = new Date((publishedAt?.getTime() ?? now) - between(rand, 1, 7 * 86_400) * 1000);
  const images = JSON.stringify(Array.from({ length: between(rand, 1, 3) }, () => `${randomBytes(8).toString('hex')}.webp`));
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
    publishedAt,
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
      randomUUID(),
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
      rand() < 0.6 ? randomBytes(9).toString('hex').slice(0, 17).toUpperCase() : null,
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
    randomUUID(),
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

async function loadListings(url: string): Promise<{ ms: number; makes: MakeChoice[] }> {
  const started = performance.now();
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const owners = Array.from({ length: OWNER_COUNT }, (_, i) => `bench-owner-${i + 1}`);
    await client.query(
      `INSERT INTO "user" (id, name, email, email_verified, status) SELECT id, 'Bench Owner ' || n, 'owner' || n || '@bench.example', true, 'CONFIRMED'
       FROM unnest($1::text[]) WITH ORDINALITY AS o(id, n)`,
      [owners],
    );
    const makes = resolveMakes();
    const rand = prng(20_250_101);
    const now = Date.now();
    const BATCH = 1000; // 32 columns x 1000 rows, under the 65,535 bind-parameter limit
    const insertPrefix = `INSERT INTO listings (${COLUMNS.map((c) => `"${c}"`).join(', ')}) VALUES `;
    await client.query('BEGIN');
    for (let done = 0; done < LISTING_COUNT; done += BATCH) {
      const n = Math.min(BATCH, LISTING_COUNT - done);
      const values: Cell[] = [];
      const tuples: string[] = [];
      for (let r = 0; r < n; r++) {
        const row = listingRow(rand, makes, owners, now);
        tuples.push(`(${row.map((_, c) => `$${values.length + c + 1}`).join(', ')})`);
        values.push(...row);
      }
      await client.query(insertPrefix + tuples.join(', '), values);
    }
    await client.query('COMMIT');
    // What autovacuum does soon after a bulk load: statistics, and the visibility map that lets
    // counts use index-only scans. Doing it here keeps runs comparable.
    await client.query('VACUUM (ANALYZE)');
    return { ms: performance.now() - started, makes: makes.map((m) => m.value) };
  } finally {
    await client.end();
  }
}

/** The rotating filter queries (the web app's query keys). */
function benchQueries(makes: MakeChoice[]): string[] {
  const toyota = makes.find((m) => m.makeName === 'Toyota')!;
  const camry = toyota.models.find((m) => m.name === 'Camry')!;
  const honda = makes.find((m) => m.makeName === 'Honda')!;
  const tesla = makes.find((m) => m.makeName === 'Tesla')!;
  const base = '/api/listing-all';
  const all = [
    base,
    `${base}?category=cars`,
    `${base}?category=plates`,
    `${base}?category=cars&car_make_value=${toyota.makeId}&car_make=Toyota&car_model_value=${camry.id}&car_model=Camry&car_year_min=2018&car_year_max=2023&price_min=300&price_max=900`,
    `${base}?category=cars&car_make_value=${honda.makeId}&car_make=Honda`,
    `${base}?category=cars&car_make_value=${tesla.makeId}&car_make=Tesla&car_year_min=2021`,
    `${base}?location_zip=11368`,
    `${base}?location_city=Brooklyn&location_state=NY`,
    `${base}?location=Jam`,
    `${base}?price_min=200&price_max=500`,
    `${base}?category=cars&price_max=400&page=2`,
    `${base}?page=3`,
    `${base}?deal_type=sale`,
    `${base}?deal_type=rent&price_period=weekly&price_min=300&price_max=500`,
    `${base}?category=cars&deal_type=rent&price_period=monthly&price_max=2000&sort=price_asc`,
    `${base}?deal_type=sale&sort=price_desc`,
    `${base}?category=cars&sort=year_desc`,
    `${base}?sort=price_asc&page=2`,
  ];
  const only = process.env.BENCH_ONLY ? new RegExp(process.env.BENCH_ONLY) : undefined;
  const chosen = only ? all.filter((p) => only.test(p)) : all;
  if (chosen.length === 0) throw new Error(`BENCH_ONLY=${process.env.BENCH_ONLY} matches no query`);
  return chosen;
}

// ---------------------------------------------------------------------------------------------
// Child process: the real app and the raw server.

interface PreparedQuery {
  path: string;
  sql: string;
  params: unknown[];
  statement: string;
}
interface ServersReady {
  type: 'ready';
  appPort: number;
  rawPort: number;
  poolSize: number;
  queries: PreparedQuery[];
}

interface RawRow {
  id: string;
  user_id: string;
  status: Listing['status'];
  category: Listing['category'];
  deal_type: Listing['deal_type'];
  title: string | null;
  description: string | null;
  price_cents: number | null;
  payment_period: Listing['payment_period'];
  images: string[];
  plate_number: string | null;
  vin: string | null;
  view_count: number;
  published_at: Date | null;
  name: string | null;
  email: string | null;
  phone_number: string | null;
  location_city: string | null;
  location_state: string | null;
  location_zip: string | null;
  car_make: string | null;
  car_make_id: number | null;
  car_model: string | null;
  car_model_id: number | null;
  car_year: number | null;
  car_body_class: string | null;
  car_fuel: string | null;
  car_door_number: number | null;
  car_seat_number: number | null;
  car_seat_row_number: number | null;
  rejection_reason: string | null;
  count: string;
}

/** The listing JSON of the API (toListing), from a raw pg row. */
function rawListing(r: RawRow): Listing {
  const hasLocation = r.location_city !== null && r.location_state !== null;
  return {
    listing_id: r.id,
    user_id: r.user_id,
    status: r.status,
    category: r.category,
    deal_type: r.deal_type,
    title: r.title,
    description: r.description,
    price: r.price_cents === null ? null : r.price_cents / 100,
    payment_period: r.payment_period,
    images: r.images,
    image_urls: r.images.map((n) => `${MEDIA_ROUTE_PREFIX}${r.id}/${n}`),
    thumbnail_urls: r.images.map((n) => `${MEDIA_ROUTE_PREFIX}${r.id}/thumbs/${n}`),
    plate_number: r.plate_number,
    vin: r.vin,
    view_count: r.view_count,
    timestamp: r.published_at ? r.published_at.toISOString() : null,
    name: r.name,
    email: r.email,
    phone_number: r.phone_number,
    location: hasLocation ? { city: r.location_city!, state: r.location_state!, ...(r.location_zip ? { zip_code: r.location_zip } : {}) } : null,
    car_make: r.car_make,
    car_make_id: r.car_make_id,
    car_model: r.car_model,
    car_model_id: r.car_model_id,
    car_year: r.car_year,
    car_body_class: r.car_body_class,
    car_fuel: r.car_fuel,
    car_door_number: r.car_door_number,
    car_seat_number: r.car_seat_number,
    car_seat_row_number: r.car_seat_row_number,
    rejection_reason: r.rejection_reason,
  };
}

async function runServers(): Promise<void> {
  const url = process.env.BENCH_DB_URL!;
  const paths = JSON.parse(process.env.BENCH_PATHS!) as string[];
  const dataDir = mkdtempSync(join(tmpdir(), 'medallion-bench-listings-'));
  const database = await openDatabase({ kind: 'postgres', url }); // the app's own pool settings
  const appPool = (database.db as unknown as { $client?: pg.Pool }).$client;
  const poolSize = appPool?.options.max;
  if (!poolSize) throw new Error("could not read the app's pool size from drizzle's $client");
  const config = benchAppConfig(dataDir);
  const app = await buildApp({ config, database, serveWeb: false });
  await app.listen({ host: '127.0.0.1', port: 0 });

  // The same SQL text and parameters as the app's, from drizzle, prepared once per path.
  const queries: PreparedQuery[] = paths.map((path) => {
    const filters = listingFiltersQuerySchema.parse(Object.fromEntries(new URL(path, 'http://x').searchParams));
    const { sql, params } = searchQuerySql(database.db, filters);
    // A named statement per SQL text, as the app prepares one per search shape: both parse and plan once per connection.
    return { path, sql, params, statement: `raw_${createHash('sha1').update(sql).digest('hex').slice(0, 12)}` };
  });
  const byPath = new Map(queries.map((q) => [q.path, q]));
  const pageSizeOf = new Map(
    paths.map((p) => {
      const f = listingFiltersQuerySchema.parse(Object.fromEntries(new URL(p, 'http://x').searchParams));
      return [p, { page: f.page ?? 1, pageSize: f.page_size ?? MARKETPLACE_PAGE_SIZE }];
    }),
  );
  const rawPool = new pg.Pool({ connectionString: url, max: poolSize });
  const raw: Server = createServer((req, res) => {
    const q = byPath.get(req.url ?? '');
    if (!q) {
      res.writeHead(404).end();
      return;
    }
    rawPool.query<RawRow>({ name: q.statement, text: q.sql, values: q.params }).then(
      (result) => {
        const paging = pageSizeOf.get(q.path)!;
        const body = JSON.stringify({
          data: {
            listings: result.rows.map(rawListing),
            total: result.rows.length ? Number(result.rows[0]!.count) : 0,
            page: paging.page,
            page_size: paging.pageSize,
          },
        });
        res.writeHead(200, { 'content-type': 'application/json; charset=utf-8', 'content-length': Buffer.byteLength(body) });
        res.end(body);
      },
      (error: Error) => {
        res.writeHead(500).end(error.message);
      },
    );
  });
  await new Promise<void>((resolve) => raw.listen(0, '127.0.0.1', resolve));

  const ready: ServersReady = {
    type: 'ready',
    appPort: (app.server.address() as AddressInfo).port,
    rawPort: (raw.address() as AddressInfo).port,
    poolSize,
    queries,
  };
  serveUntilStopped(ready, async () => {
    raw.close();
    await app.close();
    await rawPool.end();
    await database.close();
    rmSync(dataDir, { recursive: true, force: true });
  });
}

// ---------------------------------------------------------------------------------------------
// Parent: database, data, verification, load, report.

function startServers(url: string, paths: string[]) {
  return forkServer<ServersReady>(SCRIPT, { BENCH_LISTINGS_ROLE: 'servers', BENCH_DB_URL: url, BENCH_PATHS: JSON.stringify(paths) });
}

async function getJson(url: string): Promise<{ data: { listings: Listing[]; total: number; page: number; page_size: number } }> {
  const res = await fetch(url);
  if (res.status !== 200) throw new Error(`GET ${url} answered ${res.status}: ${await res.text()}`);
  return (await res.json()) as { data: { listings: Listing[]; total: number; page: number; page_size: number } };
}

/** Both servers must give the same listing ids (and the same JSON) for every query. */
async function verify(appBase: string, rawBase: string, paths: string[]): Promise<Map<string, number>> {
  const totals = new Map<string, number>();
  for (const path of paths) {
    const [a, r] = await Promise.all([getJson(appBase + path), getJson(rawBase + path)]);
    const ids = (x: typeof a) => x.data.listings.map((l) => l.listing_id);
    if (!isDeepStrictEqual(ids(a), ids(r)) || a.data.total !== r.data.total) {
      throw new Error(`app and raw disagree on ${path}:\n app ${a.data.total} ${ids(a).join(',')}\n raw ${r.data.total} ${ids(r).join(',')}`);
    }
    if (!isDeepStrictEqual(a, r)) throw new Error(`app and raw return the same ids but different JSON for ${path}`);
    if (a.data.listings.length === 0) throw new Error(`${path} matches no listing: the bench query is not realistic`);
    totals.set(path, a.data.total);
  }
  return totals;
}

async function serialMedian(base: string, path: string): Promise<number> {
  const out: number[] = [];
  for (let i = 0; i < SERIAL_RUNS + 2; i++) {
    const start = performance.now();
    const res = await fetch(base + path);
    await res.arrayBuffer();
    if (i >= 2) out.push(performance.now() - start);
  }
  out.sort((a, b) => a - b);
  return out[Math.floor(out.length / 2)]!;
}

async function cannon(base: string, paths: string[], seconds: number): Promise<autocannon.Result> {
  const result = await autocannon({
    url: base,
    connections: CONNECTIONS,
    duration: seconds,
    requests: paths.map((path) => ({ method: 'GET', path })),
  });
  // Requests cut off at the end are still queued for the pool (FIFO): one more answered request
  // means they are done, so the next run does not start behind them.
  await (await fetch(base + paths[0])).arrayBuffer();
  return result;
}

async function main(): Promise<void> {
  const name = `medallion_bench_listings_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: PG_ADMIN });
  try {
    await admin.connect();
  } catch {
    console.error(`PostgreSQL not reachable at ${PG_ADMIN}`);
    process.exit(1);
  }
  await admin.query(`CREATE DATABASE "${name}"`);
  const dbUrl = new URL(PG_ADMIN);
  dbUrl.pathname = `/${name}`;
  const url = dbUrl.toString();
  let child: ChildProcess | undefined;
  let failed = false;
  const onSignal = () => {
    child?.kill();
    void admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`).finally(() => process.exit(130));
  };
  process.once('SIGINT', onSignal);
  process.once('SIGTERM', onSignal);
  try {
    const migrator = await openDatabase({ kind: 'postgres', url });
    await migrator.migrate();
    await migrator.close();
    const loaded = await loadListings(url);
    const paths = benchQueries(loaded.makes);
    console.log(`database ${name}: ${LISTING_COUNT.toLocaleString('en-US')} listings loaded + VACUUM ANALYZE in ${(loaded.ms / 1000).toFixed(1)} s`);

    const started = await startServers(url, paths);
    child = started.child;
    const { ready } = started;
    const appBase = `http://127.0.0.1:${ready.appPort}`;
    const rawBase = `http://127.0.0.1:${ready.rawPort}`;
    const totals = await verify(appBase, rawBase, paths);
    console.log(`verified: app and raw return the same listings for all ${paths.length} queries (pool size ${ready.poolSize} each)`);

    // Per query: matches, database execution time (EXPLAIN ANALYZE), serial latency through both servers.
    const pool = new pg.Pool({ connectionString: url, max: 1 });
    const rows: Record<string, string | number>[] = [];
    try {
      for (const q of ready.queries) {
        const explain = () =>
          pool.query<{ 'QUERY PLAN': { 'Execution Time': number; Plan: unknown }[] }>(`EXPLAIN (ANALYZE, BUFFERS, FORMAT JSON) ${q.sql}`, q.params);
        await explain(); // warm
        const explained = await explain();
        const plan = explained.rows[0]!['QUERY PLAN'][0]!;
        if (process.env.BENCH_EXPLAIN) {
          const text = await pool.query<{ 'QUERY PLAN': string }>(`EXPLAIN (ANALYZE, BUFFERS) ${q.sql}`, q.params);
          console.log(`\n${q.path}\n${text.rows.map((r) => r['QUERY PLAN']).join('\n')}`);
        }
        rows.push({
          query: q.path.replace('/api/listing-all', '') || '(no filter)',
          matches: totals.get(q.path)!,
          'db ms': Number(plan['Execution Time'].toFixed(1)),
          'app ms': Number((await serialMedian(appBase, q.path)).toFixed(1)),
          'raw ms': Number((await serialMedian(rawBase, q.path)).toFixed(1)),
        });
      }
    } finally {
      await pool.end();
    }
    console.log(`\nper query (one request at a time, median of ${SERIAL_RUNS}; db ms = EXPLAIN ANALYZE execution time):`);
    console.table(rows);
    if (process.env.BENCH_VERBOSE) console.log(ready.queries.map((q) => `${q.path}\n  ${q.sql}\n  ${JSON.stringify(q.params)}`).join('\n'));

    // Rounds alternate app and raw (app, raw, raw, app, ...) so that load from anything else on the
    // machine falls on both alike; the numbers are summed over the rounds.
    const perLabel: Record<'app' | 'raw', autocannon.Result[]> = { app: [], raw: [] };
    const order = (round: number) => (round % 2 === 0 ? (['app', 'raw'] as const) : (['raw', 'app'] as const));
    for (const label of ['app', 'raw'] as const) {
      const warm = await cannon(label === 'app' ? appBase : rawBase, paths, WARMUP_S);
      if (warm.errors || warm.non2xx) console.error(`${label} warm-up: ${warm.errors} errors, ${warm.non2xx} non-2xx`);
      failed ||= warm.errors + warm.timeouts + warm.non2xx > 0;
    }
    for (let round = 0; round < ROUNDS; round++) {
      for (const label of order(round)) perLabel[label].push(await cannon(label === 'app' ? appBase : rawBase, paths, DURATION_S));
    }
    const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
    const summary = (label: 'app' | 'raw') => {
      const rs = perLabel[label];
      const total = rs.reduce((n, r) => n + r.requests.total, 0);
      return {
        label,
        rps: total / (rs.length * DURATION_S),
        p50: median(rs.map((r) => r.latency.p50)),
        p99: median(rs.map((r) => r.latency.p99)),
        max: Math.max(...rs.map((r) => r.latency.max)),
        total,
        errors: rs.reduce((n, r) => n + r.errors, 0),
        timeouts: rs.reduce((n, r) => n + r.timeouts, 0),
        non2xx: rs.reduce((n, r) => n + r.non2xx, 0),
      };
    };
    const app = summary('app');
    const raw = summary('raw');
    console.log(
      `\nload: ${CONNECTIONS} connections, ${ROUNDS} alternating rounds of ${DURATION_S} s per server after ${WARMUP_S} s warm-up, ${paths.length} rotating queries`,
    );
    console.table(
      [app, raw].map((r) => ({
        server: r.label,
        'req/s': Math.round(r.rps),
        'p50 ms': r.p50,
        'p99 ms': r.p99,
        'max ms': r.max,
        requests: r.total,
        errors: r.errors,
        timeouts: r.timeouts,
        'non-2xx': r.non2xx,
      })),
    );
    console.log(`per-round ratios: ${perLabel.app.map((a, i) => (a.requests.average / perLabel.raw[i]!.requests.average).toFixed(2)).join(', ')}`);
    const ratio = app.rps / raw.rps;
    console.log(
      `app/raw requests/s ratio ${ratio.toFixed(2)} (target >= ${TARGET_RATIO}) ${ratio >= TARGET_RATIO ? 'OK' : 'BELOW TARGET'}; ` + `app p99 ${app.p99} ms`,
    );
    if (reportFailures([app, raw])) failed = true;
  } catch (error) {
    failed = true;
    console.error(error);
  } finally {
    await stopServer(child);
    if (process.env.BENCH_KEEP_DB) console.log(`kept database ${name}`);
    else await admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
    await admin.end();
  }
  process.exit(failed ? 1 : 0);
}

if (process.env.BENCH_LISTINGS_ROLE === 'servers') await runServers();
else await main();
