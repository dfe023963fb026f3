import { H, W } from './car-photo-options';

// ---------------------------------------------------------------------------------------------
// Small maths and color helpers

export type P2 = [number, number];
export type V3 = [number, number, number];
export type RGB = [number, number, number];

export const sub = (a: V3, b: V3): V3 => [a[0] - b[0], a[1] - b[1], a[2] - b[2]];
export const add = (a: V3, b: V3): V3 => [a[0] + b[0], a[1] + b[1], a[2] + b[2]];
export const scale3 = (a: V3, k: number): V3 => [a[0] * k, a[1] * k, a[2] * k];
export const dot = (a: V3, b: V3): number => a[0] * b[0] + a[1] * b[1] + a[2] * b[2];
export const cross = (a: V3, b: V3): V3 => [a[1] * b[2] - a[2] * b[1], a[2] * b[0] - a[0] * b[2], a[0] * b[1] - a[1] * b[0]];
export const norm = (a: V3): V3 => {
  const l = Math.hypot(a[0], a[1], a[2]) || 1;
  return [a[0] / l, a[1] / l, a[2] / l];
};
export const lerp = (a: number, b: number, t: number): number => a + (b - a) * t;
export const clamp = (v: number, lo: number, hi: number): number => Math.min(hi, Math.max(lo, v));
export const rad = (deg: number): number => (deg * Math.PI) / 180;

