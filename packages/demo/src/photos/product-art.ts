import { H, PRODUCT_PHOTO_HEIGHT, PRODUCT_PHOTO_WIDTH, W } from './product-photo-options';

// ---------------------------------------------------------------------------------------------
// Helpers: numbers, colors, the SVG document

export type P = [number, number];
type Stop = readonly [offset: number, color: string, opacity?: number];

export const f = (n: number): string => String(Math.round(n * 10) / 10);
const clamp = (v: number, lo: number, hi: number): number => Math.min(hi, Math.max(lo, v));

function rgb(hex: string): [number, number, number] {
  const n = parseInt(hex.slice(1), 16);
  return [(n >> 16) & 255, (n >> 8) & 255, n & 255];
}
const hex = (c: readonly number[]): string => '#' + c.map((v) => clamp(Math.round(v), 0, 255).toString(16).padStart(2, '0')).join('');
/** Darker (k < 1) or lighter (k > 1) by multiplying the channels. */
export const shade = (c: string, k: number): string => hex(rgb(c).map((v) => v * k));
export const mix = (a: string, b: string, t: number): string => {
  const x = rgb(a);
  const y = rgb(b);
  return hex(x.map((v, i) => v + (y[i]! - v) * t));
};

export const attrs = (extra: string) => (extra ? ' ' + extra : '');

/** One picture: gradient and filter definitions plus the painted shapes, in order. */
export class Art {
  private readonly defs: string[] = [];
  private readonly body: string[] = [];
  private ids = 0;
  private readonly blurs = new Map<number, string>();

  add(...parts: string[]): void {
    this.body.push(...parts);
  }

  private stops(stops: readonly Stop[]): string {
    return stops.map(([o, c, a]) => `<stop offset="${o}" stop-color="${c}"${a === undefined ? '' : ` stop-opacity="${a}"`}/>`).join('');
  }

  linear(x1: number, y1: number, x2: number, y2: number, stops: readonly Stop[]): string {
    const id = `l${this.ids++}`;
    this.defs.push(`<linearGradient id="${id}" gradientUnits="userSpaceOnUse" x1="${f(x1)}" y1="${f(y1)}" x2="${f(x2)}" y2="${f(y2)}">${this.stops(stops)}</linearGradient>`);
    return `url(#${id})`;
  }

  /** A radial gradient; `ry` squashes it into an ellipse. */
  radial(cx: number, cy: number, r: number, stops: readonly Stop[], ry = r): string {
    const id = `r${this.ids++}`;
    const squash = ry === r ? '' : ` gradientTransform="translate(${f(cx)} ${f(cy)}) scale(1 ${f(ry / r)}) translate(${f(-cx)} ${f(-cy)})"`;
    this.defs.push(`<radialGradient id="${id}" gradientUnits="userSpaceOnUse" cx="${f(cx)}" cy="${f(cy)}" r="${f(r)}"${squash}>${this.stops(stops)}</radialGradient>`);
    return `url(#${id})`;
  }

  /** `filter="…"` for a Gaussian blur of this many units over the picture (for out-of-focus backgrounds). */
  blur(sd: number): string {
    let id = this.blurs.get(sd);
    if (!id) {
      id = `b${this.ids++}`;
      this.blurs.set(sd, id);
      // The filter region is the picture: the default (the group's box plus 10 %) can be much larger.
      this.defs.push(`<filter id="${id}" filterUnits="userSpaceOnUse" x="0" y="0" width="${W}" height="${H}"><feGaussianBlur stdDeviation="${f(sd)}"/></filter>`);
    }
    return `filter="url(#${id})"`;
  }

  /** `clip-path="…"` for this path. */
  clip(d: string): string {
    const id = `c${this.ids++}`;
    this.defs.push(`<clipPath id="${id}"><path d="${d}"/></clipPath>`);
    return `clip-path="url(#${id})"`;
  }

  svg(): string {
    return `<svg xmlns="http://www.w3.org/2000/svg" width="${PRODUCT_PHOTO_WIDTH}" height="${PRODUCT_PHOTO_HEIGHT}" viewBox="0 0 ${W} ${H}" stroke-linejoin="round" stroke-linecap="round"><defs>${this.defs.join('')}</defs>${this.body.join('')}</svg>`;
  }
}

// Shape strings -------------------------------------------------------------------------------

