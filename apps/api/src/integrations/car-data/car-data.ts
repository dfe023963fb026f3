import type { CarMake, CarModel } from '@medallion/contracts/listings';
import data from './makes-models.json' with { type: 'json' };

/**
 * Offline car makes and models (NHTSA vPIC, derived by scripts/derive-car-data.ts), with the vPIC
 * ids. The JSON is bundled into the build; both lists come sorted by name.
 */
interface CarDataFile {
  source: string;
  makes: [makeId: number, makeName: string, models: [modelId: number, modelName: string][]][];
}

interface MakeEntry {
  make: CarMake;
  models: CarModel[];
  modelsByName: Map<string, CarModel>;
}

const key = (name: string) => name.trim().replace(/\s+/g, ' ').toLowerCase();

const makes: CarMake[] = [];
const byId = new Map<number, MakeEntry>();
const byName = new Map<string, MakeEntry>();
for (const [makeId, makeName, rawModels] of (data as unknown as CarDataFile).makes) {
  const make: CarMake = { make_id: makeId, make_name: makeName };
  const models = rawModels.map(([modelId, modelName]): CarModel => ({ model_id: modelId, model_name: modelName }));
  const entry: MakeEntry = { make, models, modelsByName: new Map(models.map((m) => [key(m.model_name), m])) };
  makes.push(make);
  byId.set(makeId, entry);
  byName.set(key(makeName), entry);
}

/** Every make, sorted by name. */
export function listMakes(): CarMake[] {
  return makes;
}

/** The models of a make, sorted by name; undefined for an unknown make id. */
export function listModels(makeId: number): CarModel[] | undefined {
  return byId.get(makeId)?.models;
}

/** A make by name (case-insensitive, trimmed). */
export function findMake(name: string): CarMake | undefined {
  return byName.get(key(name))?.make;
}

/** A model of a make by name (case-insensitive, trimmed). */
export function findModel(makeId: number, name: string): CarModel | undefined {
  return byId.get(makeId)?.modelsByName.get(key(name));
}
