import { readFileSync } from 'node:fs';
import { geoContains } from 'd3-geo';
import type { Feature, MultiPolygon, Polygon } from 'geojson';
import { describe, expect, it } from 'vitest';
import { examMapSchema, type ExamMap } from '@medallion/contracts/exam-map';
import { deriveExamMap, formatExamMap } from '../../../scripts/derive-exam-map';
import { EXAM_MAP_BASE, examMapFits, projectExamMapPoint } from '@/features/exam/lib/exam-map-projection';
import boroughs from '../src/features/exam/nyc-boroughs.json';
import { geoMercator } from 'd3-geo';

/** The map-reading questions of the bank (packages/db/seed-data/exam-questions.json) and what their maps must let a driver read. */
interface Text {
  en: string;
  ru: string;
}
interface BankQuestion {
  id: string;
  topic: string;
  question: Text;
  answers: (Text & { correct: boolean })[];
  explanation: Text;
  source: string;
  map?: unknown;
}
const bank = JSON.parse(readFileSync(new URL('../../../packages/db/seed-data/exam-questions.json', import.meta.url), 'utf8')) as { questions: BankQuestion[] };

/** The map questions of the 200-question pool, part B (q141–q200). */
const POOL_B_MAP_QUESTION_IDS = ['q142', 'q145', 'q148', 'q151', 'q154', 'q157', 'q160', 'q163', 'q166', 'q169', 'q172', 'q175', 'q178', 'q181'];
const MAP_QUESTION_IDS = ['q008', 'q020', 'q026', 'q032', 'q038', 'q042', 'q048', 'q054', 'q060', 'q078', ...POOL_B_MAP_QUESTION_IDS];
const mapQuestions = bank.questions.filter((q) => q.map !== undefined && q.map !== null);

/** Reference points of the places a question names (airports: FAA / OurAirports; others: their street addresses). */
const PLACES: Record<string, { point: string; lon: number; lat: number; borough: string }> = {
  q008: { point: 'C', lon: -73.8726, lat: 40.7772, borough: 'Queens' }, // LaGuardia Airport
  q020: { point: 'A', lon: -73.8458, lat: 40.7571, borough: 'Queens' }, // Citi Field
  q048: { point: 'D', lon: -74.1687, lat: 40.6925, borough: 'outside' }, // Newark Liberty Airport
  q078: { point: 'D', lon: -73.9262, lat: 40.8296, borough: 'The Bronx' }, // Yankee Stadium
  // The 200-question pool, part B (docs/tlc-facts.md #237–#242).
  q142: { point: 'C', lon: -73.7789, lat: 40.6398, borough: 'Queens' }, // JFK Airport
  q151: { point: 'B', lon: -73.9772, lat: 40.7527, borough: 'Manhattan' }, // Grand Central Terminal
  q154: { point: 'D', lon: -74.0742, lat: 40.6433, borough: 'Staten Island' }, // St. George Terminal
  q157: { point: 'A', lon: -73.8772, lat: 40.8492, borough: 'The Bronx' }, // Bronx Zoo
  q160: { point: 'B', lon: -73.9708, lat: 40.6617, borough: 'Brooklyn' }, // Prospect Park
  q163: { point: 'A', lon: -73.9753, lat: 40.7393, borough: 'Manhattan' }, // Bellevue Hospital
};

type Region = 'The Bronx' | 'Brooklyn' | 'Manhattan' | 'Queens' | 'Staten Island' | 'outside';
const features = boroughs.features as unknown as Feature<Polygon | MultiPolygon, { borough: Region }>[];
/** The borough a place is in on the map's own borough shapes (us-atlas), or outside the city. */
function regionOf(lon: number, lat: number): Region {
  return features.find((f) => geoContains(f, [lon, lat]))?.properties.borough ?? 'outside';
}

