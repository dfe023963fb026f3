import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { deriveNycBoroughs, drawBoroughs, formatBoroughs, formatShapes, MAP_SIZE, readUsAtlasCounties } from '../../../scripts/derive-nyc-boroughs';
import shapes from '../src/features/exam/borough-shapes.json';
import boroughs from '../src/features/exam/nyc-boroughs.json';

const file = new URL('../src/features/exam/nyc-boroughs.json', import.meta.url);
const shapesFile = new URL('../src/features/exam/borough-shapes.json', import.meta.url);

/** Every [lon, lat] pair of a feature's geometry. */
function points(geometry: { type: string; coordinates: unknown }): number[][] {
  const out: number[][] = [];
  const walk = (v: unknown) => {
    if (Array.isArray(v) && typeof v[0] === 'number') out.push(v as number[]);
    else if (Array.isArray(v)) v.forEach(walk);
  };
  walk(geometry.coordinates);
  return out;
}

describe('nyc-boroughs.json (the exam intro map)', () => {
  it('holds exactly the five boroughs, by FIPS code and name', () => {
    expect(boroughs.type).toBe('FeatureCollection');
    expect(boroughs.features.map((f) => [f.id, f.properties.borough, f.properties.county])).toEqual([
      ['36005', 'The Bronx', 'Bronx'],
      ['36047', 'Brooklyn', 'Kings'],
      ['36061', 'Manhattan', 'New York'],
      ['36081', 'Queens', 'Queens'],
      ['36085', 'Staten Island', 'Richmond'],
    ]);
  });

  it('has closed polygon rings inside New York City, rounded to 5 decimals', () => {
    for (const f of boroughs.features) {
      expect(['Polygon', 'MultiPolygon']).toContain(f.geometry.type);
      const all = points(f.geometry);
      expect(all.length, f.properties.borough).toBeGreaterThanOrEqual(4);
      for (const [lon, lat] of all) {
        expect(lon).toBeGreaterThan(-74.3);
        expect(lon).toBeLessThan(-73.6);
        expect(lat).toBeGreaterThan(40.45);
        expect(lat).toBeLessThan(40.95);
        expect(Math.round(lon! * 1e5) / 1e5).toBe(lon);
        expect(Math.round(lat! * 1e5) / 1e5).toBe(lat);
      }
      const rings = (f.geometry.type === 'Polygon' ? [f.geometry.coordinates] : f.geometry.coordinates) as number[][][][];
      for (const ring of rings.flat()) expect(ring.at(-1)).toEqual(ring[0]);
    }
  });

  it('is small and is what scripts/derive-nyc-boroughs.ts makes from us-atlas today', () => {
    const text = readFileSync(file, 'utf8');
    expect(text.length).toBeLessThan(10_000);
    expect(text).toBe(formatBoroughs(deriveNycBoroughs(readUsAtlasCounties())));
  });
});

describe('borough-shapes.json (the map as drawn, projected at build time)', () => {
  it('has one closed outline per borough inside the map, with its label point', () => {
    expect(shapes.size).toBe(MAP_SIZE);
    expect(shapes.shapes.map((s) => s.fips)).toEqual(boroughs.features.map((f) => f.id));
    for (const shape of shapes.shapes) {
      expect(shape.d).toMatch(/^M[\d.,LMZ]+Z$/);
      const numbers = shape.d.match(/[\d.]+/g)!.map(Number);
      for (const n of [...numbers, shape.x, shape.y]) {
        expect(n).toBeGreaterThanOrEqual(0);
        expect(n).toBeLessThanOrEqual(MAP_SIZE);
      }
    }
  });

  it('is what scripts/derive-nyc-boroughs.ts draws from nyc-boroughs.json today', () => {
    expect(readFileSync(shapesFile, 'utf8')).toBe(formatShapes(drawBoroughs(deriveNycBoroughs(readUsAtlasCounties()))));
  });
});