export class Rng {
  private state: number;
  constructor(...parts: number[]) {
    let h = 0x811c9dc5;
    for (const part of parts) {
      const v = Number.isFinite(part) ? Math.floor(part) : 0;
      for (const word of [v | 0, Math.floor(v / 2 ** 32) | 0]) {
        h = Math.imul(h ^ word, 0x01000193);
        h ^= h >>> 15;
        h = Math.imul(h, 0x2c1b3c6d);
      }
    }
    this.state = h >>> 0;
  }
  next(): number {
    this.state = (this.state + 0x6d2b79f5) | 0;
    let t = Math.imul(this.state ^ (this.state >>> 15), 1 | this.state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }
  range(a: number, b: number): number {
    return a + (b - a) * this.next();
  }
  int(a: number, b: number): number {
    return Math.floor(this.range(a, b + 1));
  }
  chance(p: number): boolean {
    return this.next() < p;
  }
  pick<T>(items: readonly T[]): T {
    return items[Math.floor(this.next() * items.length) % items.length]!;
  }
}

export function parseHex(hex: string): RGB {
  const m = /^#?([0-9a-f]{3}|[0-9a-f]{6})$/i.exec(hex.trim());
  if (!m) return [185, 189, 195];
  let h = m[1]!;
  if (h.length === 3) h = h.replace(/./g, (c) => c + c);
  const n = parseInt(h, 16);
  return [(n >> 16) & 255, (n >> 8) & 255, n & 255];
}
export const toHex = (c: RGB): string =>
  '#' + c.map((v) => clamp(Math.round(v), 0, 255).toString(16).padStart(2, '0')).join('');
export const mixRgb = (a: RGB, b: RGB, t: number): RGB => [lerp(a[0], b[0], t), lerp(a[1], b[1], t), lerp(a[2], b[2], t)];
export const mulRgb = (a: RGB, k: number): RGB => [a[0] * k, a[1] * k, a[2] * k];
export const mix = (a: string, b: string, t: number): string => toHex(mixRgb(parseHex(a), parseHex(b), t));
export const shade = (a: string, k: number): string => toHex(mulRgb(parseHex(a), k));
export const luminance = (c: RGB): number => (0.2126 * c[0] + 0.7152 * c[1] + 0.0722 * c[2]) / 255;

export const fmt = (n: number): string => String(Math.round(n * 10) / 10);

export function pathOf(pts: readonly P2[], close = true): string {
  let d = '';
  for (let i = 0; i < pts.length; i++) {
    const p = pts[i]!;
    d += (i === 0 ? 'M' : 'L') + fmt(p[0]) + ' ' + fmt(p[1]);
  }
  return close ? d + 'Z' : d;
}

/** A filled polygon; shapes entirely outside the picture are left out. */
export function polygon(pts: readonly P2[], fill: string, extra = ''): string {
  if (pts.length < 3) return '';
  let minX = Infinity;
  let maxX = -Infinity;
  let minY = Infinity;
  let maxY = -Infinity;
  for (const [x, y] of pts) {
    if (x < minX) minX = x;
    if (x > maxX) maxX = x;
    if (y < minY) minY = y;
    if (y > maxY) maxY = y;
  }
  if (maxX < -20 || minX > W + 20 || maxY < -20 || minY > H + 20) return '';
  return `<path d="${pathOf(pts)}" fill="${fill}"${extra}/>`;
}

/**
 * Offsets a polygon outwards by `d` (mitred) so neighbouring faces overlap and no background
 * shows through their anti-aliased seams (much cheaper than stroking every face).
 */
export function grow(pts: P2[], d: number): P2[] {
  const n = pts.length;
  let area = 0;
  for (let i = 0; i < n; i++) {
    const a = pts[i]!;
    const b = pts[(i + 1) % n]!;
    area += a[0] * b[1] - b[0] * a[1];
  }
  const s = area >= 0 ? 1 : -1;
  const normal = (a: P2, b: P2): P2 | undefined => {
    const ex = b[0] - a[0];
    const ey = b[1] - a[1];
    const l = Math.hypot(ex, ey);
    return l < 1e-6 ? undefined : [(s * ey) / l, (-s * ex) / l];
  };
  return pts.map((p, i) => {
    const n1 = normal(pts[(i + n - 1) % n]!, p);
    const n2 = normal(p, pts[(i + 1) % n]!);
    if (!n1 && !n2) return p;
    const a = n1 ?? n2!;
    const b = n2 ?? n1!;
    let mx = a[0] + b[0];
    let my = a[1] + b[1];
    const ml = Math.hypot(mx, my);
    if (ml < 1e-6) return p;
    mx /= ml;
    my /= ml;
    const k = d / Math.max(0.35, mx * a[0] + my * a[1]);
    return [p[0] + mx * k, p[1] + my * k];
  });
}

/** Joins runs of consecutive same-style paths into one element: fewer elements render faster. */
export function mergeRuns(parts: readonly string[]): string {
  const re = /^<path d="([^"]*)"( fill="[^"]*"[^>]*)\/>$/;
  let out = '';
  let style = '';
  let d = '';
  for (const part of parts) {
    const m = re.exec(part);
    if (m && m[2] === style && !style.includes('stroke')) {
      d += m[1];
      continue;
    }
    if (style) out += `<path d="${d}"${style}/>`;
    style = '';
    d = '';
    if (m && !m[2]!.includes('stroke')) {
      style = m[2]!;
      d = m[1]!;
    } else out += part;
  }
  if (style) out += `<path d="${d}"${style}/>`;
  return out;
}

/** Convex hull (monotone chain). */
export function hull(points: P2[]): P2[] {
  const pts = [...points].sort((a, b) => a[0] - b[0] || a[1] - b[1]);
  if (pts.length < 3) return pts;
  const crossZ = (o: P2, a: P2, b: P2): number => (a[0] - o[0]) * (b[1] - o[1]) - (a[1] - o[1]) * (b[0] - o[0]);
  const lower: P2[] = [];
  for (const p of pts) {
    while (lower.length >= 2 && crossZ(lower[lower.length - 2]!, lower[lower.length - 1]!, p) <= 0) lower.pop();
    lower.push(p);
  }
  const upper: P2[] = [];
  for (let i = pts.length - 1; i >= 0; i--) {
    const p = pts[i]!;
    while (upper.length >= 2 && crossZ(upper[upper.length - 2]!, upper[upper.length - 1]!, p) <= 0) upper.pop();
    upper.push(p);
  }
  return lower.slice(0, -1).concat(upper.slice(0, -1));
}