const COMPASS = ['North', 'Northeast', 'East', 'Southeast', 'South', 'Southwest', 'West', 'Northwest'];
/** The compass point (of 8) of the initial great-circle bearing from one place to another. */
function direction(from: { lon: number; lat: number }, to: { lon: number; lat: number }): string {
  const rad = Math.PI / 180;
  const [p1, p2, dl] = [from.lat * rad, to.lat * rad, (to.lon - from.lon) * rad];
  const bearing = (Math.atan2(Math.sin(dl) * Math.cos(p2), Math.cos(p1) * Math.sin(p2) - Math.sin(p1) * Math.cos(p2) * Math.cos(dl)) / rad + 360) % 360;
  return COMPASS[Math.round(bearing / 45) % 8]!;
}

const correctOf = (q: BankQuestion) => q.answers.find((a) => a.correct)!;
const mapOf = (q: BankQuestion) => examMapSchema.parse(q.map);
const point = (map: ExamMap, label: string) => map.points.find((p) => p.label === label)!;

describe('map-reading questions of the exam bank', () => {
  it('are the geography questions named, each with a map valid by examMapSchema and nothing more', () => {
    expect(mapQuestions.map((q) => q.id)).toEqual(MAP_QUESTION_IDS);
    for (const q of mapQuestions) {
      expect(q.topic, q.id).toBe('geography');
      const parsed = examMapSchema.safeParse(q.map);
      expect(parsed.success, `${q.id}: ${parsed.error?.message}`).toBe(true);
      // Nothing beyond the schema (a place name would give the answer away): parsing drops no key.
      expect(parsed.data, q.id).toEqual(q.map);
      expect(q.source, q.id).toMatch(/us-atlas/);
    }
  });

  it('place every point and crossing end inside the drawn map', () => {
    for (const q of mapQuestions) expect(examMapFits(mapOf(q)), q.id).toBe(true);
  });

  it('name in their answers only letters and numbers that the map shows, the same in both languages', () => {
    for (const q of mapQuestions) {
      const map = mapOf(q);
      for (const a of q.answers) {
        const letter = /^Point ([A-F])$/.exec(a.en)?.[1];
        const number = /^Crossing (\d)$/.exec(a.en)?.[1];
        if (letter) {
          expect(
            map.points.map((p) => p.label),
            `${q.id} ${a.en}`,
          ).toContain(letter);
          expect(a.ru).toBe(`Точка ${letter}`);
        }
        if (number) {
          expect(
            (map.lines ?? []).map((l) => l.label),
            `${q.id} ${a.en}`,
          ).toContain(number);
          expect(a.ru).toBe(`Переправа № ${number}`);
        }
      }
      for (const m of q.question.en.matchAll(/point ([A-F])\b/g))
        expect(
          map.points.map((p) => p.label),
          q.id,
        ).toContain(m[1]);
    }
  });

  it('have four answers of about the same length (the right one cannot be spotted by its length), one correct', () => {
    for (const q of mapQuestions) {
      expect(q.answers, q.id).toHaveLength(4);
      expect(
        q.answers.filter((a) => a.correct),
        q.id,
      ).toHaveLength(1);
      for (const lang of ['en', 'ru'] as const) {
        const lengths = q.answers.map((a) => a[lang].length);
        expect(Math.max(...lengths) - Math.min(...lengths), `${q.id} ${lang}`).toBeLessThanOrEqual(4);
      }
    }
    // The correct answer's position varies.
    expect(new Set(mapQuestions.map((q) => q.answers.findIndex((a) => a.correct))).size).toBe(4);
  });

  it('are right by the data: boroughs by point-in-polygon, directions by bearing, crossings by the boroughs they join', () => {
    const checked = new Set<string>();
    for (const q of mapQuestions) {
      const map = mapOf(q);
      const correct = correctOf(q).en;
      const named = /point ([A-F])\b/.exec(q.question.en)?.[1];
      if (features.some((f) => f.properties.borough === correct)) {
        // "Which borough is point X in?"
        expect(regionOf(point(map, named!).lon, point(map, named!).lat), q.id).toBe(correct);
        checked.add(q.id);
      } else if (COMPASS.includes(correct)) {
        // "In which direction do you travel from A to B?"
        expect(direction(point(map, 'A'), point(map, 'B')), q.id).toBe(correct);
        checked.add(q.id);
      } else if (correct.startsWith('Crossing ')) {
        // "Which numbered crossing joins A's borough and B's?": the correct one, and only it.
        const want = [regionOf(point(map, 'A').lon, point(map, 'A').lat), regionOf(point(map, 'B').lon, point(map, 'B').lat)].sort();
        expect(want[0], q.id).not.toBe(want[1]);
        const joining = (map.lines ?? []).filter((l) => {
          const ends = [regionOf(...l.from), regionOf(...l.to)].sort();
          return ends[0] === want[0] && ends[1] === want[1];
        });
        expect(
          joining.map((l) => `Crossing ${l.label}`),
          q.id,
        ).toEqual([correct]);
        // Every crossing drawn crosses water between two different places.
        for (const l of map.lines ?? []) expect(regionOf(...l.from), `${q.id} ${l.label}`).not.toBe(regionOf(...l.to));
        checked.add(q.id);
      } else if (/outside New York City/.test(q.question.en)) {
        const letter = correct.slice(-1);
        for (const p of map.points) expect(regionOf(p.lon, p.lat) === 'outside', `${q.id} ${p.label}`).toBe(p.label === letter);
        checked.add(q.id);
      }
      const place = PLACES[q.id];
      if (place) {
        expect(correct, q.id).toBe(`Point ${place.point}`);
        const p = point(map, place.point);
        expect(Math.hypot(p.lon - place.lon, p.lat - place.lat), q.id).toBeLessThan(0.005);
        expect(regionOf(p.lon, p.lat), q.id).toBe(place.borough);
        checked.add(q.id);
      }
    }
    expect([...checked].sort()).toEqual(MAP_QUESTION_IDS);
  });

  it('do not give a place away by the borough name printed on the map ("Bronx Zoo": two points in the Bronx)', () => {
    const BOROUGH_WORDS: [RegExp, Region][] = [
      [/\bBronx\b/, 'The Bronx'],
      [/\bBrooklyn\b/, 'Brooklyn'],
      [/\bManhattan\b/, 'Manhattan'],
      [/\bQueens\b/, 'Queens'],
      [/\bStaten Island\b/, 'Staten Island'],
    ];
    const named = Object.keys(PLACES).filter((id) => mapQuestions.some((q) => q.id === id));
    expect(named.length).toBeGreaterThan(0);
    for (const id of named) {
      const q = mapQuestions.find((x) => x.id === id)!;
      const map = mapOf(q);
      for (const [word, region] of BOROUGH_WORDS) {
        if (!word.test(q.question.en)) continue;
        const inRegion = map.points.filter((p) => regionOf(p.lon, p.lat) === region).map((p) => p.label);
        expect(inRegion.length, `${id}: points in ${region}: ${inRegion.join(', ')}`).toBeGreaterThanOrEqual(2);
      }
    }
  });
});

describe('exam-map-base.json (the base map, projected at build time)', () => {
  it('is small and is what scripts/derive-exam-map.ts makes from us-atlas today', () => {
    const text = readFileSync(new URL('../src/features/exam/exam-map-base.json', import.meta.url), 'utf8');
    expect(text.length).toBeLessThan(8_000);
    expect(text).toBe(formatExamMap(deriveExamMap()));
  });

  it('places a longitude and latitude where d3-geo would (the browser does it without d3-geo)', () => {
    const { k, x0, y0 } = EXAM_MAP_BASE.projection;
    const d3 = geoMercator().scale(k).translate([x0, y0]);
    for (const [lon, lat] of [
      [-73.8726, 40.7772],
      [-74.1687, 40.6925],
      [-74.06, 40.602],
    ] as const) {
      const [x, y] = d3([lon, lat])!;
      const ours = projectExamMapPoint(lon, lat);
      expect(ours.x).toBeCloseTo(x, 6);
      expect(ours.y).toBeCloseTo(y, 6);
    }
  });
});
