// Derives the five boroughs of New York City for the exam's intro map from the us-atlas county
// TopoJSON (about 840 KB, all 3,200 US counties) and writes two small files into the web app:
// apps/web/src/features/exam/nyc-boroughs.json, the boroughs' GeoJSON, and borough-shapes.json, the
// map as the web app draws it (each borough's SVG path and label point, projected here with d3-geo, so
// the browser needs neither d3-geo nor the geometry).
//
//   npx tsx scripts/derive-nyc-boroughs.ts
//
// Each borough is a county: its feature keeps the county's FIPS code as id, the borough's English
// name and the county's name (the map's labels are translated in the web app). Coordinates are
// rounded to 5 decimals (about a meter; the 1:10m atlas is much coarser than that).
import { readFileSync, statSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Feature, FeatureCollection, MultiPolygon, Polygon, Position } from 'geojson';
import { geoMercator, geoPath } from 'd3-geo';
import { feature } from 'topojson-client';
import type { GeometryCollection, Topology } from 'topojson-specification';

/** FIPS code of each NYC county and the borough it is. */
export const NYC_BOROUGHS = {
  '36005': 'The Bronx',
  '36047': 'Brooklyn',
  '36061': 'Manhattan',
  '36081': 'Queens',
  '36085': 'Staten Island',
} as const;
export type BoroughFips = keyof typeof NYC_BOROUGHS;

export interface BoroughProperties {
  borough: string;
  county: string;
}
export type BoroughCollection = FeatureCollection<Polygon | MultiPolygon, BoroughProperties>;

const DECIMALS = 5;
const round = (n: number) => Math.round(n * 10 ** DECIMALS) / 10 ** DECIMALS;
/** Rounds a ring, dropping points that rounding made equal to the one before (the ring stays closed). */
const roundRing = (ring: Position[]) =>
  ring.map(([x, y]) => [round(x!), round(y!)]).filter((p, i, all) => i === 0 || p[0] !== all[i - 1]![0] || p[1] !== all[i - 1]![1]);

/** The five boroughs of a us-atlas counties topology, sorted by FIPS code. */
export function deriveNycBoroughs(topology: Topology<{ counties: GeometryCollection<{ name: string }> }>): BoroughCollection {
  const geometries = topology.objects.counties.geometries.filter((g) => String(g.id) in NYC_BOROUGHS);
  const counties = feature(topology, { type: 'GeometryCollection', geometries }) as FeatureCollection<Polygon | MultiPolygon, { name: string }>;
  const features = counties.features.map((f): Feature<Polygon | MultiPolygon, BoroughProperties> => {
    const fips = String(f.id) as BoroughFips;
    const geometry: Polygon | MultiPolygon =
      f.geometry.type === 'Polygon'
        ? { type: 'Polygon', coordinates: f.geometry.coordinates.map(roundRing) }
        : { type: 'MultiPolygon', coordinates: f.geometry.coordinates.map((polygon) => polygon.map(roundRing)) };
    return { type: 'Feature', id: fips, properties: { borough: NYC_BOROUGHS[fips], county: f.properties.name }, geometry };
  });
  return { type: 'FeatureCollection', features: features.sort((a, b) => String(a.id).localeCompare(String(b.id))) };
}

/** The file's text: one feature per line, so a change shows up per borough in a diff. */
export function formatBoroughs(collection: BoroughCollection): string {
  return `{"type":"FeatureCollection","features":[\n${collection.features.map((f) => JSON.stringify(f)).join(',\n')}\n]}\n`;
}

/** The map's box (SVG user units) and the margin around the boroughs in it. */
export const MAP_SIZE = 400;
const MAP_MARGIN = 12;

export interface BoroughShape {
  fips: BoroughFips;
  /** The outline as an SVG path in the MAP_SIZE × MAP_SIZE box. */
  d: string;
  /** The outline's centroid, where its label goes (the web app nudges some). */
  x: number;
  y: number;
}

/** The boroughs drawn in a Mercator projection fitted to the map's box. */
export function drawBoroughs(collection: BoroughCollection): BoroughShape[] {
  const projection = geoMercator().fitExtent(
    [
      [MAP_MARGIN, MAP_MARGIN],
      [MAP_SIZE - MAP_MARGIN, MAP_SIZE - MAP_MARGIN],
    ],
    collection,
  );
  const path = geoPath(projection);
  const tenth = (n: number) => Math.round(n * 10) / 10;
  return collection.features.map((f) => {
    const [x, y] = path.centroid(f);
    return { fips: String(f.id) as BoroughFips, d: path(f) ?? '', x: tenth(x), y: tenth(y) };
  });
}

/** The shapes file's text: one borough per line. */
export function formatShapes(shapes: BoroughShape[]): string {
  return `{"size":${MAP_SIZE},"shapes":[\n${shapes.map((s) => JSON.stringify(s)).join(',\n')}\n]}\n`;
}

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
export const OUT_PATH = join(root, 'apps/web/src/features/exam/nyc-boroughs.json');
export const SHAPES_PATH = join(root, 'apps/web/src/features/exam/borough-shapes.json');

/** Reads counties-10m.json from the us-atlas package that the web app depends on. */
export function readUsAtlasCounties(): Topology<{ counties: GeometryCollection<{ name: string }> }> {
  const require = createRequire(join(root, 'apps/web/package.json'));
  return JSON.parse(readFileSync(require.resolve('us-atlas/counties-10m.json'), 'utf8'));
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const boroughs = deriveNycBoroughs(readUsAtlasCounties());
  if (boroughs.features.length !== Object.keys(NYC_BOROUGHS).length) {
    throw new Error(`Expected ${Object.keys(NYC_BOROUGHS).length} boroughs, found ${boroughs.features.length}`);
  }
  writeFileSync(OUT_PATH, formatBoroughs(boroughs));
  writeFileSync(SHAPES_PATH, formatShapes(drawBoroughs(boroughs)));
  const points = boroughs.features.reduce((n, f) => n + JSON.stringify(f.geometry.coordinates).split('],[').length, 0);
  console.log(
    `${boroughs.features.map((f) => f.properties.borough).join(', ')}: ~${points} points, ${OUT_PATH}: ${(statSync(OUT_PATH).size / 1024).toFixed(1)} KB; ${SHAPES_PATH}: ${(statSync(SHAPES_PATH).size / 1024).toFixed(1)} KB`,
  );
}
