import { clamp, lerp, monotone, type P2, type V3 } from './car-geometry';
import type { CarBodyStyle } from './car-photo-options';

// ---------------------------------------------------------------------------------------------
// The car

/** Stations along the car, nose first: x, bottom, belt line, top, body half-width, top half-width (× halfWidth). */
type Station = readonly [number, number, number, number, number, number];

interface CarSpec {
  length: number;
  halfWidth: number;
  wheelRadius: number;
  wheelX: readonly [number, number];
  stations: readonly Station[];
  windshield: readonly [number, number];
  rearGlass: readonly [number, number];
  sideGlass: readonly [number, number];
  pillars: readonly number[];
  doorCuts: readonly number[];
  handles: readonly number[];
  cladding: boolean;
  roofRails: boolean;
  slidingDoor: boolean;
}

export const SPECS: Record<CarBodyStyle, CarSpec> = {
  sedan: {
    length: 4.85,
    halfWidth: 0.92,
    wheelRadius: 0.33,
    wheelX: [0.98, 3.78],
    stations: [
      [0.0, 0.3, 0.62, 0.68, 0.84, 0.78],
      [0.06, 0.24, 0.7, 0.75, 0.94, 0.88],
      [0.2, 0.21, 0.75, 0.79, 0.99, 0.92],
      [0.5, 0.2, 0.8, 0.84, 1.0, 0.93],
      [1.0, 0.2, 0.87, 0.9, 1.0, 0.93],
      [1.5, 0.2, 0.93, 0.96, 1.0, 0.92],
      [1.8, 0.2, 0.95, 1.18, 1.0, 0.84],
      [2.1, 0.2, 0.96, 1.38, 1.0, 0.78],
      [2.35, 0.2, 0.97, 1.45, 1.0, 0.76],
      [2.8, 0.2, 0.98, 1.47, 1.0, 0.76],
      [3.25, 0.2, 0.99, 1.44, 1.0, 0.77],
      [3.6, 0.21, 1.0, 1.26, 1.0, 0.82],
      [3.95, 0.22, 1.01, 1.07, 0.99, 0.88],
      [4.4, 0.23, 1.0, 1.05, 0.98, 0.9],
      [4.72, 0.27, 0.96, 1.01, 0.94, 0.88],
      [4.85, 0.34, 0.9, 0.95, 0.86, 0.8],
    ],
    windshield: [1.52, 2.33],
    rearGlass: [3.28, 3.93],
    sideGlass: [1.6, 3.68],
    pillars: [2.62],
    doorCuts: [1.45, 2.62, 3.62],
    handles: [2.42, 3.45],
    cladding: false,
    roofRails: false,
    slidingDoor: false,
  },
  suv: {
    length: 4.75,
    halfWidth: 0.95,
    wheelRadius: 0.37,
    wheelX: [0.95, 3.72],
    stations: [
      [0.0, 0.42, 0.86, 0.94, 0.86, 0.8],
      [0.07, 0.35, 0.95, 1.01, 0.95, 0.89],
      [0.25, 0.32, 1.01, 1.05, 0.99, 0.93],
      [0.7, 0.31, 1.07, 1.1, 1.0, 0.93],
      [1.3, 0.31, 1.12, 1.16, 1.0, 0.92],
      [1.6, 0.31, 1.13, 1.4, 1.0, 0.85],
      [1.95, 0.31, 1.14, 1.68, 1.0, 0.8],
      [2.5, 0.31, 1.15, 1.74, 1.0, 0.8],
      [3.5, 0.32, 1.16, 1.73, 1.0, 0.8],
      [4.4, 0.34, 1.17, 1.7, 1.0, 0.81],
      [4.62, 0.37, 1.17, 1.25, 0.98, 0.86],
      [4.75, 0.46, 1.1, 1.17, 0.92, 0.84],
    ],
    windshield: [1.33, 1.93],
    rearGlass: [4.42, 4.6],
    sideGlass: [1.38, 4.3],
    pillars: [2.5, 3.55],
    doorCuts: [1.3, 2.5, 3.55],
    handles: [2.3, 3.35],
    cladding: true,
    roofRails: true,
    slidingDoor: false,
  },
  minivan: {
    length: 5.15,
    halfWidth: 0.98,
    wheelRadius: 0.34,
    wheelX: [0.98, 4.0],
    stations: [
      [0.0, 0.34, 0.76, 0.82, 0.84, 0.78],
      [0.07, 0.27, 0.85, 0.91, 0.94, 0.88],
      [0.25, 0.24, 0.93, 0.98, 0.99, 0.92],
      [0.6, 0.23, 1.0, 1.04, 1.0, 0.92],
      [0.95, 0.23, 1.04, 1.08, 1.0, 0.91],
      [1.4, 0.23, 1.06, 1.42, 1.0, 0.84],
      [1.85, 0.23, 1.07, 1.72, 1.0, 0.8],
      [3.0, 0.23, 1.08, 1.78, 1.0, 0.8],
      [4.8, 0.25, 1.1, 1.74, 1.0, 0.81],
      [5.0, 0.3, 1.1, 1.4, 0.97, 0.86],
      [5.15, 0.38, 1.0, 1.06, 0.9, 0.84],
    ],
    windshield: [0.98, 1.83],
    rearGlass: [4.82, 4.98],
    sideGlass: [1.02, 4.86],
    pillars: [2.05, 3.75],
    doorCuts: [0.98, 2.05, 3.75],
    handles: [1.85, 2.3],
    cladding: false,
    roofRails: true,
    slidingDoor: true,
  },
  hatchback: {
    length: 4.3,
    halfWidth: 0.9,
    wheelRadius: 0.31,
    wheelX: [0.9, 3.52],
    stations: [
      [0.0, 0.3, 0.62, 0.68, 0.84, 0.78],
      [0.06, 0.24, 0.71, 0.76, 0.94, 0.88],
      [0.2, 0.21, 0.76, 0.8, 0.99, 0.92],
      [0.6, 0.2, 0.84, 0.87, 1.0, 0.93],
      [1.25, 0.2, 0.92, 0.95, 1.0, 0.92],
      [1.55, 0.2, 0.94, 1.18, 1.0, 0.84],
      [1.9, 0.2, 0.95, 1.42, 1.0, 0.78],
      [2.5, 0.2, 0.97, 1.48, 1.0, 0.77],
      [3.4, 0.22, 1.0, 1.44, 1.0, 0.78],
      [3.8, 0.24, 1.01, 1.34, 0.99, 0.82],
      [4.1, 0.27, 1.0, 1.08, 0.96, 0.86],
      [4.3, 0.36, 0.92, 0.98, 0.88, 0.82],
    ],
    windshield: [1.28, 1.88],
    rearGlass: [3.43, 4.06],
    sideGlass: [1.32, 3.78],
    pillars: [2.4],
    doorCuts: [1.2, 2.4, 3.3],
    handles: [2.2, 3.12],
    cladding: false,
    roofRails: false,
    slidingDoor: false,
  },
};

