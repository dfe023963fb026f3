// Derives the base map of the exam's map-reading questions (packages/db/seed-data/exam-questions.json,
// the questions whose `map` is set) from the us-atlas county TopoJSON (npm `us-atlas`, U.S. Census
// Bureau cartographic boundaries, 1:10,000,000) and writes apps/web/src/features/exam/exam-map-base.json:
// the five boroughs and the neighboring counties (New Jersey, Nassau, Westchester) as SVG paths,
// pre-projected here with d3-geo in a Mercator projection fitted to the boroughs, plus that projection's
// scale and translation, so the browser places a question's points (longitude, latitude) with a few lines
// of arithmetic (features/exam/lib/exam-map-projection.ts) and needs neither d3-geo nor the geometry.
//
//   npx tsx scripts/derive-exam-map.ts
//
// The points themselves (airports, stadiums, bridge and tunnel ends) are in each question's `map`, with
// their public source in the question's `source` and in docs/exam-content.md.
import { statSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FeatureCollection, MultiPolygon, Polygon } from 'geojson';
import { geoMercator, geoPath } from 'd3-geo';
import { feature, mesh } from 'topojson-client';
import type { GeometryObject } from 'topojson-specification';
import { deriveNycBoroughs, NYC_BOROUGHS, readUsAtlasCounties, type BoroughFips } from './derive-nyc-boroughs';

/** The counties around the city drawn as land outside it (gray), so the rivers and bays read as water. */
export const NEIGHBOR_COUNTIES = {
  '34003': 'Bergen, NJ',
  '34013': 'Essex, NJ',
  '34017': 'Hudson, NJ',
  '34023': 'Middlesex, NJ',
  '34025': 'Monmouth, NJ',
  '34031': 'Passaic, NJ',
  '34039': 'Union, NJ',
  '36059': 'Nassau, NY',
  '36087': 'Rockland, NY',
  '36119': 'Westchester, NY',
} as const;

/** The map's box in SVG user units, and the margin around the boroughs in it. */
export const EXAM_MAP_WIDTH = 400;
export const EXAM_MAP_HEIGHT = 420;
const MARGIN = 14;

export interface ExamMapBase {
  width: number;
  height: number;
  /** d3's geoMercator: x = x0 + k·λ, y = y0 − k·ln(tan(π/4 + φ/2)) (λ, φ in radians). */
  projection: { k: number; x0: number; y0: number };
  boroughs: { fips: BoroughFips; d: string; x: number; y: number }[];
  neighbors: { fips: string; d: string }[];
  /** The county lines that run through water (rivers, bays, kills), drawn as wide water strokes. */
  water: string;
  /** The county lines on land (Brooklyn–Queens, Queens–Nassau, the Bronx–Westchester, within New Jersey). */
  borders: string;
}

/** Pairs of counties whose common line is on land; every other common line here runs through water. */
const LAND_PAIRS = new Set(['36047-36081', '36059-36081', '36005-36119', '36087-36119']);
const isLand = (a: string, b: string) => LAND_PAIRS.has([a, b].sort().join('-')) || (a.startsWith('34') && b.startsWith('34'));

export function deriveExamMap(): ExamMapBase {
  const topology = readUsAtlasCounties();
  const boroughs = deriveNycBoroughs(topology);
  const geometries = topology.objects.counties.geometries.filter((g) => String(g.id) in NEIGHBOR_COUNTIES);
  const neighbors = feature(topology, { type: 'GeometryCollection', geometries }) as FeatureCollection<Polygon | MultiPolygon>;
  const projection = geoMercator()
    .fitExtent(
      [
        [MARGIN, MARGIN],
        [EXAM_MAP_WIDTH - MARGIN, EXAM_MAP_HEIGHT - MARGIN],
      ],
      boroughs,
    )
    .clipExtent([
      [0, 0],
      [EXAM_MAP_WIDTH, EXAM_MAP_HEIGHT],
    ]);
  const path = geoPath(projection).digits(1);
  const shown = new Set([...Object.keys(NYC_BOROUGHS), ...Object.keys(NEIGHBOR_COUNTIES)]);
  const all = { type: 'GeometryCollection' as const, geometries: topology.objects.counties.geometries.filter((g) => shown.has(String(g.id))) };
  const line = (land: boolean) =>
    path(mesh(topology, all, (a: GeometryObject, b: GeometryObject) => a !== b && isLand(String(a.id), String(b.id)) === land)) ?? '';
  const tenth = (n: number) => Math.round(n * 10) / 10;
  const [x0, y0] = projection.translate();
  return {
    width: EXAM_MAP_WIDTH,
    height: EXAM_MAP_HEIGHT,
    projection: { k: projection.scale(), x0, y0 },
    boroughs: boroughs.features.map((f) => {
      const [x, y] = path.centroid(f);
      return { fips: String(f.id) as BoroughFips, d: path(f) ?? '', x: tenth(x), y: tenth(y) };
    }),
    neighbors: neighbors.features
      .map((f) => ({ fips: String(f.id), d: path(f) ?? '' }))
      .filter((n) => n.d !== '')
      .sort((a, b) => a.fips.localeCompare(b.fips)),
    water: line(false),
    borders: line(true),
  };
}

/** The file's text: one shape per line, so a change shows up per county in a diff. */
export function formatExamMap(map: ExamMapBase): string {
  const lines = [...map.boroughs.map((b) => JSON.stringify(b)), ...map.neighbors.map((n) => JSON.stringify(n))];
  const nb = map.boroughs.length;
  return (
    `{"width":${map.width},"height":${map.height},"projection":${JSON.stringify(map.projection)},\n` +
    `"boroughs":[\n${lines.slice(0, nb).join(',\n')}\n],\n"neighbors":[\n${lines.slice(nb).join(',\n')}\n],\n` +
    `"water":${JSON.stringify(map.water)},\n"borders":${JSON.stringify(map.borders)}}\n`
  );
}

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
export const EXAM_MAP_PATH = join(root, 'apps/web/src/features/exam/exam-map-base.json');

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const map = deriveExamMap();
  if (map.boroughs.length !== Object.keys(NYC_BOROUGHS).length) throw new Error('Expected the five boroughs');
  writeFileSync(EXAM_MAP_PATH, formatExamMap(map));
  console.log(`${map.boroughs.length} boroughs, ${map.neighbors.length} neighbors: ${EXAM_MAP_PATH}: ${(statSync(EXAM_MAP_PATH).size / 1024).toFixed(1)} KB`);
}
