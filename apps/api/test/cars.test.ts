import { describe, expect, it } from 'vitest';
import type { CarMake, CarModel } from '@medallion/contracts/listings';
import { findMake, findModel, listMakes, listModels } from '../src/integrations/car-data/car-data';
import { resolveFleetVehicle, TLC_FLEET } from '../src/integrations/car-data/tlc-fleet';
import { buildTestApp } from './helpers/build-test-app';

const REQUIRED_MAKES = [
  'Toyota',
  'Honda',
  'Nissan',
  'Ford',
  'Chevrolet',
  'Lincoln',
  'Cadillac',
  'Hyundai',
  'Kia',
  'Tesla',
  'Lexus',
  'Chrysler',
  'GMC',
  'Mercedes-Benz',
  'BMW',
  'Subaru',
  'Volkswagen',
];

const byName = (a: string, b: string) => a.localeCompare(b, 'en', { sensitivity: 'base', numeric: true });
const isSorted = (names: string[]) => names.every((name, i) => i === 0 || byName(names[i - 1]!, name) <= 0);

describe('GET /api/cars', async () => {
  const { app } = await buildTestApp();

  it('lists the makes sorted by name, with the ones TLC drivers drive', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/cars/makes' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=86400');
    const makes = res.json<CarMake[]>();
    expect(makes.length).toBeGreaterThanOrEqual(60);
    expect(makes.length).toBeLessThanOrEqual(250);
    const names = makes.map((m) => m.make_name);
    expect(isSorted(names)).toBe(true);
    expect(names).toEqual(expect.arrayContaining(REQUIRED_MAKES));
    expect(new Set(makes.map((m) => m.make_id)).size).toBe(makes.length);
    expect(makes).toEqual(listMakes());
    expect(makes[0]).toEqual({ make_id: expect.any(Number), make_name: expect.any(String) });
  });

  it('lists the models of a make, sorted by name', async () => {
    const toyota = findMake('Toyota')!;
    const res = await app.inject({ method: 'GET', url: `/api/cars/models-by-make-id?make-id=${toyota.make_id}` });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=86400');
    const models = res.json<CarModel[]>();
    const names = models.map((m) => m.model_name);
    expect(names).toEqual(expect.arrayContaining(['Camry', 'RAV4', 'Prius', 'Sienna', 'Highlander', 'Corolla']));
    expect(isSorted(names)).toBe(true);
    expect(models).toEqual(listModels(toyota.make_id));
  });

  it('answers 404 for a make that is not in the list', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/cars/models-by-make-id?make-id=999999999' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ code: 'NOT_FOUND', key: 'cars.makeUnknown', message: 'This make is not in our list.' });
  });

  it('answers 400 for a make id that is not a number, or none', async () => {
    for (const url of ['/api/cars/models-by-make-id?make-id=abc', '/api/cars/models-by-make-id']) {
      const res = await app.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ code: 'VALIDATION_ERROR', message: expect.any(String) });
    }
  });

  it('documents both calls under the cars tag', async () => {
    const doc = (await app.inject({ method: 'GET', url: '/api/docs/json' })).json();
    expect(doc.paths['/api/cars/makes'].get.tags).toEqual(['cars']);
    expect(doc.paths['/api/cars/models-by-make-id'].get.tags).toEqual(['cars']);
  });
});

describe('car data', () => {
  it('finds makes and models by name, ignoring case and spaces', () => {
    const make = findMake('  mercedes-benz ')!;
    expect(make.make_name).toBe('Mercedes-Benz');
    expect(findModel(make.make_id, 's-class')?.model_name).toBe('S-Class');
    expect(findMake('No Such Make')).toBeUndefined();
    expect(findModel(make.make_id, 'Camry')).toBeUndefined();
    expect(listModels(-1)).toBeUndefined();
  });

  it('has the common models of the required makes', () => {
    const required: Record<string, string[]> = {
      Honda: ['Accord', 'Odyssey', 'CR-V', 'Pilot'],
      Nissan: ['Rogue', 'Altima', 'Pathfinder'],
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
      'Mercedes-Benz': ['S-Class', 'E-Class'],
      BMW: ['530i', '540i'],
      Subaru: ['Outback', 'Forester'],
      Volkswagen: ['Atlas', 'Passat'],
    };
    for (const [makeName, models] of Object.entries(required)) {
      const make = findMake(makeName);
      expect(make, makeName).toBeDefined();
      for (const model of models) expect(findModel(make!.make_id, model), `${makeName} ${model}`).toBeDefined();
    }
  });

  it('resolves every TLC fleet vehicle to a make and model of the data', () => {
    const unresolved = TLC_FLEET.filter((v) => !resolveFleetVehicle(v)).map((v) => `${v.make} ${v.model}`);
    expect(unresolved).toEqual([]);
    for (const v of TLC_FLEET) {
      const resolved = resolveFleetVehicle(v)!;
      expect(listModels(resolved.make_id)).toContainEqual({ model_id: resolved.model_id, model_name: resolved.model_name });
      expect(v.years[0]).toBeLessThanOrEqual(v.years[1]);
      expect(v.weeklyRent[0]).toBeLessThan(v.weeklyRent[1]);
      expect(v.seats).toBeGreaterThanOrEqual(v.seatRows * 2);
    }
    expect(resolveFleetVehicle({ make: 'Toyota', model: 'Cybertruck' })).toBeUndefined();
  });
});
