import sharp from 'sharp';
import { glyphPath, STROKE_GLYPHS } from './stroke-font';

/**
 * Procedural "photos" for the demo seed: cars and TLC plates drawn as SVG (a small perspective
 * renderer for the car body, flat shapes for the scenes) and rasterised by sharp. No network, no
 * stock images, no fonts (letters are drawn as strokes), and fast: about 15 ms of CPU a picture,
 * plus about 20 ms for processListingImage. Render a few at a time (e.g. 4 in parallel) to use
 * every core: sharp does its work off the main thread.
 *
 * Every picture is a function of its options only, so the seed is reproducible. The same seed with
 * different `view`s shows the same car in the same place from different angles.
 */

export type CarBodyStyle = 'sedan' | 'suv' | 'minivan' | 'hatchback';
export const CAR_BODY_STYLES: readonly CarBodyStyle[] = ['sedan', 'suv', 'minivan', 'hatchback'];

/** `view` values for {@link renderCarPhoto} (taken modulo 4). */
export const CAR_VIEWS = ['front-three-quarter', 'side', 'rear-three-quarter', 'interior'] as const;
export type CarView = (typeof CAR_VIEWS)[number];

export interface CarColor {
  readonly name: string;
  readonly hex: string;
}

/** Realistic paint colors for the seed to pick from. */
export const CAR_COLORS: readonly CarColor[] = [
  { name: 'Black', hex: '#15171b' },
  { name: 'White', hex: '#f1f1ee' },
  { name: 'Pearl white', hex: '#e9e6dc' },
  { name: 'Silver', hex: '#b9bdc3' },
  { name: 'Grey', hex: '#6a6f77' },
  { name: 'Charcoal', hex: '#3b3f45' },
  { name: 'Dark blue', hex: '#1d2c4c' },
  { name: 'Blue', hex: '#2b5595' },
  { name: 'Red', hex: '#a5161c' },
  { name: 'Burgundy', hex: '#5b1a26' },
  { name: 'Dark green', hex: '#213a30' },
  { name: 'Champagne', hex: '#c7b495' },
  { name: 'Taxi yellow', hex: '#f7b500' },
];

export interface CarPhotoOptions {
  seed: number;
  bodyStyle: CarBodyStyle;
  /** Paint color, `#rrggbb` or `#rgb`. */
  color: string;
  /** 0 front three-quarter, 1 side, 2 rear three-quarter, 3 interior (see {@link CAR_VIEWS}). */
  view?: number;
}

export interface PlatePhotoOptions {
  seed: number;
  /** Printed as is (upper-cased); letters, digits, `&`, `-` and spaces are drawn. */
  plateNumber: string;
  kind: 'tlc' | 'medallion';
}

/**
 * Pixel size of the generated pictures. They are drawn on a 1200 × 900 canvas and rasterised at
 * 720 × 540: the seed makes ~300 of them at every fresh start, and rasterising plus WebP encoding
 * cost grows with the pixel count (measured for 300 pictures incl. processListingImage, CPU time:
 * 720 × 540 ≈ 11 s, 800 × 600 ≈ 13 s, 1200 × 900 ≈ 23 s; a 2-core machine halves that).
 */
export const GENERATED_PHOTO_WIDTH = 720;
export const GENERATED_PHOTO_HEIGHT = 540;

/** Drawing units. */
const W = 1200;
const H = 900;

/** A PNG (720 × 540) of a car of this body style and paint, in a scene chosen by the seed. */
export async function renderCarPhoto(opts: CarPhotoOptions): Promise<Buffer> {
  return rasterise(carSvg(opts));
}

/** A PNG (720 × 540) close-up of a TLC license plate, or of a taxi medallion on a yellow hood. */
export async function renderPlatePhoto(opts: PlatePhotoOptions): Promise<Buffer> {
  return rasterise(plateSvg(opts));
}

/** PNG with light compression: lossless, and cheaper to encode than JPEG at this size. */
function rasterise(svg: string): Promise<Buffer> {
  return sharp(Buffer.from(svg)).removeAlpha().png({ compressionLevel: 1, adaptiveFiltering: false }).toBuffer();
}

// ---------------------------------------------------------------------------------------------
// Small maths and color helpers

type P2 = [number, number];
type V3 = [number, number, number];
type RGB = [number, number, number];

const sub = (a: V3, b: V3): V3 => [a[0] - b[0], a[1] - b[1], a[2] - b[2]];
const add = (a: V3, b: V3): V3 => [a[0] + b[0], a[1] + b[1], a[2] + b[2]];
const scale3 = (a: V3, k: number): V3 => [a[0] * k, a[1] * k, a[2] * k];
const dot = (a: V3, b: V3): number => a[0] * b[0] + a[1] * b[1] + a[2] * b[2];
const cross = (a: V3, b: V3): V3 => [a[1] * b[2] - a[2] * b[1], a[2] * b[0] - a[0] * b[2], a[0] * b[1] - a[1] * b[0]];
const norm = (a: V3): V3 => {
  const l = Math.hypot(a[0], a[1], a[2]) || 1;
  return [a[0] / l, a[1] / l, a[2] / l];
};
const lerp = (a: number, b: number, t: number): number => a + (b - a) * t;
const clamp = (v: number, lo: number, hi: number): number => Math.min(hi, Math.max(lo, v));
const rad = (deg: number): number => (deg * Math.PI) / 180;