/** Sutherland–Hodgman: clip a polygon to a convex polygon (both in the same 2-D space). */
export function clipConvex(subject: P2[], clipper: P2[]): P2[] {
  let out = subject;
  // Orientation of the clipper, so "inside" is the same side for every edge.
  let area = 0;
  for (let i = 0; i < clipper.length; i++) {
    const a = clipper[i]!;
    const b = clipper[(i + 1) % clipper.length]!;
    area += a[0] * b[1] - b[0] * a[1];
  }
  const sign = area >= 0 ? 1 : -1;
  for (let i = 0; i < clipper.length && out.length > 0; i++) {
    const a = clipper[i]!;
    const b = clipper[(i + 1) % clipper.length]!;
    const inside = (p: P2): boolean => sign * ((b[0] - a[0]) * (p[1] - a[1]) - (b[1] - a[1]) * (p[0] - a[0])) >= 0;
    const input = out;
    out = [];
    for (let j = 0; j < input.length; j++) {
      const p = input[j]!;
      const q = input[(j + 1) % input.length]!;
      const pin = inside(p);
      const qin = inside(q);
      if (pin) out.push(p);
      if (pin !== qin) {
        const dx = q[0] - p[0];
        const dy = q[1] - p[1];
        const ex = b[0] - a[0];
        const ey = b[1] - a[1];
        const den = dx * ey - dy * ex;
        const t = den === 0 ? 0 : ((a[0] - p[0]) * ey - (a[1] - p[1]) * ex) / den;
        out.push([p[0] + dx * t, p[1] + dy * t]);
      }
    }
  }
  return out;
}

/** Splits long edges so a polygon drawn in surface coordinates follows the curved surface. */
export function densify(pts: P2[], step: number, closed = true): P2[] {
  const out: P2[] = [];
  const n = closed ? pts.length : pts.length - 1;
  for (let i = 0; i < n; i++) {
    const a = pts[i]!;
    const b = pts[(i + 1) % pts.length]!;
    const k = Math.max(1, Math.ceil(Math.abs(b[0] - a[0]) / step));
    for (let j = 0; j < k; j++) out.push([lerp(a[0], b[0], j / k), lerp(a[1], b[1], j / k)]);
  }
  if (!closed) out.push(pts[pts.length - 1]!);
  return out;
}

export const rect2 = (x0: number, y0: number, x1: number, y1: number): P2[] => [
  [x0, y0],
  [x1, y0],
  [x1, y1],
  [x0, y1],
];

/** Monotone cubic interpolation (Fritsch–Butland): smooth, never overshoots. */
export function monotone(xs: readonly number[], ys: readonly number[]): (x: number) => number {
  const n = xs.length;
  const d: number[] = [];
  for (let i = 0; i < n - 1; i++) d.push((ys[i + 1]! - ys[i]!) / (xs[i + 1]! - xs[i]!));
  const m: number[] = [d[0]!];
  for (let i = 1; i < n - 1; i++) {
    const a = d[i - 1]!;
    const b = d[i]!;
    m.push(a * b <= 0 ? 0 : (2 * a * b) / (a + b));
  }
  m.push(d[n - 2]!);
  return (x: number): number => {
    if (x <= xs[0]!) return ys[0]!;
    if (x >= xs[n - 1]!) return ys[n - 1]!;
    let i = 0;
    while (i < n - 2 && x > xs[i + 1]!) i++;
    const x0 = xs[i]!;
    const h = xs[i + 1]! - x0;
    const t = (x - x0) / h;
    const t2 = t * t;
    const t3 = t2 * t;
    return (
      (2 * t3 - 3 * t2 + 1) * ys[i]! +
      (t3 - 2 * t2 + t) * h * m[i]! +
      (-2 * t3 + 3 * t2) * ys[i + 1]! +
      (t3 - t2) * h * m[i + 1]!
    );
  };
}
