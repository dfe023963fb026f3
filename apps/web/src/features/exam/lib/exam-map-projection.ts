import type { ExamMap } from '@medallion/contracts/exam-map';
// The base map of the map-reading questions: county outlines, rivers and the projection they were drawn
// with, pre-projected at build time by scripts/derive-exam-map.ts from the us-atlas county TopoJSON (~3 KB).
import base from '../exam-map-base.json';

export const EXAM_MAP_BASE = base;

/** d3's geoMercator with the build's scale and translation: where a longitude and latitude fall on the base map. */
export function projectExamMapPoint(lon: number, lat: number): { x: number; y: number } {
  const { k, x0, y0 } = base.projection;
  const lambda = (lon * Math.PI) / 180;
  const phi = (lat * Math.PI) / 180;
  return { x: x0 + k * lambda, y: y0 - k * Math.log(Math.tan(Math.PI / 4 + phi / 2)) };
}

/** Whether every point and crossing end of a question's map falls inside the drawn box. */
export function examMapFits(map: ExamMap): boolean {
  const places = [...map.points.map((p) => [p.lon, p.lat] as const), ...(map.lines ?? []).flatMap((l) => [l.from, l.to])];
  return places.every(([lon, lat]) => {
    const { x, y } = projectExamMapPoint(lon, lat);
    return x >= 0 && x <= base.width && y >= 0 && y <= base.height;
  });
}
