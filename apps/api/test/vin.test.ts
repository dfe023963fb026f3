import { readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { DecodedVin } from '@medallion/contracts/cars';
import { MESSAGES, type PlainMessageKey } from '@medallion/contracts/messages';
import { findMake, findModel } from '../src/integrations/car-data/car-data';
import { createVinDecoder, estimateSeating } from '../src/integrations/car-data/vin-decoder';
import { normaliseVin, validateVin, vinCheckDigit } from '../src/integrations/car-data/vin';
import { buildTestApp } from './helpers/build-test-app';

/**
 * One vPIC cache for every run (unpacking and indexing the ~85 MB database takes a second or two;
 * afterwards opening it takes milliseconds). Set VPIC_CACHE_DIR to use another folder.
 */
const VPIC_CACHE_DIR = process.env.VPIC_CACHE_DIR || join(tmpdir(), 'medallion-vpic-cache');

/** Public VINs with a correct check digit (the classic Honda example, corgi's README and test fixtures). */
const VALID_VINS = [
  '1HGCM82633A004352', // 2003 Honda Accord
  'KM8K2CAB4PU001140', // 2023 Hyundai Kona
  'JTDBT923291344240', // 2009 Toyota Yaris
  '2T3B1RFV0SC582226', // 2025 Toyota RAV4
  '2C4RC1L70PR614477', // 2023 Chrysler Pacifica
  'WBAVL1C5XFVY41004', // 2015 BMW X1: check digit X
];

const toyotaId = () => findMake('Toyota')!.make_id;

describe('VIN checks', () => {
  it('accepts real VINs', () => {
    for (const vin of VALID_VINS) {
      expect(validateVin(vin), vin).toEqual({ ok: true });
      expect(vinCheckDigit(vin), vin).toBe(vin[8]);
    }
    expect(vinCheckDigit('WBAVL1C5XFVY41004')).toBe('X');
  });

  it.each([
    // A check digit that does not match; the last is corgi's README example, which corgi decodes with
    // only a warning (it should be 1HGCM82673A123456).
    ['1HGCM82643A004352', 'check-digit'],
    ['JTDBT923X91344240', 'check-digit'],
    ['WBAVL1C50FVY41004', 'check-digit'],
    ['1HGCM82633A123456', 'check-digit'],
    // The length is checked first, then the characters (no I, O or Q, no lower case, nothing else).
    ['1HGCM82633A00435', 'length'],
    ['1HGCM82633A0043520', 'length'],
    ['', 'length'],
    ['1HGCM82633AO04352', 'characters'],
    ['IHGCM82633A004352', 'characters'],
    ['1HGCM82633A00435Q', 'characters'],
    ['1HGCM82633A00435*', 'characters'],
    ['1hgcm82633a004352', 'characters'],
  ])('rejects %j: %s', (vin, reason) => {
    expect(validateVin(vin)).toEqual({ ok: false, reason });
  });

  it('computes the check digit a mistyped VIN should have, and refuses characters a VIN cannot have', () => {
    expect(vinCheckDigit('1HGCM82633A123456')).toBe('7');
    expect(() => vinCheckDigit('1HGCM82633AO04352')).toThrow(RangeError);
  });

  it('normalises what people type', () => {
    expect(normaliseVin(' 1hgcm-82633 a004352\n')).toBe('1HGCM82633A004352');
    expect(normaliseVin('1HG CM8 2633 A00 4352')).toBe('1HGCM82633A004352');
  });
});

describe('seat estimates', () => {
  const toyota = toyotaId();
  const model = (name: string) => findModel(toyota, name)!.model_id;

  it('uses the TLC fleet figures for its models and years', () => {
    expect(estimateSeating({ make_id: toyota, model_id: model('Highlander'), year: 2022, body_class: null })).toEqual({ seats: 7, seat_rows: 3 });
    expect(estimateSeating({ make_id: toyota, model_id: model('RAV4'), year: 2025, body_class: null })).toEqual({ seats: 5, seat_rows: 2 });
  });

  it('falls back to the body class, and guesses nothing for SUVs', () => {
    const suv = 'Sport Utility Vehicle (SUV)/Multi-Purpose Vehicle (MPV)';
    expect(estimateSeating({ make_id: toyota, model_id: model('Highlander'), year: 2005, body_class: suv })).toEqual({ seats: null, seat_rows: null });
    expect(estimateSeating({ make_id: null, model_id: null, year: 2019, body_class: 'Minivan' })).toEqual({ seats: 7, seat_rows: 3 });
    expect(estimateSeating({ make_id: null, model_id: null, year: 2019, body_class: 'Sedan/Saloon' })).toEqual({ seats: 5, seat_rows: 2 });
    expect(estimateSeating({ make_id: null, model_id: null, year: 2019, body_class: 'Pickup' })).toEqual({ seats: null, seat_rows: null });
  });
});

describe('VIN decoder', () => {
  it('initialises once for concurrent first calls and decodes offline', async () => {
    const logged: string[] = [];
    const decoder = createVinDecoder({ cacheDir: VPIC_CACHE_DIR, logger: { info: (_obj, msg) => logged.push(msg) } });
    try {
      const results = await Promise.all(VALID_VINS.map((vin) => decoder.decode(vin)));
      expect(logged).toEqual(['vPIC VIN database ready']);
      expect(results.map((r) => [r.make, r.year])).toEqual([
        ['Honda', 2003],
        ['Hyundai', 2023],
        ['Toyota', 2009],
        ['Toyota', 2025],
        ['Chrysler', 2023],
        ['BMW', 2015],
      ]);
      expect(readdirSync(VPIC_CACHE_DIR).filter((f) => f.endsWith('.db'))).toHaveLength(1);
      await expect(decoder.decode('1HGCM82633A123456')).rejects.toThrow(RangeError);
    } finally {
      await decoder.close();
    }
    await expect(decoder.decode(VALID_VINS[0]!)).rejects.toThrow(/closed/);
  });

  it('warms up in the background: the database is prepared before the first decode, once', async () => {
    const logged: string[] = [];
    const decoder = createVinDecoder({ cacheDir: VPIC_CACHE_DIR, logger: { info: (_obj, msg) => logged.push(msg) } });
    try {
      decoder.warm();
      decoder.warm();
      await expect.poll(() => logged, { timeout: 60_000 }).toEqual(['vPIC VIN database ready']);
      expect((await decoder.decode(VALID_VINS[0]!)).make).toBe('Honda');
      expect(logged).toEqual(['vPIC VIN database ready']);
    } finally {
      await decoder.close();
    }
    decoder.warm(); // after close: nothing happens, nothing throws
  });
});

describe('GET /api/cars/decode-vin', async () => {
  const { app } = await buildTestApp({ VPIC_CACHE_DIR });
  const decode = (vin: string) => app.inject({ method: 'GET', url: `/api/cars/decode-vin?vin=${encodeURIComponent(vin)}` });

  it('decodes a Toyota, with our make and model ids', async () => {
    const res = await decode('JTDBT923291344240');
    expect(res.statusCode).toBe(200);
    const toyota = toyotaId();
    expect(res.json<{ data: DecodedVin }>().data).toEqual({
      vin: 'JTDBT923291344240',
      make: 'Toyota',
      make_id: toyota,
      model: 'Yaris',
      model_id: findModel(toyota, 'Yaris')!.model_id,
      year: 2009,
      body_class: 'Sedan/Saloon',
      fuel: 'Gasoline',
      doors: 4,
      seats: 5,
      seat_rows: 2,
    });
    expect(res.headers['cache-control']).toBe('public, max-age=86400');
  });

  it('ignores case, spaces and dashes', async () => {
    const res = await decode(' 2t3b1rfv0-sc582226 ');
    expect(res.statusCode).toBe(200);
    expect(res.json<{ data: DecodedVin }>().data).toMatchObject({
      vin: '2T3B1RFV0SC582226',
      make: 'Toyota',
      make_id: toyotaId(),
      model: 'RAV4',
      year: 2025,
      body_class: 'Sport Utility Vehicle (SUV)/Multi-Purpose Vehicle (MPV)',
      doors: 5,
      seats: 5,
      seat_rows: 2,
    });
  });

  it('decodes a TLC minivan as a hybrid with three rows', async () => {
    const res = await decode('2C4RC1L70PR614477');
    expect(res.json<{ data: DecodedVin }>().data).toMatchObject({
      make: 'Chrysler',
      make_id: findMake('Chrysler')!.make_id,
      model: 'Pacifica',
      model_id: findModel(findMake('Chrysler')!.make_id, 'Pacifica')!.model_id,
      year: 2023,
      body_class: 'Minivan',
      fuel: 'Hybrid',
      seats: 7,
      seat_rows: 3,
    });
  });

  it('answers all fields null for a valid VIN that vPIC does not know', async () => {
    const res = await decode('AAAAAAAA9AA000001');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      data: {
        vin: 'AAAAAAAA9AA000001',
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
      },
    });
  });

  it('answers 400 with the reason for an invalid VIN', async () => {
    const cases: [string, PlainMessageKey][] = [
      ['1HGCM82633A123456', 'vinCheckDigit'],
      ['JTDBT923X91344240', 'vinCheckDigit'],
      ['JTDBT92329134424', 'vinLength'],
      ['JTDBT923291344240JTDBT923291344240', 'vinLength'],
      ['JTDBT9232913442O0', 'vinCharacters'],
      ['', 'vinLength'],
    ];
    for (const [vin, key] of cases) {
      const res = await decode(vin);
      expect(res.statusCode, vin).toBe(400);
      const message = MESSAGES[key];
      expect(res.json(), vin).toEqual({ code: 'VALIDATION_ERROR', key, message, fields: { vin: { key, message } } });
    }
    const missing = await app.inject({ method: 'GET', url: '/api/cars/decode-vin' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toMatchObject({ code: 'VALIDATION_ERROR', fields: { vin: { key: 'vinLength', message: MESSAGES.vinLength } } });
  });

  it('is documented under the cars tag', async () => {
    const doc = (await app.inject({ method: 'GET', url: '/api/docs/json' })).json();
    expect(doc.paths['/api/cars/decode-vin'].get.tags).toEqual(['cars']);
  });

  // Last: it uses up this client's allowance.
  it('limits lookups per client IP', async () => {
    let limited;
    for (let i = 0; i < 61 && !limited; i++) {
      const res = await decode('JTDBT92329134424');
      if (res.statusCode === 429) limited = res;
    }
    expect(limited?.json()).toMatchObject({ code: 'RATE_LIMITED' });
  });
});
