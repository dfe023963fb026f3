import { z } from 'zod';

/** The letters of a map's points and the numbers of its crossings (what answers name: "Point B", "Crossing 3"). */
export const EXAM_MAP_POINT_LABELS = ['A', 'B', 'C', 'D', 'E', 'F'] as const;
export const EXAM_MAP_LINE_LABELS = ['1', '2', '3', '4', '5', '6'] as const;
/** The base maps the web app can draw (pre-projected at build time, scripts/derive-exam-map.ts). */
export const EXAM_MAP_BASES = ['nyc'] as const;

/** A place on the map: longitude and latitude (WGS 84), around New York City. */
const lon = z.number().min(-75, 'examMapInvalid').max(-73, 'examMapInvalid');
const lat = z.number().min(40, 'examMapInvalid').max(41.5, 'examMapInvalid');

/**
 * The map of a map-reading question (`exam_questions.map`): the base drawing, lettered points and
 * numbered crossings. It never says which place a point is: the map is the question, not its key.
 */
export const examMapSchema = z.object({
  base: z.enum(EXAM_MAP_BASES),
  points: z
    .array(z.object({ label: z.enum(EXAM_MAP_POINT_LABELS), lon, lat }))
    .min(1)
    .max(EXAM_MAP_POINT_LABELS.length)
    .refine((p) => new Set(p.map((x) => x.label)).size === p.length, 'examMapInvalid'),
  lines: z
    .array(z.object({ label: z.enum(EXAM_MAP_LINE_LABELS), kind: z.enum(['bridge', 'tunnel']), from: z.tuple([lon, lat]), to: z.tuple([lon, lat]) }))
    .max(EXAM_MAP_LINE_LABELS.length)
    .refine((l) => new Set(l.map((x) => x.label)).size === l.length, 'examMapInvalid')
    .optional(),
});
export type ExamMap = z.infer<typeof examMapSchema>;