class Rng {
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

function parseHex(hex: string): RGB {
  const m = /^#?([0-9a-f]{3}|[0-9a-f]{6})$/i.exec(hex.trim());
  if (!m) return [185, 189, 195];
  let h = m[1]!;
  if (h.length === 3) h = h.replace(/./g, (c) => c + c);
  const n = parseInt(h, 16);
  return [(n >> 16) & 255, (n >> 8) & 255, n & 255];
}
const toHex = (c: RGB): string =>
  '#' + c.map((v) => clamp(Math.round(v), 0, 255).toString(16).padStart(2, '0')).join('');
const mixRgb = (a: RGB, b: RGB, t: number): RGB => [lerp(a[0], b[0], t), lerp(a[1], b[1], t), lerp(a[2], b[2], t)];
const mulRgb = (a: RGB, k: number): RGB => [a[0] * k, a[1] * k, a[2] * k];
const mix = (a: string, b: string, t: number): string => toHex(mixRgb(parseHex(a), parseHex(b), t));
const shade = (a: string, k: number): string => toHex(mulRgb(parseHex(a), k));
const luminance = (c: RGB): number => (0.2126 * c[0] + 0.7152 * c[1] + 0.0722 * c[2]) / 255;

const fmt = (n: number): string => String(Math.round(n * 10) / 10);

function pathOf(pts: readonly P2[], close = true): string {
  let d = '';
  for (let i = 0; i < pts.length; i++) {
    const p = pts[i]!;
    d += (i === 0 ? 'M' : 'L') + fmt(p[0]) + ' ' + fmt(p[1]);
  }
  return close ? d + 'Z' : d;
}

/** A filled polygon; shapes entirely outside the picture are left out. */
function polygon(pts: readonly P2[], fill: string, extra = ''): string {
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
function grow(pts: P2[], d: number): P2[] {
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
function mergeRuns(parts: readonly string[]): string {
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
function hull(points: P2[]): P2[] {
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
function clipConvex(subject: P2[], clipper: P2[]): P2[] {
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
function densify(pts: P2[], step: number, closed = true): P2[] {
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

const rect2 = (x0: number, y0: number, x1: number, y1: number): P2[] => [
  [x0, y0],
  [x1, y0],
  [x1, y1],
  [x0, y1],
];

/** Monotone cubic interpolation (Fritsch–Butland): smooth, never overshoots. */
function monotone(xs: readonly number[], ys: readonly number[]): (x: number) => number {
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

// ---------------------------------------------------------------------------------------------
// Camera

interface Camera {
  pos: V3;
  r: V3;
  u: V3;
  f: V3;
  focal: number;
  cx: number;
  cy: number;
}

function lookAt(pos: V3, target: V3): Camera {
  const f = norm(sub(target, pos));
  const r = norm(cross(f, [0, 0, 1]));
  const u = cross(r, f);
  return { pos, r, u, f, focal: 1, cx: 0, cy: 0 };
}

function camSpace(cam: Camera, p: V3): V3 {
  const d = sub(p, cam.pos);
  return [dot(d, cam.r), dot(d, cam.u), dot(d, cam.f)];
}

const NEAR = 0.25;

function project(cam: Camera, p: V3): P2 {
  const c = camSpace(cam, p);
  const z = Math.max(c[2], NEAR);
  return [cam.cx + (cam.focal * c[0]) / z, cam.cy - (cam.focal * c[1]) / z];
}

/** Projects a 3-D polygon, clipped to the near plane. */
function projectPoly(cam: Camera, pts: readonly V3[]): P2[] {
  const cs = pts.map((p) => camSpace(cam, p));
  const clipped: V3[] = [];
  for (let i = 0; i < cs.length; i++) {
    const a = cs[i]!;
    const b = cs[(i + 1) % cs.length]!;
    const ain = a[2] >= NEAR;
    const bin = b[2] >= NEAR;
    if (ain) clipped.push(a);
    if (ain !== bin) {
      const t = (NEAR - a[2]) / (b[2] - a[2]);
      clipped.push([lerp(a[0], b[0], t), lerp(a[1], b[1], t), NEAR]);
    }
  }
  return clipped.map((c) => [cam.cx + (cam.focal * c[0]) / c[2], cam.cy - (cam.focal * c[1]) / c[2]]);
}

const depthOf = (cam: Camera, p: V3): number => dot(sub(p, cam.pos), cam.f);

function centroid3(pts: readonly V3[]): V3 {
  let x = 0;
  let y = 0;
  let z = 0;
  for (const p of pts) {
    x += p[0];
    y += p[1];
    z += p[2];
  }
  return [x / pts.length, y / pts.length, z / pts.length];
}

/** Newell normal, oriented to agree with `hint`. */
function normalOf(pts: readonly V3[], hint: V3): V3 {
  let nx = 0;
  let ny = 0;
  let nz = 0;
  for (let i = 0; i < pts.length; i++) {
    const a = pts[i]!;
    const b = pts[(i + 1) % pts.length]!;
    nx += (a[1] - b[1]) * (a[2] + b[2]);
    ny += (a[2] - b[2]) * (a[0] + b[0]);
    nz += (a[0] - b[0]) * (a[1] + b[1]);
  }
  const n = norm([nx, ny, nz]);
  return dot(n, hint) < 0 ? scale3(n, -1) : n;
}

/** Horizon height on screen (the camera never rolls). */
function horizonY(cam: Camera): number {
  const fh = norm([cam.f[0], cam.f[1], 0]);
  return project(cam, add(cam.pos, scale3(fh, 1e5)))[1];
}

// ---------------------------------------------------------------------------------------------
// Lighting and scenes

type TimeOfDay = 'day' | 'dusk' | 'night';
type SceneKind = 'street' | 'lot' | 'garage';

interface Light {
  dir: V3;
  ambient: number;
  diffuse: number;
  tint: RGB;
  /** Color reflected by upward faces. */
  sky: RGB;
  reflect: number;
  night: boolean;
}

interface Palette {
  skyStops: [number, string][];
  ground: string;
  groundFar: string;
  sidewalk: string;
  curb: string;
  line: string;
  dim: number;
}

function paletteFor(tod: TimeOfDay, rng: Rng): Palette {
  if (tod === 'day') {
    const clear = rng.chance(0.7);
    return {
      skyStops: clear
        ? [
            [0, '#4d8fd1'],
            [0.6, '#93c1ea'],
            [1, '#d9e9f5'],
          ]
        : [
            [0, '#8fa3b8'],
            [0.7, '#c2ccd6'],
            [1, '#e1e5e8'],
          ],
      ground: '#4e5258',
      groundFar: '#8a8e93',
      sidewalk: '#bdb8ae',
      curb: '#a9a49b',
      line: '#eeeeea',
      dim: 1,
    };
  }
  if (tod === 'dusk') {
    return {
      skyStops: [
        [0, '#2a3470'],
        [0.45, '#8a5a8c'],
        [0.8, '#f0976a'],
        [1, '#fbd08c'],
      ],
      ground: '#3a3838',
      groundFar: '#7a6462',
      sidewalk: '#8e847f',
      curb: '#7c7370',
      line: '#d9cfc4',
      dim: 0.72,
    };
  }
  return {
    skyStops: [
      [0, '#070b1c'],
      [0.7, '#18224a'],
      [1, '#34406a'],
    ],
    ground: '#24262b',
    groundFar: '#363a45',
    sidewalk: '#55575c',
    curb: '#4a4c52',
    line: '#b9b9b4',
    dim: 0.45,
  };
}

function lightFor(tod: TimeOfDay, scene: SceneKind, camDir: V3, rng: Rng): Light {
  const side = rng.range(-0.9, 0.9);
  const perp: V3 = [-camDir[1], camDir[0], 0];
  if (scene === 'garage') {
    return {
      dir: norm([perp[0] * side * 0.3, perp[1] * side * 0.3, 1]),
      ambient: 0.74,
      diffuse: 0.3,
      tint: [236, 242, 250],
      sky: [235, 238, 242],
      reflect: 0.3,
      night: false,
    };
  }
  if (tod === 'day') {
    return {
      dir: norm(add(add(scale3(camDir, rng.range(0.3, 0.9)), scale3(perp, side)), [0, 0, rng.range(0.8, 1.4)])),
      ambient: 0.74,
      diffuse: 0.34,
      tint: [255, 252, 246],
      sky: [205, 225, 245],
      reflect: 0.28,
      night: false,
    };
  }
  if (tod === 'dusk') {
    return {
      dir: norm(add(add(scale3(camDir, rng.range(0.2, 0.7)), scale3(perp, side)), [0, 0, 0.35])),
      ambient: 0.64,
      diffuse: 0.4,
      tint: [255, 222, 190],
      sky: [240, 170, 140],
      reflect: 0.26,
      night: false,
    };
  }
  return {
    dir: norm([perp[0] * side * 0.4 + camDir[0] * 0.3, perp[1] * side * 0.4 + camDir[1] * 0.3, 1]),
    ambient: 0.5,
    diffuse: 0.4,
    tint: [255, 232, 205],
    sky: [90, 100, 140],
    reflect: 0.3,
    night: true,
  };
}

function shadeFace(paint: RGB, n: V3, light: Light): string {
  const diffuse = Math.max(0, dot(n, light.dir));
  // Ambient, sun, and a sky/ground term: faces turned up are lighter, faces turned down darker.
  let c = mulRgb(paint, light.ambient + light.diffuse * diffuse + 0.14 * n[2]);
  c = [(c[0] * light.tint[0]) / 255, (c[1] * light.tint[1]) / 255, (c[2] * light.tint[2]) / 255];
  if (n[2] > 0) c = mixRgb(c, light.sky, light.reflect * n[2] * n[2]);
  if (n[2] < -0.05) c = mulRgb(c, 0.78);
  return toHex(c);
}

interface Ctx {
  cam: Camera;
  out: string[];
  defs: string[];
  ids: number;
}

function gradient(ctx: Ctx, x1: number, y1: number, x2: number, y2: number, stops: readonly [number, string, number?][]): string {
  const id = `g${ctx.ids++}`;
  const s = stops
    .map(([o, c, a]) => `<stop offset="${o}" stop-color="${c}"${a === undefined ? '' : ` stop-opacity="${a}"`}/>`)
    .join('');
  ctx.defs.push(
    `<linearGradient id="${id}" gradientUnits="userSpaceOnUse" x1="${fmt(x1)}" y1="${fmt(y1)}" x2="${fmt(x2)}" y2="${fmt(y2)}">${s}</linearGradient>`,
  );
  return `url(#${id})`;
}

function radial(ctx: Ctx, cx: number, cy: number, r: number, stops: readonly [number, string, number?][]): string {
  const id = `g${ctx.ids++}`;
  const s = stops
    .map(([o, c, a]) => `<stop offset="${o}" stop-color="${c}"${a === undefined ? '' : ` stop-opacity="${a}"`}/>`)
    .join('');
  ctx.defs.push(
    `<radialGradient id="${id}" gradientUnits="userSpaceOnUse" cx="${fmt(cx)}" cy="${fmt(cy)}" r="${fmt(r)}">${s}</radialGradient>`,
  );
  return `url(#${id})`;
}

function quad3(ctx: Ctx, pts: V3[], fill: string, extra = ''): void {
  ctx.out.push(polygon(projectPoly(ctx.cam, pts), fill, extra));
}

function line3(ctx: Ctx, a: V3, b: V3, stroke: string, widthM: number, extra = ''): void {
  const pts = projectPoly(ctx.cam, [a, b, b]);
  if (pts.length < 2) return;
  const depth = Math.max(NEAR, depthOf(ctx.cam, centroid3([a, b])));
  const w = Math.max(0.6, (widthM * ctx.cam.focal) / depth);
  ctx.out.push(`<path d="${pathOf(pts.slice(0, 2), false)}" stroke="${stroke}" stroke-width="${fmt(w)}"${extra}/>`);
}

function skyRect(ctx: Ctx, pal: Palette, horizon: number): void {
  const top = Math.min(horizon - 700, -10);
  const fill = gradient(ctx, 0, top, 0, horizon, pal.skyStops);
  ctx.out.push(`<rect width="${W}" height="${H}" fill="${fill}"/>`);
}

function clouds(ctx: Ctx, rng: Rng, horizon: number, tod: TimeOfDay): void {
  if (tod === 'night') {
    let d = '';
    for (let i = 0; i < 40; i++) {
      const x = rng.range(0, W);
      const y = rng.range(0, Math.max(20, horizon - 60));
      d += `M${fmt(x)} ${fmt(y)}h1.6v1.6h-1.6z`;
    }
    ctx.out.push(`<path d="${d}" fill="#dfe6ff" fill-opacity="0.7"/>`);
    return;
  }
  const color = tod === 'day' ? '#ffffff' : '#f6c3a4';
  for (let i = rng.int(1, 4); i > 0; i--) {
    const cx = rng.range(-100, W + 100);
    const cy = rng.range(horizon - 420, horizon - 120);
    const s = rng.range(0.6, 1.4);
    let d = '';
    for (let k = 0; k < 5; k++) {
      const ex = cx + (k - 2) * 55 * s + rng.range(-15, 15);
      const ey = cy - (k === 1 || k === 2 || k === 3 ? rng.range(10, 35) : 0) * s;
      const rx = rng.range(50, 85) * s;
      const ry = rng.range(22, 36) * s;
      d += `M${fmt(ex - rx)} ${fmt(ey)}a${fmt(rx)} ${fmt(ry)} 0 1 0 ${fmt(2 * rx)} 0a${fmt(rx)} ${fmt(ry)} 0 1 0 ${fmt(-2 * rx)} 0Z`;
    }
    // One path, so overlapping puffs do not add up (and no group opacity, which is slow to render).
    ctx.out.push(`<path d="${d}" fill="${color}" fill-opacity="${fmt(rng.range(0.35, 0.6))}"/>`);
  }
}

const BUILDING_COLORS = ['#8b4a3a', '#9c5b45', '#7a3f33', '#b08566', '#c8b79c', '#6f6a64', '#a39e94', '#8f7d6b', '#5f4a42'];
const ACCENTS = ['#1f5f8b', '#8b1e2d', '#2f6b3a', '#c27a12', '#3a3a3a', '#5a2f6b', '#0e6e6e'];

/** A row of street facades in the plane y = planeY, facing +y (towards the camera), x0..x1. */
function facades(ctx: Ctx, rng: Rng, planeY: number, x0: number, x1: number, tod: TimeOfDay, pal: Palette, base = 0): void {
  let x = x0;
  const face = planeY;
  const lit = tod === 'night' ? 0.45 : tod === 'dusk' ? 0.25 : 0;
  // Upper-floor windows and sills are drawn after all the walls, grouped by color.
  const panes: [string, V3[]][] = [];
  const sills: [string, V3[]][] = [];
  while (x < x1) {
    const w = rng.range(6, 13);
    const floors = rng.int(2, 6);
    const h = base + 4 + floors * 3.1;
    const col = shade(mix(rng.pick(BUILDING_COLORS), '#2a2f45', 1 - pal.dim), pal.dim * rng.range(0.9, 1.05));
    const P = (xx: number, zz: number): V3 => [xx, face, zz];
    quad3(ctx, [P(x, 0), P(x + w, 0), P(x + w, h), P(x, h)], col);
    // cornice
    quad3(ctx, [P(x, h - 0.5), P(x + w, h - 0.5), P(x + w, h), P(x, h)], shade(col, 0.75));
    // storefront
    const accent = shade(rng.pick(ACCENTS), pal.dim);
    quad3(ctx, [P(x + 0.3, base + 3.0), P(x + w - 0.3, base + 3.0), P(x + w - 0.3, base + 3.7), P(x + 0.3, base + 3.7)], accent);
    const glass = tod === 'night' ? (rng.chance(0.6) ? '#e8c27a' : '#1b2433') : tod === 'dusk' ? '#5a5470' : '#3d4d5c';
    const doorAt = x + rng.range(0.8, w - 2);
    quad3(ctx, [P(x + 0.6, base + 0.5), P(doorAt - 0.2, base + 0.5), P(doorAt - 0.2, base + 2.7), P(x + 0.6, base + 2.7)], glass);
    quad3(ctx, [P(doorAt + 1.3, base + 0.5), P(x + w - 0.6, base + 0.5), P(x + w - 0.6, base + 2.7), P(doorAt + 1.3, base + 2.7)], glass);
    quad3(ctx, [P(doorAt, base), P(doorAt + 1.1, base), P(doorAt + 1.1, base + 2.5), P(doorAt, base + 2.5)], shade(glass, 0.7));
    if (rng.chance(0.4)) {
      // awning
      quad3(ctx, [P(x + 0.4, base + 2.75), P(x + w - 0.4, base + 2.75), P(x + w - 0.4, base + 3.0), P(x + 0.4, base + 3.0)], shade(accent, 0.8));
    }
    // upper floors
    const cols = Math.max(2, Math.floor(w / 2.3));
    const pitch = w / cols;
    const winDay = tod === 'day' ? mix('#5d7388', '#9fb7cc', rng.next()) : tod === 'dusk' ? '#3e3d55' : '#161d2c';
    const sill = shade(col, 1.15);
    const lamps = ['#f3c979', '#ffe2a8'];
    const windows: [number, number, string][] = [];
    for (let f = 0; f < floors; f++) {
      for (let c = 0; c < cols; c++) windows.push([x + c * pitch + pitch * 0.28, base + 4.4 + f * 3.1, lit > 0 && rng.chance(lit) ? rng.pick(lamps) : winDay]);
    }
    for (const [wx, z0, fill] of windows) {
      panes.push([fill, [P(wx, z0), P(wx + pitch * 0.44, z0), P(wx + pitch * 0.44, z0 + 1.7), P(wx, z0 + 1.7)]]);
      sills.push([sill, [P(wx - 0.1, z0 - 0.15), P(wx + pitch * 0.44 + 0.1, z0 - 0.15), P(wx + pitch * 0.44 + 0.1, z0), P(wx - 0.1, z0)]]);
    }
    x += w;
  }
  const byColour = (a: [string, V3[]], b: [string, V3[]]): number => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0);
  for (const [fill, pts] of [...panes.sort(byColour), ...sills.sort(byColour)]) quad3(ctx, pts, fill);
}

function tree(ctx: Ctx, rng: Rng, at: V3, pal: Palette): void {
  const top = add(at, [0, 0, rng.range(3.2, 4.2)]);
  line3(ctx, at, top, shade('#4a3a2c', pal.dim), 0.22, ' stroke-linecap="round"');
  const c = project(ctx.cam, add(top, [0, 0, 0.6]));
  const rPx = (1.6 * ctx.cam.focal) / Math.max(NEAR, depthOf(ctx.cam, top));
  const [dark, mid, light] = ['#35593a', '#46713f', '#5b8a4c'].map((g) => shade(g, pal.dim)) as [string, string, string];
  const puff = (x: number, y: number, r: number): string =>
    `M${fmt(x - r)} ${fmt(y)}a${fmt(r)} ${fmt(r)} 0 1 0 ${fmt(2 * r)} 0a${fmt(r)} ${fmt(r)} 0 1 0 ${fmt(-2 * r)} 0Z`;
  let outer = '';
  for (let i = 0; i < 6; i++) {
    const a = (i / 6) * Math.PI * 2 + rng.next();
    outer += puff(c[0] + Math.cos(a) * rPx * 0.55, c[1] + Math.sin(a) * rPx * 0.4, rPx * rng.range(0.45, 0.65));
  }
  ctx.out.push(
    `<path d="${outer}" fill="${dark}"/><path d="${puff(c[0], c[1] - rPx * 0.1, rPx * 0.62)}" fill="${mid}"/>` +
      `<path d="${puff(c[0] - rPx * 0.2, c[1] - rPx * 0.35, rPx * 0.3)}" fill="${light}"/>`,
  );
}

function streetLamp(ctx: Ctx, at: V3, pal: Palette, glow: boolean): void {
  const top = add(at, [0, 0, 5.2]);
  const arm = add(top, [0, 1.1, -0.1]);
  line3(ctx, at, top, shade('#3b4048', Math.max(0.6, pal.dim)), 0.14);
  line3(ctx, top, arm, shade('#3b4048', Math.max(0.6, pal.dim)), 0.1);
  const c = project(ctx.cam, arm);
  const rPx = (0.25 * ctx.cam.focal) / Math.max(NEAR, depthOf(ctx.cam, arm));
  if (glow) {
    const g = radial(ctx, c[0], c[1], rPx * 8, [
      [0, '#ffe7b0', 0.55],
      [1, '#ffe7b0', 0],
    ]);
    ctx.out.push(`<circle cx="${fmt(c[0])}" cy="${fmt(c[1])}" r="${fmt(rPx * 8)}" fill="${g}"/>`);
  }
  ctx.out.push(`<ellipse cx="${fmt(c[0])}" cy="${fmt(c[1])}" rx="${fmt(rPx * 1.6)}" ry="${fmt(rPx * 0.7)}" fill="${glow ? '#fff6dc' : '#d9dde2'}"/>`);
}

function hydrant(ctx: Ctx, at: V3, pal: Palette): void {
  const base = project(ctx.cam, at);
  const d = Math.max(NEAR, depthOf(ctx.cam, at));
  const s = ctx.cam.focal / d;
  const col = shade('#b8281f', Math.max(0.55, pal.dim));
  const cap = shade('#d8b21e', Math.max(0.55, pal.dim));
  const [x, y] = base;
  ctx.out.push(
    `<g><rect x="${fmt(x - 0.13 * s)}" y="${fmt(y - 0.62 * s)}" width="${fmt(0.26 * s)}" height="${fmt(0.6 * s)}" rx="${fmt(0.04 * s)}" fill="${col}"/>` +
      `<rect x="${fmt(x - 0.2 * s)}" y="${fmt(y - 0.46 * s)}" width="${fmt(0.4 * s)}" height="${fmt(0.1 * s)}" rx="${fmt(0.04 * s)}" fill="${shade(col, 0.85)}"/>` +
      `<ellipse cx="${fmt(x)}" cy="${fmt(y - 0.64 * s)}" rx="${fmt(0.14 * s)}" ry="${fmt(0.09 * s)}" fill="${cap}"/>` +
      `<rect x="${fmt(x - 0.17 * s)}" y="${fmt(y - 0.06 * s)}" width="${fmt(0.34 * s)}" height="${fmt(0.06 * s)}" fill="${shade(col, 0.7)}"/></g>`,
  );
}

interface SceneInfo {
  kind: SceneKind;
  tod: TimeOfDay;
}

/** Draws everything behind the car. The car stands at x ∈ [0, L], y ∈ [-hw, hw]; the camera is at y > 0. */
function drawScene(ctx: Ctx, scene: SceneInfo, rng: Rng, car: CarModel): Palette {
  const { cam } = ctx;
  const pal = paletteFor(scene.tod, rng);
  const horizon = horizonY(cam);
  const hw = car.spec.halfWidth;
  const L = car.spec.length;

  if (scene.kind === 'garage') {
    const wallY = -hw - rng.range(2.2, 4.5);
    const ceiling = rng.range(2.9, 3.3);
    const wall = rng.pick(['#d8d4cb', '#cfd3d6', '#e0dccf']);
    const stripe = rng.pick(['#f2b705', '#1f5fae', '#2e8b57', '#c8102e']);
    ctx.out.push(`<rect width="${W}" height="${H}" fill="#2b2d31"/>`);
    // ceiling
    quad3(ctx, [[-60, wallY, ceiling], [60, wallY, ceiling], [60, 40, ceiling], [-60, 40, ceiling]], '#707379');
    // floor
    quad3(ctx, [[-60, wallY, 0], [60, wallY, 0], [60, 40, 0], [-60, 40, 0]], '#8c8d8c');
    const floorGlow = gradient(ctx, 0, horizon, 0, H, [
      [0, '#a7a8a6'],
      [1, '#6f716f'],
    ]);
    quad3(ctx, [[-60, wallY, 0], [60, wallY, 0], [60, 40, 0], [-60, 40, 0]], floorGlow, ' fill-opacity="0.85"');
    // back wall with a color band
    quad3(ctx, [[-60, wallY, 0], [60, wallY, 0], [60, wallY, ceiling], [-60, wallY, ceiling]], wall);
    quad3(ctx, [[-60, wallY, 0.9], [60, wallY, 0.9], [60, wallY, 1.25], [-60, wallY, 1.25]], stripe);
    quad3(ctx, [[-60, wallY, 0], [60, wallY, 0], [60, wallY, 0.12], [-60, wallY, 0.12]], '#6b6d70');
    // beams and lights
    for (let bx = -30; bx <= 30; bx += 5.5) {
      const ox = bx + rng.range(-0.2, 0.2);
      quad3(ctx, [[ox, wallY, ceiling], [ox + 0.4, wallY, ceiling], [ox + 0.4, wallY, ceiling - 0.3], [ox, wallY, ceiling - 0.3]], '#5a5d62');
      quad3(ctx, [[ox, wallY, ceiling - 0.3], [ox + 0.4, wallY, ceiling - 0.3], [ox + 0.4, 30, ceiling - 0.3], [ox, 30, ceiling - 0.3]], '#63666b');
    }
    for (let lx = -24; lx <= 24; lx += 4) {
      for (const ly of [wallY + 1.2, 1.5, 5]) {
        quad3(ctx, [[lx, ly, ceiling - 0.05], [lx + 1.3, ly, ceiling - 0.05], [lx + 1.3, ly + 0.18, ceiling - 0.05], [lx, ly + 0.18, ceiling - 0.05]], '#f4f8ff');
      }
    }
    // pillars
    const px0 = rng.range(-8, -4);
    for (let k = 0; k < 5; k++) {
      const px = px0 + k * rng.range(7.5, 8.5);
      if (px > -1.5 && px < L + 1.5) continue;
      const py = wallY + 0.6;
      const P = (xx: number, yy: number, zz: number): V3 => [xx, yy, zz];
      const front = ctx.cam.pos[0] < px ? px : px + 0.6;
      quad3(ctx, [P(px, py + 0.6, 0), P(px + 0.6, py + 0.6, 0), P(px + 0.6, py + 0.6, ceiling), P(px, py + 0.6, ceiling)], '#bdb9b0');
      quad3(ctx, [P(front, py, 0), P(front, py + 0.6, 0), P(front, py + 0.6, ceiling), P(front, py, ceiling)], '#a29e95');
      for (let s = 0; s < 4; s++) {
        quad3(
          ctx,
          [P(px, py + 0.61, s * 0.25), P(px + 0.6, py + 0.61, s * 0.25), P(px + 0.6, py + 0.61, s * 0.25 + 0.12), P(px, py + 0.61, s * 0.25 + 0.12)],
          '#1d1d1f',
        );
        quad3(
          ctx,
          [P(px, py + 0.61, s * 0.25 + 0.12), P(px + 0.6, py + 0.61, s * 0.25 + 0.12), P(px + 0.6, py + 0.61, s * 0.25 + 0.25), P(px, py + 0.61, s * 0.25 + 0.25)],
          '#f2b705',
        );
      }
    }
    // bay lines
    const lineCol = rng.pick(['#f2c100', '#f0f0ea']);
    for (const sx of [-2.9, L + 0.35, L + 3.2, -5.8]) {
      quad3(ctx, [[sx, wallY + 0.3, 0.005], [sx + 0.12, wallY + 0.3, 0.005], [sx + 0.12, hw + 2.2, 0.005], [sx, hw + 2.2, 0.005]], lineCol);
    }
    return { ...pal, ground: '#8c8d8c', dim: 0.95 };
  }

  skyRect(ctx, pal, horizon);
  clouds(ctx, rng, horizon, scene.tod);
  // distant skyline
  {
    const far = -700;
    const col = scene.tod === 'day' ? '#a8b6c4' : scene.tod === 'dusk' ? '#6a4e73' : '#141a30';
    let x = -900;
    while (x < 900) {
      const w = rng.range(25, 70);
      const h = rng.chance(0.15) ? rng.range(150, 260) : rng.range(30, 120);
      quad3(ctx, [[x, far, 0], [x + w, far, 0], [x + w, far, h], [x, far, h]], col);
      x += w + rng.range(-10, 15);
    }
  }
  ctx.out.push(`<rect y="${fmt(horizon - 1)}" width="${W}" height="${fmt(Math.max(0, H - horizon + 1))}" fill="${pal.groundFar}"/>`);

  if (scene.kind === 'street') {
    const curbY = -hw - rng.range(0.25, 0.45);
    const walk = rng.range(3, 5.5);
    const wallY = curbY - walk;
    // asphalt (closer is darker)
    const asphalt = gradient(ctx, 0, horizon, 0, H, [
      [0, mix(pal.ground, pal.groundFar, 0.5)],
      [1, shade(pal.ground, 0.85)],
    ]);
    quad3(ctx, [[-300, curbY, 0], [300, curbY, 0], [300, 60, 0], [-300, 60, 0]], asphalt);
    // lane markings: parking lane edge and the double yellow further out
    for (let sx = -120; sx < 120; sx += 6) {
      quad3(ctx, [[sx, hw + 1.2, 0.01], [sx + 3, hw + 1.2, 0.01], [sx + 3, hw + 1.32, 0.01], [sx, hw + 1.32, 0.01]], pal.line);
    }
    const yellow = shade('#e0b21a', Math.max(0.55, pal.dim));
    for (const yy of [hw + 4.6, hw + 4.85]) {
      quad3(ctx, [[-300, yy, 0.01], [300, yy, 0.01], [300, yy + 0.12, 0.01], [-300, yy + 0.12, 0.01]], yellow);
    }
    // curb face and sidewalk
    quad3(ctx, [[-300, curbY, 0], [300, curbY, 0], [300, curbY, 0.16], [-300, curbY, 0.16]], pal.curb);
    quad3(ctx, [[-300, wallY, 0.16], [300, wallY, 0.16], [300, curbY, 0.16], [-300, curbY, 0.16]], pal.sidewalk);
    let joints = '';
    for (let jx = -60; jx <= 60; jx += 1.6) {
      const a = project(cam, [jx, curbY, 0.16]);
      const b = project(cam, [jx, wallY, 0.16]);
      joints += `M${fmt(a[0])} ${fmt(a[1])}L${fmt(b[0])} ${fmt(b[1])}`;
    }
    ctx.out.push(`<path d="${joints}" stroke="${shade(pal.sidewalk, 0.85)}" stroke-width="1.2"/>`);
    facades(ctx, rng, wallY, -70, 70, scene.tod, pal, 0.16);
    // street furniture on the sidewalk, away from the car's outline
    const camX = cam.pos[0];
    const furniture = [-9, -3.5, L + 2.5, L + 8].map((v) => v + rng.range(-1, 1));
    for (const fx of furniture) {
      const at: V3 = [fx, curbY - 0.7, 0.16];
      const r = rng.next();
      if (r < 0.45) tree(ctx, rng, at, pal);
      else if (r < 0.75) streetLamp(ctx, at, pal, scene.tod !== 'day');
      else if (Math.abs(fx - camX) > 2) hydrant(ctx, [fx, curbY - 0.45, 0.16], pal);
    }
    return pal;
  }

  // parking lot
  const asphalt = gradient(ctx, 0, horizon, 0, H, [
    [0, mix(pal.ground, pal.groundFar, 0.6)],
    [1, shade(mix(pal.ground, '#777', 0.25), 0.95)],
  ]);
  quad3(ctx, [[-300, -60, 0], [300, -60, 0], [300, 60, 0], [-300, 60, 0]], asphalt);
  const edge = -rng.range(28, 40);
  // tree line and a low store building beyond the lot
  const store = shade(rng.pick(['#cbbfa8', '#b9b3a8', '#d6cdb8', '#a9a196']), pal.dim);
  const sx0 = rng.range(-25, 5);
  const sw = rng.range(30, 55);
  quad3(ctx, [[sx0, edge - 6, 0], [sx0 + sw, edge - 6, 0], [sx0 + sw, edge - 6, 7], [sx0, edge - 6, 7]], store);
  quad3(ctx, [[sx0, edge - 6, 5.6], [sx0 + sw, edge - 6, 5.6], [sx0 + sw, edge - 6, 6.4], [sx0, edge - 6, 6.4]], shade(rng.pick(ACCENTS), pal.dim));
  quad3(ctx, [[sx0 + 4, edge - 6, 0], [sx0 + sw - 4, edge - 6, 0], [sx0 + sw - 4, edge - 6, 3], [sx0 + 4, edge - 6, 3]], scene.tod === 'night' ? '#d9b56a' : '#4a5663');
  // Entrance doors and window mullions.
  const doorX = sx0 + sw / 2 + rng.range(-6, 6);
  quad3(ctx, [[doorX - 2, edge - 5.99, 0], [doorX + 2, edge - 5.99, 0], [doorX + 2, edge - 5.99, 2.6], [doorX - 2, edge - 5.99, 2.6]], scene.tod === 'night' ? '#f3dca0' : '#2c3540');
  for (let mx = sx0 + 7; mx < sx0 + sw - 5; mx += 3) {
    quad3(ctx, [[mx, edge - 5.98, 0], [mx + 0.15, edge - 5.98, 0], [mx + 0.15, edge - 5.98, 3], [mx, edge - 5.98, 3]], shade(store, 0.8));
  }
  for (let tx = -60; tx < 60; tx += rng.range(5, 9)) {
    if (tx > sx0 - 3 && tx < sx0 + sw + 3) continue;
    tree(ctx, rng, [tx, edge - 3, 0], pal);
  }
  // stall lines
  const lineCol = pal.line;
  const stall = 2.75;
  for (let k = -4; k <= 1; k++) {
    const yy = -hw - 0.5 + k * stall;
    if (k === 1) continue;
    quad3(ctx, [[-0.6, yy, 0.01], [L + 0.6, yy, 0.01], [L + 0.6, yy + 0.12, 0.01], [-0.6, yy + 0.12, 0.01]], lineCol);
  }
  const rightLine = hw + 0.5;
  quad3(ctx, [[-0.6, rightLine, 0.01], [L + 0.6, rightLine, 0.01], [L + 0.6, rightLine + 0.12, 0.01], [-0.6, rightLine + 0.12, 0.01]], lineCol);
  quad3(ctx, [[L + 0.6, -hw - 0.5 - 4 * stall, 0.01], [L + 0.72, -hw - 0.5 - 4 * stall, 0.01], [L + 0.72, rightLine + 0.12, 0.01], [L + 0.6, rightLine + 0.12, 0.01]], lineCol);
  // light poles
  for (const lx of [rng.range(-14, -6), rng.range(L + 6, L + 14)]) {
    const base: V3 = [lx, edge + rng.range(4, 10), 0];
    const top = add(base, [0, 0, 8]);
    line3(ctx, base, top, shade('#4b5058', Math.max(0.6, pal.dim)), 0.18);
    const c = project(cam, top);
    const s = cam.focal / Math.max(NEAR, depthOf(cam, top));
    if (scene.tod !== 'day') {
      const g = radial(ctx, c[0], c[1], 3 * s, [
        [0, '#fff1c9', 0.6],
        [1, '#fff1c9', 0],
      ]);
      ctx.out.push(`<circle cx="${fmt(c[0])}" cy="${fmt(c[1])}" r="${fmt(3 * s)}" fill="${g}"/>`);
    }
    ctx.out.push(`<rect x="${fmt(c[0] - 0.6 * s)}" y="${fmt(c[1] - 0.1 * s)}" width="${fmt(1.2 * s)}" height="${fmt(0.25 * s)}" fill="${scene.tod === 'day' ? '#9aa0a8' : '#fff3d6'}"/>`);
  }
  return pal;
}

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

const SPECS: Record<CarBodyStyle, CarSpec> = {
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

class CarModel {
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
function carModel(style: CarBodyStyle): CarModel {
  let m = models.get(style);
  if (!m) {
    m = new CarModel(SPECS[style]);
    models.set(style, m);
  }
  return m;
}

type Surface = 'side' | 'green' | 'top' | 'front' | 'rear';
const SURFACE_SEGMENTS: Record<Surface, readonly number[]> = {
  side: [0, 1, 2],
  green: [3],
  top: [4],
  front: [],
  rear: [],
};

interface DrawItem {
  depth: number;
  layer: number;
  svg: string;
}

interface BodyFace {
  seg: number; // -1 front cap, -2 rear cap
  x0: number;
  x1: number;
  depth: number;
}

class CarRenderer {
  readonly items: DrawItem[] = [];
  private readonly faces: BodyFace[] = [];
  /** Decals already placed: a later decal that overlaps an earlier one on the same surface is drawn after it. */
  private readonly placed: { surface: Surface; x0: number; x1: number; depth: number }[] = [];
  private layer = 1;
  readonly paint: RGB;
  constructor(
    readonly ctx: Ctx,
    readonly model: CarModel,
    paintHex: string,
    readonly light: Light,
  ) {
    this.paint = parseHex(paintHex);
  }

  private map(surface: Surface, p: P2): V3 {
    const m = this.model;
    switch (surface) {
      case 'side':
        return m.side(p[0], p[1]);
      case 'green':
        return m.green(p[0], p[1]);
      case 'top':
        return m.top(p[0], p[1]);
      case 'front':
        return m.cap(true, p[0], p[1]);
      case 'rear':
        return m.cap(false, p[0], p[1]);
    }
  }

  private hint(surface: Surface): V3 {
    return surface === 'side' || surface === 'green' ? [0, 1, 0] : surface === 'top' ? [0, 0, 1] : surface === 'front' ? [-1, 0, 0] : [1, 0, 0];
  }

  private visible(pts: readonly V3[], hint: V3): { n: V3; c: V3; ok: boolean } {
    const n = normalOf(pts, hint);
    const c = centroid3(pts);
    return { n, c, ok: dot(n, sub(this.ctx.cam.pos, c)) > 0 };
  }

  body(): void {
    const { model, ctx } = this;
    const cam = ctx.cam;
    const sections = model.xs.map((x) => model.halfSection(x));
    for (let i = 0; i < model.xs.length - 1; i++) {
      const xa = model.xs[i]!;
      const xb = model.xs[i + 1]!;
      const sa = sections[i]!;
      const sb = sections[i + 1]!;
      for (let k = 0; k < 5; k++) {
        let pts: V3[];
        if (k < 4) {
          const a0 = sa[k]!;
          const a1 = sa[k + 1]!;
          const b0 = sb[k]!;
          const b1 = sb[k + 1]!;
          pts = [
            [xa, a0[0], a0[1]],
            [xa, a1[0], a1[1]],
            [xb, b1[0], b1[1]],
            [xb, b0[0], b0[1]],
          ];
        } else {
          const a = sa[4]!;
          const b = sb[4]!;
          pts = [
            [xa, a[0], a[1]],
            [xa, -a[0], a[1]],
            [xb, -b[0], b[1]],
            [xb, b[0], b[1]],
          ];
        }
        const ref: V3 = [(xa + xb) / 2, 0, (sa[0]![1] + sa[4]![1]) / 2];
        const c = centroid3(pts);
        const hint = sub(c, ref);
        const { n, ok } = this.visible(pts, hint);
        if (!ok) continue;
        const depth = depthOf(cam, c);
        this.faces.push({ seg: k, x0: xa, x1: xb, depth });
        const fill = shadeFace(this.paint, n, this.light);
        // A hairline of the same color hides the seams between faces.
        this.items.push({ depth, layer: 0, svg: polygon(grow(projectPoly(cam, pts), 1.1), fill) });
      }
    }
    for (const front of [true, false]) {
      const x = front ? 0 : model.spec.length;
      const half = model.halfSection(x);
      const ring: V3[] = [...half.map(([y, z]): V3 => [x, y, z]), ...half.reverse().map(([y, z]): V3 => [x, -y, z])];
      const { n, c, ok } = this.visible(ring, [front ? -1 : 1, 0, 0]);
      if (!ok) continue;
      const depth = depthOf(cam, c);
      this.faces.push({ seg: front ? -1 : -2, x0: x, x1: x, depth });
      const fill = shadeFace(this.paint, n, this.light);
      this.items.push({ depth, layer: 0, svg: polygon(grow(projectPoly(cam, ring), 1.1), fill) });
    }
  }

  /** Draw depth of a decal: just in front of the nearest visible face it lies on (and of decals under it). */
  private hostDepth(surface: Surface, x0: number, x1: number): number | undefined {
    let best: number | undefined;
    for (const f of this.faces) {
      const match =
        surface === 'front' ? f.seg === -1 : surface === 'rear' ? f.seg === -2 : SURFACE_SEGMENTS[surface].includes(f.seg) && f.x1 >= x0 && f.x0 <= x1;
      if (match && (best === undefined || f.depth < best)) best = f.depth;
    }
    if (best === undefined) return undefined;
    for (const d of this.placed) {
      if (d.surface === surface && d.x1 >= x0 && d.x0 <= x1) best = Math.min(best, d.depth);
    }
    this.placed.push({ surface, x0, x1, depth: best });
    return best - 1e-6;
  }

  /** A flat shape drawn on a body surface, in surface coordinates. `fill` may be a function of the projected shape. */
  decal(surface: Surface, shape: P2[], fill: string | ((pts: P2[]) => string), extra = '', step = 0.08): P2[] | undefined {
    const dense = surface === 'front' || surface === 'rear' ? shape : densify(shape, step);
    const pts3 = dense.map((p) => this.map(surface, p));
    if (pts3.length < 3) return undefined;
    const { ok } = this.visible(pts3, this.hint(surface));
    if (!ok) return undefined;
    const xs = shape.map((p) => p[0]);
    const depth = this.hostDepth(surface, Math.min(...xs), Math.max(...xs));
    if (depth === undefined) return undefined;
    const pts2 = projectPoly(this.ctx.cam, pts3);
    const f = typeof fill === 'string' ? fill : fill(pts2);
    this.items.push({ depth, layer: this.layer++, svg: polygon(pts2, f, extra) });
    return pts2;
  }

  /** A line on a surface; width in meters. */
  line(surface: Surface, path: P2[], stroke: string, width: number, extra = ''): void {
    const dense = surface === 'front' || surface === 'rear' ? path : densify(path, 0.08, false);
    const pts3 = dense.map((p) => this.map(surface, p));
    if (pts3.length < 2) return;
    const c = centroid3(pts3);
    const xs = path.map((p) => p[0]);
    const depth = this.hostDepth(surface, Math.min(...xs), Math.max(...xs));
    if (depth === undefined) return;
    const w = Math.max(0.7, (width * this.ctx.cam.focal) / Math.max(NEAR, depthOf(this.ctx.cam, c)));
    const pts2 = pts3.map((p) => project(this.ctx.cam, p));
    this.items.push({
      depth,
      layer: this.layer++,
      svg: `<path d="${pathOf(pts2, false)}" fill="none" stroke="${stroke}" stroke-width="${fmt(w)}"${extra}/>`,
    });
  }

  /** A free-standing box (mirror, roof sign), drawn after the body if `front`, else before. */
  box(x0: number, x1: number, y0: number, y1: number, z0: number, z1: number, color: RGB, taper = 0): string {
    const cam = this.ctx.cam;
    const v = (x: number, y: number, z: number): V3 => [x, y, z];
    const tx = (x1 - x0) * taper;
    const faces: V3[][] = [
      [v(x0, y0, z0), v(x1, y0, z0), v(x1, y1, z0), v(x0, y1, z0)],
      [v(x0 + tx, y0, z1), v(x1, y0, z1), v(x1, y1, z1), v(x0 + tx, y1, z1)],
      [v(x0, y0, z0), v(x0, y1, z0), v(x0 + tx, y1, z1), v(x0 + tx, y0, z1)],
      [v(x1, y0, z0), v(x1, y1, z0), v(x1, y1, z1), v(x1, y0, z1)],
      [v(x0, y0, z0), v(x1, y0, z0), v(x1, y0, z1), v(x0 + tx, y0, z1)],
      [v(x0, y1, z0), v(x1, y1, z0), v(x1, y1, z1), v(x0 + tx, y1, z1)],
    ];
    const center: V3 = [(x0 + x1) / 2, (y0 + y1) / 2, (z0 + z1) / 2];
    let svg = '';
    for (const f of faces) {
      const c = centroid3(f);
      const n = normalOf(f, sub(c, center));
      if (dot(n, sub(cam.pos, c)) <= 0) continue;
      const fill = shadeFace(color, n, this.light);
      svg += polygon(grow(projectPoly(cam, f), 0.9), fill);
    }
    return svg;
  }

  /** A wheel: the tyre tread (drawn before the body, which covers it) or the outer face (drawn after). */
  wheel(x: number, near: boolean, rim: 'silver' | 'dark' | 'cover', spokes: number, part: 'tread' | 'face'): string {
    const { ctx, model } = this;
    const cam = ctx.cam;
    const r = model.spec.wheelRadius;
    const hw = model.fields(x).wb;
    const sgn = near ? 1 : -1;
    const yOut = sgn * (hw - 0.035);
    const yIn = sgn * (hw - 0.27);
    const circle = (y: number, rr: number, n = 28): V3[] => {
      const pts: V3[] = [];
      for (let i = 0; i < n; i++) {
        const a = (i / n) * Math.PI * 2;
        pts.push([x + rr * Math.cos(a), y, r + rr * Math.sin(a)]);
      }
      return pts;
    };
    const outer = projectPoly(cam, circle(yOut, r));
    const inner = projectPoly(cam, circle(yIn, r));
    const faceVisible = sgn * (cam.pos[1] - yOut) > 0;
    if (part === 'tread') return polygon(hull([...outer, ...inner]), '#141517') + (faceVisible ? '' : polygon(inner, '#0d0e0f'));
    if (!faceVisible) return '';
    let svg = polygon(outer, '#232427');
    svg += polygon(projectPoly(cam, circle(yOut + sgn * 0.005, r * 0.93)), '#1b1c1f');
    const rimBase = rim === 'silver' ? '#c4c9cf' : rim === 'dark' ? '#3d4147' : '#aeb3ba';
    const lit = shadeFace(parseHex(rimBase), [0, sgn, 0], this.light);
    const yRim = yOut + sgn * 0.012;
    svg += polygon(projectPoly(cam, circle(yRim, r * 0.66)), lit);
    if (rim === 'cover') {
      svg += polygon(projectPoly(cam, circle(yRim + sgn * 0.005, r * 0.5)), shade(lit, 0.85));
      for (let k = 0; k < 8; k++) {
        const a = (k / 8) * Math.PI * 2;
        const p0: V3 = [x + r * 0.2 * Math.cos(a), yRim + sgn * 0.01, r + r * 0.2 * Math.sin(a)];
        const p1: V3 = [x + r * 0.6 * Math.cos(a), yRim + sgn * 0.01, r + r * 0.6 * Math.sin(a)];
        const pa = project(cam, p0);
        const pb = project(cam, p1);
        svg += `<path d="M${fmt(pa[0])} ${fmt(pa[1])}L${fmt(pb[0])} ${fmt(pb[1])}" stroke="${shade(lit, 0.7)}" stroke-width="2"/>`;
      }
    } else {
      const hole = rim === 'silver' ? '#2a2d31' : '#17181a';
      for (let k = 0; k < spokes; k++) {
        const a0 = (k / spokes) * Math.PI * 2 + 0.5;
        const a1 = ((k + 1) / spokes) * Math.PI * 2 + 0.5;
        const gap = spokes > 6 ? 0.1 : 0.16;
        const pts: V3[] = [];
        for (let j = 0; j <= 4; j++) {
          const a = lerp(a0 + gap, a1 - gap, j / 4);
          pts.push([x + r * 0.58 * Math.cos(a), yRim + sgn * 0.004, r + r * 0.58 * Math.sin(a)]);
        }
        for (let j = 4; j >= 0; j--) {
          const a = lerp(a0 + gap * 1.8, a1 - gap * 1.8, j / 4);
          pts.push([x + r * 0.24 * Math.cos(a), yRim + sgn * 0.004, r + r * 0.24 * Math.sin(a)]);
        }
        svg += polygon(projectPoly(cam, pts), hole);
      }
    }
    svg += polygon(projectPoly(cam, circle(yRim + sgn * 0.02, r * 0.13, 12)), shade(lit, 0.8));
    return svg;
  }
}

interface CarLook {
  rim: 'silver' | 'dark' | 'cover';
  spokes: number;
  sunroof: boolean;
  taxi: boolean;
  lightsOn: boolean;
}

function drawCar(ctx: Ctx, model: CarModel, paintHex: string, light: Light, look: CarLook, rng: Rng): void {
  const spec = model.spec;
  const L = spec.length;
  const hw = spec.halfWidth;
  const cam = ctx.cam;
  const car = new CarRenderer(ctx, model, paintHex, light);
  const paint = car.paint;
  const dark = luminance(paint) < 0.18;
  const trim = '#121316';
  const night = light.night;

  // Shadow on the ground, softer towards the outside.
  const lx = -light.dir[0] * 0.35;
  const ly = -light.dir[1] * 0.35;
  const shadowRing = (grow: number): V3[] => {
    const pts: V3[] = [];
    for (let i = 0; i < 36; i++) {
      const a = (i / 36) * Math.PI * 2;
      const c = Math.cos(a);
      const s = Math.sin(a);
      const ex = Math.sign(c) * Math.pow(Math.abs(c), 0.35);
      const ey = Math.sign(s) * Math.pow(Math.abs(s), 0.35);
      pts.push([L / 2 + lx + ex * (L / 2 + grow), ly + ey * (hw + grow), 0.003]);
    }
    return pts;
  };
  ctx.out.push(polygon(projectPoly(cam, shadowRing(0.45)), '#000', ' fill-opacity="0.12"'));
  ctx.out.push(polygon(projectPoly(cam, shadowRing(0.18)), '#000', ' fill-opacity="0.2"'));
  ctx.out.push(polygon(projectPoly(cam, shadowRing(-0.08)), '#000', ' fill-opacity="0.35"'));

  // Far wheels and far mirror first: the body covers them.
  for (const wx of spec.wheelX) ctx.out.push(car.wheel(wx, false, look.rim, look.spokes, 'tread'));
  for (const wx of spec.wheelX) ctx.out.push(car.wheel(wx, true, look.rim, look.spokes, 'tread'));
  const ws0 = spec.windshield[0];
  const mirrorZ = model.fields(ws0 + 0.2).zbelt;
  ctx.out.push(car.box(ws0 + 0.12, ws0 + 0.32, -hw - 0.2, -hw + 0.02, mirrorZ + 0.02, mirrorZ + 0.16, paint, 0.3));

  car.body();

  // Lower body: a darker band that reads as the ground reflected in the paint.
  const lowerShade = toHex(mulRgb(parseHex(shadeFace(paint, [0, 0.97, -0.25], light)), 0.95));
  car.decal('side', [
    [0.05, 0.08],
    [L - 0.05, 0.08],
    [L - 0.05, 0.48],
    [0.05, 0.48],
  ], lowerShade);
  if (spec.cladding) {
    car.decal('side', [
      [0.02, 0],
      [L - 0.02, 0],
      [L - 0.02, 0.17],
      [0.02, 0.17],
    ], '#2a2c30');
  }
  // Wheel arches.
  for (const wx of spec.wheelX) {
    const r = spec.wheelRadius;
    const R = r * (spec.cladding ? 1.2 : 1.12);
    const f = model.fields(wx);
    const span = f.zbelt - f.zb;
    const a0 = Math.asin(clamp((r - f.zb) / R, -1, 1));
    const arch: P2[] = [];
    for (let i = 0; i <= 20; i++) {
      const a = -a0 + ((Math.PI + 2 * a0) * i) / 20;
      arch.push([wx + R * Math.cos(a), (r + R * Math.sin(a) - f.zb) / span]);
    }
    if (spec.cladding) {
      const R2 = R * 1.12;
      const lip: P2[] = [];
      for (let i = 0; i <= 20; i++) {
        const a = -a0 + ((Math.PI + 2 * a0) * i) / 20;
        lip.push([wx + R2 * Math.cos(a), Math.max(0, (r + R2 * Math.sin(a) - f.zb) / span)]);
      }
      car.decal('side', lip, '#2a2c30', '', 0.05);
    }
    car.decal('side', arch, '#0e0f10', '', 0.05);
  }

  // Door cuts and handles.
  const cutCol = dark ? 'rgba(255,255,255,0.18)' : 'rgba(0,0,0,0.35)';
  for (const dx of spec.doorCuts) car.line('side', [[dx, 0.12], [dx + 0.02, 0.99]], cutCol, 0.008);
  if (spec.slidingDoor) car.line('side', [[spec.doorCuts[1]! + 0.1, 0.93], [L - 0.45, 0.93]], cutCol, 0.01);
  const bottomCut = spec.doorCuts[0]!;
  car.line('side', [[bottomCut, 0.12], [spec.doorCuts[spec.doorCuts.length - 1]!, 0.12]], cutCol, 0.008);
  for (const hx of spec.handles) {
    car.decal('side', rect2(hx, 0.8, hx + 0.17, 0.86), toHex(mulRgb(paint, dark ? 1.6 : 0.72)), '', 0.05);
  }

  // Side glass: a black frame with tinted panes.
  const [g0, g1] = spec.sideGlass;
  car.decal('green', rect2(g0 - 0.06, 0.03, g1 + 0.04, 0.97), trim);
  const splits = [g0, ...spec.pillars.flatMap((p) => [p - 0.05, p + 0.05]), g1];
  for (let i = 0; i < splits.length; i += 2) {
    const a = splits[i]!;
    const b = splits[i + 1]!;
    const pane = rect2(a, 0.1, b, 0.9);
    const pts = car.decal('green', pane, (p) => {
      const ys = p.map((q) => q[1]);
      return gradient(ctx, 0, Math.min(...ys), 0, Math.max(...ys), [
        [0, toHex(mixRgb([62, 72, 84], light.sky, 0.5))],
        [0.5, '#34404c'],
        [1, '#1c232b'],
      ]);
    });
    if (pts) {
      // A soft diagonal reflection across the pane.
      const k = rng.range(0.15, 0.35);
      const s0 = lerp(a, b, rng.range(0.1, 0.5));
      const streak = clipConvex(
        [
          [s0, 0],
          [s0 + 0.22, 0],
          [s0 + 0.22 + k, 1],
          [s0 + k, 1],
        ],
        pane,
      );
      if (streak.length >= 3) car.decal('green', streak, '#ffffff', ' fill-opacity="0.12"');
    }
  }

  // Windshield and rear glass on the top surface.
  for (const [a, b] of [spec.windshield, spec.rearGlass]) {
    car.decal('top', rect2(a, -0.99, b, 0.99), trim);
    const pane = rect2(a + 0.03, -0.92, b - 0.03, 0.92);
    const pts = car.decal('top', pane, (p) => {
      const ys = p.map((q) => q[1]);
      return gradient(ctx, 0, Math.min(...ys), 0, Math.max(...ys), [
        [0, toHex(mixRgb([58, 68, 80], light.sky, 0.55))],
        [1, '#1d232b'],
      ]);
    });
    if (pts) {
      const m = lerp(a, b, 0.5);
      const streak = clipConvex(
        [
          [m - 0.3, -1],
          [m - 0.15, -1],
          [m + 0.15, 1],
          [m, 1],
        ],
        pane,
      );
      if (streak.length >= 3) car.decal('top', streak, '#ffffff', ' fill-opacity="0.1"');
    }
  }
  if (look.sunroof) {
    const r0 = spec.windshield[1] + 0.15;
    car.decal('top', rect2(r0, -0.55, r0 + 0.75, 0.55), '#15191e');
  }
  if (spec.roofRails) {
    const r0 = spec.windshield[1] + 0.05;
    const r1 = spec.rearGlass[0] - 0.08;
    for (const s of [-0.93, 0.93]) car.line('top', [[r0, s], [r1, s]], '#1d1f22', 0.035, ' stroke-linecap="round"');
  }
  // Hood and trunk shut lines.
  car.line('top', [[0.18, -0.94], [0.18, 0.94]], cutCol, 0.008);
  car.line('top', [[0.18, 0.94], [spec.windshield[0] - 0.06, 0.97]], cutCol, 0.008);

  // Front: grille, headlights, intake, plate.
  const lightsCol = night || look.lightsOn ? '#fffbea' : '#d9e1ea';
  car.decal('front', [
    [-0.48, 0.42],
    [0.48, 0.42],
    [0.42, 0.74],
    [-0.42, 0.74],
  ], '#16181b');
  for (const t of [0.52, 0.6, 0.68]) car.line('front', [[-0.44, t], [0.44, t]], '#3a3d42', 0.012);
  car.decal('front', rect2(-0.62, 0.08, 0.62, 0.26), '#1b1d20');
  car.decal('front', rect2(-0.17, 0.14, 0.17, 0.33), '#eef0f2');
  car.decal('front', rect2(-0.12, 0.21, 0.12, 0.26), '#2a3b6e');
  for (const sgn of [-1, 1]) {
    const hl: P2[] = [
      [sgn * 0.55, 0.66],
      [sgn * 0.95, 0.72],
      [sgn * 0.95, 0.88],
      [sgn * 0.58, 0.8],
    ];
    car.decal('front', hl, lightsCol);
    car.decal('front', rect2(sgn * 0.65, 0.72, sgn * 0.8, 0.78), night || look.lightsOn ? '#ffffff' : '#8d96a1');
  }
  // Headlight wrap-around on the side.
  const f0 = model.fields(0.02);
  const hlT = (f0.zbelt - 0.14 - f0.zb) / (f0.zbelt - f0.zb);
  car.decal('side', [
    [0.01, hlT],
    [0.36, hlT + 0.08],
    [0.34, 0.96],
    [0.01, 0.96],
  ], lightsCol, '', 0.04);
  car.decal('side', rect2(0.03, hlT + 0.02, 0.12, hlT + 0.06), '#e8a23a', '', 0.04);

  // Rear: tail lights, plate, bumper.
  const tailCol = night || look.lightsOn ? '#ff2a2a' : '#b3121b';
  for (const sgn of [-1, 1]) {
    car.decal('rear', [
      [sgn * 0.58, 0.62],
      [sgn * 0.96, 0.62],
      [sgn * 0.96, 0.86],
      [sgn * 0.62, 0.84],
    ], tailCol);
    car.decal('rear', rect2(sgn * 0.64, 0.66, sgn * 0.9, 0.7), '#ff6b5e');
  }
  car.line('rear', [[-0.56, 0.74], [0.56, 0.74]], cutCol, 0.008);
  car.decal('rear', rect2(-0.21, 0.3, 0.21, 0.54), '#1a1c1f');
  car.decal('rear', rect2(-0.19, 0.32, 0.19, 0.52), '#f3f1e8');
  car.decal('rear', rect2(-0.14, 0.39, 0.14, 0.45), '#2a3b6e');
  car.decal('rear', rect2(-0.9, 0.04, 0.9, 0.16), '#1d1f22');
  const fr = model.fields(L - 0.02);
  const tlT = (fr.zbelt - 0.2 - fr.zb) / (fr.zbelt - fr.zb);
  car.decal('side', [
    [L - 0.32, tlT + 0.06],
    [L - 0.01, tlT],
    [L - 0.01, 0.95],
    [L - 0.3, 0.95],
  ], tailCol, '', 0.04);

  // Glow of the lamps at night.
  if (night || look.lightsOn) {
    const glowAt = (p: V3, color: string, size: number): void => {
      if (depthOf(cam, p) <= NEAR) return;
      const c = project(cam, p);
      const r = (size * cam.focal) / depthOf(cam, p);
      const g = radial(ctx, c[0], c[1], r, [
        [0, color, 0.55],
        [1, color, 0],
      ]);
      car.items.push({ depth: -1e9, layer: 1e6, svg: `<circle cx="${fmt(c[0])}" cy="${fmt(c[1])}" r="${fmt(r)}" fill="${g}"/>` });
    };
    if (cam.pos[0] < L * 0.6) {
      for (const sgn of [-1, 1]) glowAt(model.cap(true, sgn * 0.75, 0.78), '#fff6d8', 0.6);
    }
    if (cam.pos[0] > L * 0.4) {
      for (const sgn of [-1, 1]) glowAt(model.cap(false, sgn * 0.78, 0.74), '#ff3b30', 0.4);
    }
  }

  const sorted = car.items.sort((a, b) => b.depth - a.depth || a.layer - b.layer);
  for (const it of sorted) ctx.out.push(it.svg);

  // Near mirror, taxi sign and near wheels on top.
  if (look.taxi) {
    const rx = (spec.windshield[1] + spec.rearGlass[0]) / 2;
    const rz = model.fields(rx).ztop;
    ctx.out.push(car.box(rx - 0.32, rx + 0.32, -0.16, 0.16, rz, rz + 0.06, [30, 30, 32]));
    ctx.out.push(car.box(rx - 0.28, rx + 0.28, -0.12, 0.12, rz + 0.06, rz + 0.24, [255, 250, 225]));
  }
  ctx.out.push(car.box(ws0 + 0.12, ws0 + 0.32, hw - 0.02, hw + 0.2, mirrorZ + 0.02, mirrorZ + 0.16, paint, 0.3));
  const wheels = [...spec.wheelX].sort((a, b) => depthOf(cam, [b, hw, 0.3]) - depthOf(cam, [a, hw, 0.3]));
  for (const wx of wheels) ctx.out.push(car.wheel(wx, true, look.rim, look.spokes, 'face'));
}

// ---------------------------------------------------------------------------------------------
// Car photo

function carSvg(opts: CarPhotoOptions): string {
  const spec = SPECS[opts.bodyStyle] ?? SPECS.sedan;
  const view = ((Math.floor(opts.view ?? 0) % 4) + 4) % 4;
  const base = new Rng(opts.seed, 7);
  const scene: SceneInfo = {
    kind: base.pick(['street', 'street', 'lot', 'lot', 'garage'] as const),
    tod: base.pick(['day', 'day', 'day', 'dusk', 'night'] as const),
  };
  const paint = toHex(parseHex(opts.color));
  const taxi = colourDistance(parseHex(paint), parseHex('#f7b500')) < 60;
  const look: CarLook = {
    rim: taxi || opts.bodyStyle === 'minivan' ? base.pick(['cover', 'silver'] as const) : base.pick(['silver', 'silver', 'dark'] as const),
    spokes: base.pick([5, 5, 6, 10]),
    sunroof: opts.bodyStyle !== 'minivan' && base.chance(0.35),
    taxi,
    lightsOn: false,
  };
  const rng = new Rng(opts.seed, 11 + view);
  const ctx: Ctx = { cam: lookAt([0, 8, 1.5], [0, 0, 0.7]), out: [], defs: [], ids: 0 };
  if (view === 3) {
    interiorScene(ctx, rng, scene, paint, taxi);
  } else {
    const model = carModel(opts.bodyStyle in SPECS ? opts.bodyStyle : 'sedan');
    const cam = frameCamera(model, view, rng);
    ctx.cam = cam;
    const camDir = norm([cam.pos[0] - spec.length / 2, cam.pos[1], 0]);
    const light = lightFor(scene.tod, scene.kind, camDir, rng);
    look.lightsOn = scene.tod !== 'day' || scene.kind === 'garage' ? rng.chance(0.7) : false;
    drawScene(ctx, scene, rng, model);
    drawCar(ctx, model, paint, light, look, rng);
    if (scene.tod === 'night' && scene.kind !== 'garage') {
      ctx.out.push(`<rect width="${W}" height="${H}" fill="#0a1030" fill-opacity="0.12"/>`);
    }
  }
  const mirrored = view !== 3 && rng.chance(0.5);
  const body = mergeRuns(ctx.out);
  const content = mirrored ? `<g transform="matrix(-1 0 0 1 ${W} 0)">${body}</g>` : body;
  return svgDoc(ctx.defs.join(''), content);
}

function colourDistance(a: RGB, b: RGB): number {
  return Math.hypot(a[0] - b[0], a[1] - b[1], a[2] - b[2]);
}

function svgDoc(defs: string, body: string): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${GENERATED_PHOTO_WIDTH}" height="${GENERATED_PHOTO_HEIGHT}" viewBox="0 0 ${W} ${H}" stroke-linejoin="round"><defs>${defs}</defs>${body}</svg>`;
}

/** Places the camera for a view and zooms so the car fills most of the frame. */
function frameCamera(model: CarModel, view: number, rng: Rng): Camera {
  const spec = model.spec;
  const L = spec.length;
  const theta = rad(view === 0 ? rng.range(30, 50) : view === 1 ? rng.range(84, 98) : rng.range(128, 150));
  const dist = rng.range(6.5, 9.5);
  const height = rng.range(1.1, 1.8);
  const target: V3 = [L / 2 + (view === 0 ? -0.25 : view === 2 ? 0.25 : 0), 0, 0.75];
  const pos: V3 = [target[0] - Math.cos(theta) * dist, Math.sin(theta) * dist, height];
  const cam = lookAt(pos, target);
  // Bounding box of the car at focal 1.
  let minX = Infinity;
  let maxX = -Infinity;
  let minY = Infinity;
  let maxY = -Infinity;
  for (const x of [0, ...model.xs, L]) {
    for (const [y, z] of model.halfSection(x)) {
      for (const p of [
        [x, y, z],
        [x, -y, z],
        [x, y, 0],
        [x, -y, 0],
      ] as V3[]) {
        const [sx, sy] = project(cam, p);
        minX = Math.min(minX, sx);
        maxX = Math.max(maxX, sx);
        minY = Math.min(minY, sy);
        maxY = Math.max(maxY, sy);
      }
    }
  }
  const fill = rng.range(0.66, 0.82);
  let focal = (fill * W) / (maxX - minX);
  focal = Math.min(focal, (0.62 * H) / (maxY - minY));
  cam.focal = focal;
  cam.cx = W / 2 - (focal * (minX + maxX)) / 2 + rng.range(-0.04, 0.04) * W;
  cam.cy = H * rng.range(0.56, 0.63) - (focal * (minY + maxY)) / 2;
  return cam;
}

// ---------------------------------------------------------------------------------------------
// Interior (dashboard) view

function interiorScene(ctx: Ctx, rng: Rng, scene: SceneInfo, paint: string, taxi: boolean): void {
  const tod = scene.kind === 'garage' ? 'day' : scene.tod;
  const pal = paletteFor(tod, rng);
  const dx = rng.range(-40, 40);
  // Outside, seen from the driver's seat in the right-hand lane of a city street.
  const laneY = rng.range(1.3, 2.1);
  const eye: V3 = [0, laneY, 1.2];
  const cam = lookAt(eye, [-20, laneY + rng.range(-2.5, 2.5), 1.2 - rng.range(0.3, 1.2)]);
  cam.focal = 760;
  cam.cx = W / 2 + dx;
  cam.cy = 330;
  ctx.cam = cam;
  const horizon = horizonY(cam);
  skyRect(ctx, pal, horizon);
  clouds(ctx, rng, horizon, tod);
  ctx.out.push(`<rect y="${fmt(horizon - 1)}" width="${W}" height="${fmt(H - horizon + 1)}" fill="${pal.groundFar}"/>`);
  const roadHalf = rng.range(5.5, 8.5);
  const walk = rng.range(3, 5);
  quad3(ctx, [[-400, -roadHalf, 0], [0, -roadHalf, 0], [0, roadHalf, 0], [-400, roadHalf, 0]], pal.ground);
  for (const s of [-1, 1]) {
    const y = s * roadHalf;
    quad3(ctx, [[-400, y, 0.15], [0, y, 0.15], [0, y + s * walk, 0.15], [-400, y + s * walk, 0.15]], pal.sidewalk);
    quad3(ctx, [[-400, y, 0], [0, y, 0], [0, y, 0.15], [-400, y, 0.15]], pal.curb);
  }
  if (rng.chance(0.6)) {
    for (const y of [-0.16, 0.04]) quad3(ctx, [[-400, y, 0.01], [0, y, 0.01], [0, y + 0.12, 0.01], [-400, y + 0.12, 0.01]], shade('#e0b21a', Math.max(0.6, pal.dim)));
  } else {
    for (let x = -4; x > -200; x -= 9) quad3(ctx, [[x, -0.06, 0.01], [x - 3, -0.06, 0.01], [x - 3, 0.06, 0.01], [x, 0.06, 0.01]], pal.line);
  }
  // Facades on both sides of the street, trees on some sidewalks.
  const street = new Rng(rng.int(0, 1e9));
  const windows: [string, V3[]][] = [];
  const facadeRow = (side: number): void => {
    const y = side * (roadHalf + walk);
    let x = -street.range(0, 14);
    const low = street.chance(0.4);
    while (x > -220) {
      const w = street.range(7, 16);
      const h = low ? street.range(6, 12) : street.range(9, 30);
      const col = shade(street.pick(BUILDING_COLORS), pal.dim);
      quad3(ctx, [[x, y, 0], [x - w, y, 0], [x - w, y, h], [x, y, h]], col);
      quad3(ctx, [[x, y - side * 0.01, h - 0.6], [x - w, y - side * 0.01, h - 0.6], [x - w, y - side * 0.01, h], [x, y - side * 0.01, h]], shade(col, 0.75));
      const cols = Math.max(2, Math.floor(w / 2.4));
      const pitch = (w - 1) / cols;
      for (let z = 4; z < h - 2; z += 3.2) {
        for (let c = 0; c < cols; c++) {
          const wx = x - 0.5 - c * pitch - pitch * 0.2;
          const yy = y - side * 0.02;
          const fill = tod === 'night' ? (street.chance(0.45) ? '#e9c27a' : '#1a2030') : shade(street.pick(['#6d8296', '#7f95a8', '#5d7080']), pal.dim);
          windows.push([fill, [[wx, yy, z], [wx - pitch * 0.6, yy, z], [wx - pitch * 0.6, yy, z + 1.7], [wx, yy, z + 1.7]]]);
        }
      }
      x -= w;
    }
    // Windows after all the walls, grouped by color so they merge into a few paths.
    windows.sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0));
    for (const [fill, pts] of windows) quad3(ctx, pts, fill);
    windows.length = 0;
    if (street.chance(0.55)) {
      const trees: V3[] = [];
      for (let tx = -street.range(6, 12); tx > -90; tx -= street.range(8, 12)) trees.push([tx, side * (roadHalf + 0.8), 0.15]);
      // Far trees first.
      for (const at of trees.reverse()) tree(ctx, street, at, pal);
    }
  };
  facadeRow(-1);
  facadeRow(1);

  const trimTone = rng.pick([
    ['#1d1f23', '#2a2d32', '#3a3e44'],
    ['#2c2d30', '#3d3f43', '#55585d'],
    ['#3e362e', '#cbbca3', '#b3a48a'],
  ] as const);
  const [dash, dashTop, accent] = trimTone;
  const o: string[] = ctx.out;
  // Hood seen over the dashboard.
  const hoodFill = gradient(ctx, 0, 470, 0, 600, [
    [0, mix(paint, '#ffffff', 0.25)],
    [0.4, paint],
    [1, shade(paint, 0.6)],
  ]);
  o.push(`<path d="M-20 600 L-20 560 Q${fmt(600 + dx)} 470 1220 560 L1220 600Z" fill="${hoodFill}"/>`);
  o.push(`<path d="M${fmt(350 + dx)} 520 Q${fmt(600 + dx)} 495 ${fmt(850 + dx)} 520" stroke="${mix(paint, '#ffffff', 0.35)}" stroke-width="3" fill="none" stroke-opacity="0.6"/>`);
  if (taxi) o.push(`<rect x="${fmt(540 + dx)}" y="468" width="120" height="26" rx="6" fill="#f4f1e6" stroke="#222" stroke-width="3"/>`);
  // Roof lining, pillars, mirror.
  o.push(`<path d="M0 0H1200V70Q600 110 0 70Z" fill="${dashTop}"/>`);
  o.push(`<path d="M0 0H200L70 620H0Z" fill="${dash}"/><path d="M1200 0H1000L1130 620H1200Z" fill="${dash}"/>`);
  o.push(`<path d="M0 40H170L60 600H0Z" fill="${accent}" fill-opacity="0.35"/>`);
  o.push(`<rect x="${fmt(560 + dx)}" y="70" width="10" height="40" fill="#222"/><rect x="${fmt(470 + dx)}" y="100" width="190" height="58" rx="16" fill="#1a1b1e"/><rect x="${fmt(480 + dx)}" y="108" width="170" height="42" rx="11" fill="${mix(pal.skyStops[1]![1], '#333', 0.5)}"/>`);
  // Dashboard.
  const dashFill = gradient(ctx, 0, 560, 0, 900, [
    [0, dashTop],
    [0.15, dash],
    [1, shade(dash, 0.8)],
  ]);
  o.push(`<path d="M-20 900V600Q300 540 600 560Q900 540 1220 600V900Z" fill="${dashFill}"/>`);
  o.push(`<path d="M-20 610Q300 552 600 572Q900 552 1220 610" stroke="${shade(dashTop, 1.15)}" stroke-width="4" fill="none"/>`);
  // Instrument cluster behind the wheel.
  const cx = 330 + dx * 0.5;
  o.push(`<path d="M${fmt(cx - 190)} 700Q${fmt(cx - 190)} 600 ${fmt(cx)} 598Q${fmt(cx + 190)} 600 ${fmt(cx + 190)} 700Z" fill="${shade(dash, 0.7)}"/>`);
  o.push(`<rect x="${fmt(cx - 165)}" y="625" width="330" height="95" rx="22" fill="#0c0d10"/>`);
  const glow = tod === 'day' ? '#8fd3ff' : '#4fc3ff';
  for (const gx of [cx - 85, cx + 85]) {
    o.push(`<circle cx="${fmt(gx)}" cy="675" r="42" fill="none" stroke="${glow}" stroke-width="3" stroke-opacity="0.8"/>`);
    const a = rng.range(-2.4, -0.6);
    o.push(`<path d="M${fmt(gx)} 675L${fmt(gx + Math.cos(a) * 36)} ${fmt(675 + Math.sin(a) * 36)}" stroke="#ff5a3c" stroke-width="3" stroke-linecap="round"/>`);
  }
  // Center screen, vents, climate knobs.
  const sx = 700 + dx * 0.6;
  o.push(`<rect x="${fmt(sx)}" y="600" width="230" height="140" rx="14" fill="#08090b"/>`);
  o.push(`<rect x="${fmt(sx + 10)}" y="610" width="210" height="120" rx="8" fill="${tod === 'night' ? '#1d2a3a' : '#dfe7ee'}"/>`);
  o.push(
    `<path d="M${fmt(sx + 20)} 700Q${fmt(sx + 90)} 640 ${fmt(sx + 200)} 650M${fmt(sx + 60)} 725L${fmt(sx + 120)} 615" stroke="${tod === 'night' ? '#4f7fb0' : '#9fb4c8'}" stroke-width="7" fill="none"/>` +
      `<path d="M${fmt(sx + 20)} 700Q${fmt(sx + 90)} 640 ${fmt(sx + 200)} 650" stroke="#2f8cff" stroke-width="4" fill="none"/><circle cx="${fmt(sx + 150)}" cy="648" r="7" fill="#ff4b3a"/>`,
  );
  for (const vx of [sx - 150, sx + 260]) {
    o.push(`<rect x="${fmt(vx)}" y="615" width="110" height="50" rx="12" fill="#0f1013"/>`);
    for (let k = 0; k < 4; k++) o.push(`<rect x="${fmt(vx + 8)}" y="${623 + k * 10}" width="94" height="4" rx="2" fill="${shade(dash, 1.5)}"/>`);
  }
  for (const kx of [sx + 55, sx + 115, sx + 175]) o.push(`<circle cx="${fmt(kx)}" cy="790" r="17" fill="#15161a" stroke="${shade(dash, 1.6)}" stroke-width="3"/>`);
  // Steering wheel.
  const wx = cx;
  const wy = 770;
  const wheel = shade('#1b1c20', 1);
  o.push(`<ellipse cx="${fmt(wx)}" cy="${wy}" rx="230" ry="205" fill="none" stroke="${wheel}" stroke-width="38"/>`);
  o.push(`<ellipse cx="${fmt(wx)}" cy="${wy - 4}" rx="230" ry="205" fill="none" stroke="#ffffff" stroke-width="3" stroke-opacity="0.08"/>`);
  o.push(`<path d="M${fmt(wx - 215)} ${wy + 10}Q${fmt(wx - 120)} ${wy - 25} ${fmt(wx - 60)} ${wy - 10}L${fmt(wx - 50)} ${wy + 60}Q${fmt(wx - 140)} ${wy + 70} ${fmt(wx - 210)} ${wy + 60}Z" fill="${wheel}"/>`);
  o.push(`<path d="M${fmt(wx + 215)} ${wy + 10}Q${fmt(wx + 120)} ${wy - 25} ${fmt(wx + 60)} ${wy - 10}L${fmt(wx + 50)} ${wy + 60}Q${fmt(wx + 140)} ${wy + 70} ${fmt(wx + 210)} ${wy + 60}Z" fill="${wheel}"/>`);
  o.push(`<path d="M${fmt(wx - 40)} ${wy + 60}L${fmt(wx + 40)} ${wy + 60}L${fmt(wx + 28)} ${wy + 200}L${fmt(wx - 28)} ${wy + 200}Z" fill="${wheel}"/>`);
  o.push(`<rect x="${fmt(wx - 78)}" y="${wy - 40}" width="156" height="112" rx="34" fill="#24262b"/>`);
  o.push(`<ellipse cx="${fmt(wx)}" cy="${wy + 12}" rx="22" ry="14" fill="none" stroke="#9aa0a8" stroke-width="4"/>`);
  if (tod === 'night') o.push(`<rect width="${W}" height="${H}" fill="#050a20" fill-opacity="0.25"/>`);
}

// ---------------------------------------------------------------------------------------------
// Stroke font for plates (no system fonts needed). Glyphs on a 4 × 6 grid, y down.

/** The plate lettering: the shared stroke alphabet with squarer digits, a serif I and a lower dash. */
const GLYPHS: Record<string, string> = {
  ...STROKE_GLYPHS,
  '0': 'M1.2 0H2.8Q4 0 4 1.5V4.5Q4 6 2.8 6H1.2Q0 6 0 4.5V1.5Q0 0 1.2 0Z',
  '1': 'M0.9 1.3L2.5 0V6',
  '2': 'M0.1 1.3Q0.3 0 2 0Q3.9 0 3.9 1.7Q3.9 2.8 2.6 3.7L0 6H4',
  '3': 'M0.2 0.9Q0.6 0 2 0Q3.8 0 3.8 1.5Q3.8 2.9 1.9 2.9Q4 2.9 4 4.5Q4 6 2 6Q0.4 6 0 5M1.4 2.9H1.9',
  I: 'M2 0V6M0.9 0H3.1M0.9 6H3.1',
  '-': 'M0.8 3H3.2',
  '.': 'M1.9 5.8H2.1',
};

interface TextOpts {
  x: number;
  /** Top of the capitals. */
  y: number;
  height: number;
  /** Width of one character cell including the gap. */
  advance: number;
  weight: number;
  color: string;
  anchor?: 'middle' | 'start';
  /** Width of a glyph as a share of the advance. */
  glyphShare?: number;
}

function strokeText(text: string, o: TextOpts): string {
  const chars = [...text.toUpperCase()];
  const n = chars.length;
  const share = o.glyphShare ?? 0.74;
  const glyphW = o.advance * share - o.weight;
  const total = n * o.advance - o.advance * (1 - share);
  let x = o.anchor === 'start' ? o.x : o.x - total / 2;
  const sy = (o.height - o.weight) / 6;
  const sx = glyphW / 4;
  let d = '';
  for (const ch of chars) {
    const g = GLYPHS[ch];
    if (g) d += glyphPath(g, x + o.weight / 2, o.y + o.weight / 2, sx, sy);
    x += o.advance;
  }
  return `<path d="${d}" fill="none" stroke="${o.color}" stroke-width="${fmt(o.weight)}" stroke-linecap="round" stroke-linejoin="round"/>`;
}

// ---------------------------------------------------------------------------------------------
// Plates

const PLATE_W = 600;
const PLATE_H = 300;

/** A New York plate in its own 600 × 300 units (12 × 6 in). */
function plateArt(ctx: Ctx, number: string, rng: Rng): string {
  const navy = '#1b2f6e';
  const gold = '#e2a514';
  const bg = gradient(ctx, 0, 0, 0, PLATE_H, [
    [0, '#fdfcf6'],
    [0.6, '#f6f0dc'],
    [1, '#efe3bf'],
  ]);
  let s = `<rect width="${PLATE_W}" height="${PLATE_H}" rx="24" fill="${bg}"/>`;
  s += `<rect x="7" y="7" width="${PLATE_W - 14}" height="${PLATE_H - 14}" rx="18" fill="none" stroke="${navy}" stroke-width="5"/>`;
  // Top band with the state name, and the gold bottom band.
  s += `<path d="M7 26Q7 7 26 7H574Q593 7 593 26V64H7Z" fill="${navy}"/>`;
  s += strokeText('NEW YORK', { x: PLATE_W / 2, y: 19, height: 34, advance: 36, weight: 7, color: '#ffffff' });
  s += `<path d="M7 246H593V274Q593 293 574 293H26Q7 293 7 274Z" fill="${gold}"/>`;
  // A faint skyline behind the number.
  let sky = 'M20 238';
  let x = 20;
  const r = new Rng(7);
  while (x < 580) {
    const w = r.range(18, 42);
    const h = r.chance(0.12) ? r.range(80, 120) : r.range(25, 70);
    sky += `V${fmt(238 - h)}H${fmt(Math.min(580, x + w))}`;
    x += w;
  }
  sky += 'V238Z';
  s += `<path d="${sky}" fill="#8fb3e0" fill-opacity="0.22"/>`;
  const chars = [...number].length || 1;
  const advance = Math.min(70, 548 / chars);
  s += strokeText(number, { x: PLATE_W / 2, y: 84, height: 142, advance, weight: Math.min(17, advance * 0.25), color: navy, glyphShare: 0.78 });
  s += strokeText('T&LC', { x: PLATE_W / 2, y: 251, height: 36, advance: 34, weight: 7, color: navy });
  // Bolts in the top band, clear of the lettering.
  for (const bx of [70 + rng.range(-4, 4), 530 + rng.range(-4, 4)]) {
    s += `<circle cx="${fmt(bx)}" cy="36" r="12" fill="#c9ccd0" stroke="#8a8f96" stroke-width="3"/><path d="M${fmt(bx - 6)} 36H${fmt(bx + 6)}" stroke="#6b7078" stroke-width="3"/>`;
  }
  return s;
}

function plateSvg(opts: PlatePhotoOptions): string {
  const rng = new Rng(opts.seed, opts.kind === 'tlc' ? 101 : 202);
  const ctx: Ctx = { cam: lookAt([0, 8, 1.5], [0, 0, 0.7]), out: [], defs: [], ids: 0 };
  const number = opts.plateNumber.toUpperCase().replace(/[^A-Z0-9& .-]/g, '').trim().slice(0, 10);
  if (opts.kind === 'medallion') medallionScene(ctx, rng, number || '1A11');
  else if (rng.chance(0.55)) bumperScene(ctx, rng, number || 'T000000C');
  else tableScene(ctx, rng, number || 'T000000C');
  return svgDoc(ctx.defs.join(''), mergeRuns(ctx.out));
}

function bumperScene(ctx: Ctx, rng: Rng, number: string): void {
  const o = ctx.out;
  const paint = rng.pick(CAR_COLORS.filter((c) => c.name !== 'Taxi yellow')).hex;
  const light = rng.range(0.9, 1.1);
  const lit = (k: number): string => shade(paint, k * light);
  const bright = luminance(parseHex(paint)) < 0.2 ? mix(paint, '#ffffff', 0.22) : lit(1.12);
  // Trunk lid above, bumper below, ground at the bottom.
  o.push(`<rect width="${W}" height="${H}" fill="${lit(0.95)}"/>`);
  o.push(`<rect width="${W}" height="300" fill="${gradient(ctx, 0, 0, 0, 300, [[0, lit(0.7)], [0.7, bright], [1, lit(0.9)]])}"/>`);
  o.push(`<path d="M0 300Q600 330 1200 300V320Q600 350 0 320Z" fill="${lit(0.6)}"/>`);
  o.push(`<rect y="320" width="${W}" height="420" fill="${gradient(ctx, 0, 320, 0, 740, [[0, lit(1.05)], [0.5, lit(0.95)], [1, lit(0.7)]])}"/>`);
  o.push(`<path d="M0 690Q600 720 1200 690V900H0Z" fill="${lit(0.55)}"/>`);
  o.push(`<rect y="790" width="${W}" height="110" fill="#1e1f22"/>`);
  o.push(`<path d="M0 740Q600 770 1200 740" stroke="${bright}" stroke-width="4" fill="none" stroke-opacity="0.5"/>`);
  // Tail lights at the edges: a lens with an LED strip and a clear reverse lamp.
  const lampTop = rng.range(110, 150);
  for (const side of [-1, 1]) {
    const x0 = side < 0 ? -20 : W + 20;
    const tip = side < 0 ? rng.range(200, 260) : W - rng.range(200, 260);
    const lens = gradient(ctx, 0, lampTop, 0, lampTop + 150, [
      [0, '#c81e28'],
      [0.6, '#8e0d15'],
      [1, '#5e070d'],
    ]);
    o.push(`<path d="M${x0} ${fmt(lampTop)}L${fmt(tip)} ${fmt(lampTop + 30)}Q${fmt(tip + side * 12)} ${fmt(lampTop + 40)} ${fmt(tip - side * 5)} ${fmt(lampTop + 70)}L${fmt(tip - side * 60)} ${fmt(lampTop + 150)}L${x0} ${fmt(lampTop + 160)}Z" fill="${lens}" stroke="${lit(0.45)}" stroke-width="5"/>`);
    o.push(`<path d="M${x0} ${fmt(lampTop + 28)}L${fmt(tip - side * 25)} ${fmt(lampTop + 50)}" stroke="#ff5a4f" stroke-width="7" stroke-linecap="round"/>`);
    o.push(`<path d="M${x0} ${fmt(lampTop + 100)}L${fmt(tip - side * 70)} ${fmt(lampTop + 104)}L${fmt(tip - side * 85)} ${fmt(lampTop + 130)}L${x0} ${fmt(lampTop + 134)}Z" fill="#e9e7e4" fill-opacity="0.85"/>`);
  }
  // Plate recess and the plate in a frame.
  const angle = rng.range(-3, 3);
  const sc = rng.range(0.95, 1.1);
  const px = W / 2 + rng.range(-50, 50);
  const py = 500 + rng.range(-25, 25);
  o.push(
    `<g transform="translate(${fmt(px)} ${fmt(py)}) rotate(${fmt(angle)}) scale(${fmt(sc)}) skewX(${fmt(rng.range(-4, 4))})">` +
      `<rect x="-360" y="-195" width="720" height="390" rx="40" fill="${lit(0.5)}"/>` +
      `<rect x="-352" y="-187" width="704" height="374" rx="36" fill="${lit(0.78)}"/>` +
      `<rect x="-330" y="-170" width="660" height="345" rx="30" fill="#111214"/>` +
      `<g transform="translate(-300 -150)">${plateArt(ctx, number, rng)}</g>` +
      `<path d="M-330 150H330V175H-330Z" fill="#111214"/>` +
      `<rect x="-316" y="-160" width="632" height="325" rx="26" fill="none" stroke="#2b2d31" stroke-width="4"/>` +
      `<rect x="-60" y="-192" width="120" height="14" rx="7" fill="#f4f4ef" fill-opacity="0.85"/>` +
      `</g>`,
  );
  // A soft reflection across the paint.
  o.push(`<path d="M0 360Q600 ${fmt(380 + rng.range(-30, 30))} 1200 360V420Q600 440 0 420Z" fill="#ffffff" fill-opacity="0.07"/>`);
}

function tableScene(ctx: Ctx, rng: Rng, number: string): void {
  const o = ctx.out;
  const wood = rng.pick(['#8a5a36', '#a06c41', '#6e4a32', '#b88a5a']);
  o.push(`<rect width="${W}" height="${H}" fill="${wood}"/>`);
  // Planks with grain.
  const planks = rng.int(5, 7);
  const ph = H / planks;
  for (let i = 0; i < planks; i++) {
    const y = i * ph;
    o.push(`<rect y="${fmt(y)}" width="${W}" height="${fmt(ph)}" fill="${shade(wood, rng.range(0.88, 1.1))}"/>`);
    let grain = '';
    for (let g = 0; g < 6; g++) {
      const gy = y + rng.range(8, ph - 8);
      grain += `M0 ${fmt(gy)}Q${fmt(rng.range(200, 500))} ${fmt(gy + rng.range(-14, 14))} ${fmt(rng.range(600, 800))} ${fmt(gy + rng.range(-8, 8))}T${W} ${fmt(gy + rng.range(-10, 10))}`;
    }
    o.push(`<path d="${grain}" stroke="${shade(wood, 0.78)}" stroke-width="2" fill="none" stroke-opacity="0.5"/>`);
    o.push(`<rect y="${fmt(y + ph - 3)}" width="${W}" height="4" fill="${shade(wood, 0.55)}"/>`);
  }
  // A sheet of paper (the registration) under the plate.
  const paperAngle = rng.range(-20, 20);
  let lines = '';
  for (let k = 0; k < 12; k++) lines += `<rect x="40" y="${70 + k * 34}" width="${fmt(rng.range(200, 360))}" height="9" rx="4" fill="#b8bcc4"/>`;
  o.push(
    `<g transform="translate(${fmt(rng.range(120, 320))} ${fmt(rng.range(60, 160))}) rotate(${fmt(paperAngle)})">` +
      `<rect x="8" y="10" width="440" height="560" fill="#000" fill-opacity="0.18"/><rect width="440" height="560" fill="#f7f6f1"/>` +
      `<rect x="40" y="30" width="200" height="18" rx="5" fill="#2b3f7a"/>${lines}</g>`,
  );
  // Keys.
  const kx = rng.range(850, 1050);
  const ky = rng.range(640, 780);
  o.push(
    `<g transform="translate(${fmt(kx)} ${fmt(ky)}) rotate(${fmt(rng.range(-60, 60))})">` +
      `<circle r="38" fill="none" stroke="#c9ccd0" stroke-width="7"/>` +
      `<path d="M30 10L150 40L148 60L128 58L126 70L110 66L30 30Z" fill="#b9bcc1" stroke="#8a8f96" stroke-width="3"/>` +
      `<rect x="-95" y="-20" width="70" height="44" rx="16" fill="#1b1c1f"/></g>`,
  );
  // The plate, foreshortened as seen from a seated person.
  const angle = rng.range(-12, 12);
  const sc = rng.range(1.05, 1.25);
  const px = W / 2 + rng.range(-60, 60);
  const py = H / 2 + rng.range(-30, 40);
  const squash = rng.range(0.78, 0.92);
  o.push(
    `<g transform="translate(${fmt(px)} ${fmt(py)}) scale(1 ${fmt(squash)}) rotate(${fmt(angle)}) scale(${fmt(sc)})">` +
      `<rect x="-292" y="-138" width="600" height="300" rx="24" fill="#000" fill-opacity="0.3"/>` +
      `<g transform="translate(-300 -150)">${plateArt(ctx, number, rng)}</g></g>`,
  );
}

function medallionScene(ctx: Ctx, rng: Rng, number: string): void {
  const o = ctx.out;
  const yellow = rng.pick(['#f7b500', '#f4b000', '#f9bf12']);
  const hood = gradient(ctx, 0, 0, 0, H, [
    [0, shade(yellow, 0.75)],
    [0.35, mix(yellow, '#ffffff', 0.35)],
    [0.55, yellow],
    [1, shade(yellow, 0.7)],
  ]);
  o.push(`<rect width="${W}" height="${H}" fill="${hood}"/>`);
  const showGlass = rng.chance(0.6);
  if (showGlass) {
    const wy = rng.range(130, 200);
    o.push(`<path d="M-20 ${fmt(wy)}Q600 ${fmt(wy - 60)} 1220 ${fmt(wy)}V-20H-20Z" fill="${gradient(ctx, 0, 0, 0, wy, [[0, '#5c6f83'], [1, '#1a222c']])}"/>`);
    o.push(`<path d="M-20 ${fmt(wy)}Q600 ${fmt(wy - 60)} 1220 ${fmt(wy)}" stroke="#121417" stroke-width="18" fill="none"/>`);
    for (const wx of [rng.range(150, 300), rng.range(650, 800)]) {
      o.push(`<path d="M${fmt(wx)} ${fmt(wy + 5)}L${fmt(wx + 330)} ${fmt(wy - 45)}" stroke="#15171a" stroke-width="9" stroke-linecap="round"/>`);
    }
    o.push(`<path d="M200 ${fmt(wy - 70)}L420 ${fmt(wy - 150)}L520 ${fmt(wy - 150)}L300 ${fmt(wy - 60)}Z" fill="#ffffff" fill-opacity="0.1"/>`);
  }
  // Reflections and the hood crease lines.
  o.push(`<path d="M-20 ${fmt(rng.range(380, 460))}Q600 ${fmt(rng.range(300, 380))} 1220 ${fmt(rng.range(380, 460))}L1220 ${fmt(rng.range(480, 520))}Q600 420 -20 500Z" fill="#ffffff" fill-opacity="0.16"/>`);
  for (const cx of [rng.range(90, 200), rng.range(1000, 1110)]) {
    o.push(`<path d="M${fmt(cx)} 260Q${fmt(cx + (cx < 600 ? -30 : 30))} 600 ${fmt(cx + (cx < 600 ? -80 : 80))} 920" stroke="${shade(yellow, 0.8)}" stroke-width="6" fill="none"/>`);
  }
  // The medallion: an oval aluminium badge with stamped letters.
  const navy = '#1c2f66';
  const angle = rng.range(-6, 6);
  const px = W / 2 + rng.range(-70, 70);
  const py = 560 + rng.range(-40, 40);
  const squash = rng.range(0.72, 0.86);
  const metal = gradient(ctx, -240, -160, 240, 160, [
    [0, '#f4f6f8'],
    [0.45, '#b9c0c8'],
    [0.55, '#dfe3e8'],
    [1, '#8f979f'],
  ]);
  const chars = [...number].length || 1;
  const adv = Math.min(78, 300 / chars);
  o.push(
    `<g transform="translate(${fmt(px)} ${fmt(py)}) scale(${fmt(rng.range(0.95, 1.1))} ${fmt(squash)}) rotate(${fmt(angle)})">` +
      `<ellipse cx="10" cy="16" rx="250" ry="165" fill="#000" fill-opacity="0.25"/>` +
      `<ellipse rx="250" ry="165" fill="${metal}" stroke="#6f7780" stroke-width="5"/>` +
      `<ellipse rx="228" ry="145" fill="none" stroke="#ffffff" stroke-width="4" stroke-opacity="0.7"/>` +
      `<ellipse rx="222" ry="139" fill="none" stroke="${navy}" stroke-width="5"/>` +
      strokeText('NYC TAXI', { x: 0, y: -112, height: 38, advance: 34, weight: 7, color: navy }) +
      strokeText(number, { x: 0, y: -58, height: 120, advance: adv, weight: Math.min(18, adv * 0.24), color: navy, glyphShare: 0.8 }) +
      strokeText('T&LC', { x: 0, y: 82, height: 30, advance: 30, weight: 6, color: navy }) +
      `<circle cx="-190" cy="0" r="9" fill="#7d858e"/><circle cx="190" cy="0" r="9" fill="#7d858e"/>` +
      `</g>`,
  );
}