export function rrPath(x: number, y: number, w: number, h: number, r: number): string {
  const q = Math.max(0, Math.min(r, w / 2, h / 2));
  return `M${f(x + q)} ${f(y)}H${f(x + w - q)}Q${f(x + w)} ${f(y)} ${f(x + w)} ${f(y + q)}V${f(y + h - q)}Q${f(x + w)} ${f(y + h)} ${f(x + w - q)} ${f(y + h)}H${f(x + q)}Q${f(x)} ${f(y + h)} ${f(x)} ${f(y + h - q)}V${f(y + q)}Q${f(x)} ${f(y)} ${f(x + q)} ${f(y)}Z`;
}
export const rr = (x: number, y: number, w: number, h: number, r: number, fill: string, extra = ''): string =>
  `<path d="${rrPath(x, y, w, h, r)}" fill="${fill}"${attrs(extra)}/>`;
export const path = (d: string, fill: string, extra = ''): string => `<path d="${d}" fill="${fill}"${attrs(extra)}/>`;
export const stroke = (d: string, color: string, width: number, extra = ''): string =>
  `<path d="${d}" fill="none" stroke="${color}" stroke-width="${f(width)}"${attrs(extra)}/>`;
export const ellipse = (cx: number, cy: number, rx: number, ry: number, fill: string, extra = ''): string =>
  `<ellipse cx="${f(cx)}" cy="${f(cy)}" rx="${f(rx)}" ry="${f(ry)}" fill="${fill}"${attrs(extra)}/>`;
export const circle = (cx: number, cy: number, r: number, fill: string, extra = ''): string => ellipse(cx, cy, r, r, fill, extra);
export const poly = (pts: readonly P[], fill: string, extra = ''): string => path(polyPath(pts), fill, extra);
export function polyPath(pts: readonly P[], close = true): string {
  return pts.map((p, i) => (i === 0 ? 'M' : 'L') + f(p[0]) + ' ' + f(p[1])).join('') + (close ? 'Z' : '');
}
export const group = (transform: string, inner: string, extra = ''): string => `<g transform="${transform}"${attrs(extra)}>${inner}</g>`;

// Studio and shadows --------------------------------------------------------------------------

/**
 * The seamless studio backdrop: a light sweep, brighter where the key light falls, a little
 * darker in the corners. `tint` colors it faintly.
 */
export function studio(art: Art, tint = '#eef0f3', floor = 640): void {
  const top = mix('#e6e8ec', tint, 0.5);
  const mid = mix('#fafafa', tint, 0.18);
  const low = mix('#e4e6ea', tint, 0.45);
  art.add(`<rect width="${W}" height="${H}" fill="${art.linear(0, 0, 0, H, [[0, top], [floor / H, mid], [1, low]])}"/>`);
  art.add(`<rect width="${W}" height="${H}" fill="${art.radial(520, floor - 120, 760, [[0, '#ffffff', 0.85], [0.55, '#ffffff', 0.35], [1, '#ffffff', 0]], 520)}"/>`);
  art.add(`<rect width="${W}" height="${H}" fill="${art.radial(600, 450, 900, [[0.5, '#000000', 0], [1, '#1c2230', 0.14]], 720)}"/>`);
}

/** A soft elliptical contact shadow on the floor. */
export function floorShadow(art: Art, cx: number, cy: number, rx: number, ry: number, opacity = 0.35): void {
  art.add(ellipse(cx, cy, rx, ry, art.radial(cx, cy, rx, [[0, '#0b1018', opacity], [0.45, '#0b1018', opacity * 0.55], [1, '#0b1018', 0]], ry)));
}

/**
 * The soft shadow of a shape lying on the floor (the shape's elements must leave `stroke` unset):
 * copies grown by round strokes, each faint, so the shadow fades out over `spread` units. A Gaussian
 * blur looks the same and costs ten times more to render.
 */
export function dropShadow(art: Art, shape: string, dx: number, dy: number, spread: number, opacity: number): void {
  const layers = 7;
  const each = 1 - Math.pow(1 - opacity, 1 / layers);
  let s = '';
  for (let i = layers; i >= 1; i--) s += `<g stroke="#0b1018" stroke-width="${f((2 * spread * i) / layers)}" opacity="${f(each)}">${shape}</g>`;
  art.add(`<g transform="translate(${f(dx)} ${f(dy)})">${s}</g>`);
}

/** White streaks on glass or plastic (clipped by the caller). */
export function glare(x: number, y: number, w: number, h: number, skew: number, opacity: number): string {
  return poly(
    [
      [x, y + h],
      [x + skew, y],
      [x + skew + w, y],
      [x + w, y + h],
    ],
    '#ffffff',
    `opacity="${f(opacity)}"`,
  );
}

// Orthographic 3/4 views -------------------------------------------------------------------------