interface Fields {
  zb: number;
  zbelt: number;
  ztop: number;
  wb: number;
  wt: number;
}

const LUT_STEP = 0.01;

export class CarModel {
  readonly xs: number[] = [];
  /** The five profile curves sampled every centimetre (interpolating them is the hot path). */
  private readonly lut: Float64Array;
  private readonly lutN: number;
  constructor(readonly spec: CarSpec) {
    const st = spec.stations;
    const col = (i: number): number[] => st.map((s) => s[i]!);
    const xs = col(0);
    const curves = [1, 2, 3, 4, 5].map((i) => monotone(xs, col(i)));
    this.lutN = Math.ceil(spec.length / LUT_STEP) + 1;
    this.lut = new Float64Array(this.lutN * 5);
    for (let i = 0; i < this.lutN; i++) {
      const x = Math.min(spec.length, i * LUT_STEP);
      for (let k = 0; k < 5; k++) this.lut[i * 5 + k] = curves[k]!(x);
    }
    for (let i = 0; i < st.length - 1; i++) {
      const x0 = st[i]![0];
      const x1 = st[i + 1]![0];
      const n = Math.max(1, Math.ceil((x1 - x0) / 0.16));
      for (let j = 0; j < n; j++) this.xs.push(x0 + ((x1 - x0) * j) / n);
    }
    this.xs.push(st[st.length - 1]![0]);
  }
  fields(x: number): Fields {
    const hw = this.spec.halfWidth;
    const pos = clamp(x / LUT_STEP, 0, this.lutN - 1);
    const i = Math.min(Math.floor(pos), this.lutN - 2);
    const t = pos - i;
    const lut = this.lut;
    const v = (k: number): number => lut[i * 5 + k]! + (lut[i * 5 + 5 + k]! - lut[i * 5 + k]!) * t;
    return { zb: v(0), zbelt: v(1), ztop: v(2), wb: v(3) * hw, wt: v(4) * hw };
  }
  /** Cross-section heights: bottom, rocker, shoulder, belt, top. */
  private levels(s: Fields): [number, number, number, number, number] {
    const span = s.zbelt - s.zb;
    const zLow = s.zb + Math.min(0.12, 0.3 * span);
    const zSh = Math.max(zLow + 0.02, s.zbelt - Math.min(0.14, 0.3 * span));
    return [s.zb, zLow, zSh, s.zbelt, s.ztop];
  }
  /** Right-hand (+y) half of the cross-section, bottom to top: [y, z]. */
  halfSection(x: number): P2[] {
    const s = this.fields(x);
    const [zb, zLow, zSh, zbelt, ztop] = this.levels(s);
    return [
      [0.9 * s.wb, zb],
      [s.wb, zLow],
      [s.wb, zSh],
      [0.975 * s.wb, zbelt],
      [s.wt, ztop],
    ];
  }
  halfWidthAt(x: number, z: number): number {
    const sec = this.halfSection(x);
    if (z <= sec[0]![1]) return sec[0]![0];
    for (let i = 0; i < sec.length - 1; i++) {
      const a = sec[i]!;
      const b = sec[i + 1]!;
      if (z <= b[1]) return lerp(a[0], b[0], (z - a[1]) / Math.max(1e-6, b[1] - a[1]));
    }
    return sec[sec.length - 1]![0];
  }
  /** Lower side, +y: t from the bottom (0) to the belt line (1). */
  side(x: number, t: number): V3 {
    const s = this.fields(x);
    const z = lerp(s.zb, s.zbelt, t);
    return [x, this.halfWidthAt(x, z) + 0.004, z];
  }
  /** Greenhouse side, +y: v from the belt (0) to the roof edge (1). */
  green(x: number, v: number): V3 {
    const s = this.fields(x);
    return [x, lerp(0.975 * s.wb, s.wt, v) + 0.004, lerp(s.zbelt, s.ztop, v)];
  }
  /** Top surface: s from -1 (far edge) to 1 (near edge). */
  top(x: number, s: number): V3 {
    const f = this.fields(x);
    return [x, s * f.wt, f.ztop + 0.004];
  }
  /** Front (x = 0) or rear (x = L) face: u across (-1..1), t from bottom to top. */
  cap(front: boolean, u: number, t: number): V3 {
    const x = front ? 0 : this.spec.length;
    const s = this.fields(x);
    const z = lerp(s.zb, s.ztop, t);
    return [front ? x - 0.004 : x + 0.004, u * this.halfWidthAt(x, z), z];
  }
}

const models = new Map<CarBodyStyle, CarModel>();
export function carModel(style: CarBodyStyle): CarModel {
  let m = models.get(style);
  if (!m) {
    m = new CarModel(SPECS[style]);
    models.set(style, m);
  }
  return m;
}

export type Surface = 'side' | 'green' | 'top' | 'front' | 'rear';
export const SURFACE_SEGMENTS: Record<Surface, readonly number[]> = {
  side: [0, 1, 2],
  green: [3],
  top: [4],
  front: [],
  rear: [],
};

export interface DrawItem {
  depth: number;
  layer: number;
  svg: string;
}

export interface BodyFace {
  seg: number; // -1 front cap, -2 rear cap
  x0: number;
  x1: number;
  depth: number;
}