/**
 * An orthographic camera: the object is turned by `yaw` degrees (positive shows its right side)
 * and seen from `pitch` degrees above; x runs to the right, y away from the viewer, z up.
 */
export class View {
  readonly X: P;
  readonly Y: P;
  readonly Z: P;
  private readonly sinYaw: number;
  private readonly cosYaw: number;
  constructor(
    readonly origin: P,
    yaw: number,
    pitch: number,
    readonly scale = 1,
  ) {
    const t = (yaw * Math.PI) / 180;
    const p = (pitch * Math.PI) / 180;
    this.sinYaw = Math.sin(t);
    this.cosYaw = Math.cos(t);
    this.X = [Math.cos(t) * scale, Math.sin(t) * Math.sin(p) * scale];
    this.Y = [Math.sin(t) * scale, -Math.cos(t) * Math.sin(p) * scale];
    this.Z = [0, -Math.cos(p) * scale];
  }
  at(x: number, y: number, z: number): P {
    return [
      this.origin[0] + x * this.X[0] + y * this.Y[0] + z * this.Z[0],
      this.origin[1] + x * this.X[1] + y * this.Y[1] + z * this.Z[1],
    ];
  }
  /** SVG transform drawing a face's local (u right, v down) units onto the plane through o with axes u and v. */
  face(o: P, u: P, v: P): string {
    return `matrix(${f(u[0])} ${f(u[1])} ${f(v[0])} ${f(v[1])} ${f(o[0])} ${f(o[1])})`;
  }
  /** Whether the side of a box whose outward normal is (nx, ny) (on the floor plane) faces the camera. */
  facing(nx: number, ny: number): boolean {
    // Depth of the normal in camera space: positive points away from the viewer.
    return -nx * this.sinYaw + ny * this.cosYaw < 0;
  }
}

/**
 * A rounded rectangle pushed back along `depth` (a screen vector): the swept outline is the hull
 * of the corner centers grown by the radius (a round-joined stroke), then the front face.
 */
export function extruded(x: number, y: number, w: number, h: number, r: number, depth: P, side: string, front: string, frontExtra = ''): string {
  const c: P[] = [
    [x + r, y + r],
    [x + w - r, y + r],
    [x + w - r, y + h - r],
    [x + r, y + h - r],
  ];
  const all = [...c, ...c.map((p): P => [p[0] + depth[0], p[1] + depth[1]])];
  const hullPts = hull(all);
  return (
    `<path d="${polyPath(hullPts)}" fill="${side}" stroke="${side}" stroke-width="${f(2 * r)}" stroke-linejoin="round"/>` +
    rr(x, y, w, h, r, front, frontExtra)
  );
}

function hull(points: P[]): P[] {
  const pts = [...points].sort((a, b) => a[0] - b[0] || a[1] - b[1]);
  const cross = (o: P, a: P, b: P) => (a[0] - o[0]) * (b[1] - o[1]) - (a[1] - o[1]) * (b[0] - o[0]);
  const lower: P[] = [];
  for (const p of pts) {
    while (lower.length >= 2 && cross(lower[lower.length - 2]!, lower[lower.length - 1]!, p) <= 0) lower.pop();
    lower.push(p);
  }
  const upper: P[] = [];
  for (const p of pts.reverse()) {
    while (upper.length >= 2 && cross(upper[upper.length - 2]!, upper[upper.length - 1]!, p) <= 0) upper.pop();
    upper.push(p);
  }
  return [...lower.slice(0, -1), ...upper.slice(0, -1)];
}

/**
 * An upright cylinder seen from slightly above: the side with a turned-metal or plastic sheen
 * and the top ellipse. `ry` is the ellipses' half-height.
 */
export function cylinder(art: Art, cx: number, top: number, bottom: number, rx: number, ry: number, color: string, topColor?: string, sheen = 0.9): string {
  const side = art.linear(cx - rx, 0, cx + rx, 0, [
    [0, shade(color, 0.45)],
    [0.22, shade(color, 1.05)],
    [0.32, mix(color, '#ffffff', 0.35 * sheen)],
    [0.42, shade(color, 1.0)],
    [0.8, shade(color, 0.7)],
    [1, shade(color, 0.42)],
  ]);
  const body = `M${f(cx - rx)} ${f(top)}V${f(bottom)}A${f(rx)} ${f(ry)} 0 0 0 ${f(cx + rx)} ${f(bottom)}V${f(top)}Z`;
  return path(body, side) + ellipse(cx, top, rx, ry, topColor ?? mix(color, '#ffffff', 0.15));
}
