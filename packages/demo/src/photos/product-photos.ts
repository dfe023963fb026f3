import sharp from 'sharp';
import { glyphPath, STROKE_GLYPHS } from './stroke-font';

/**
 * Procedural product "photos" for the demo shop: each TLC supply drawn as SVG in a studio setting
 * (seamless light backdrop, soft key light from the upper left, contact shadows) and encoded by
 * sharp as an 800 × 600 WebP. No network, no stock images and no fonts: labels are drawn with a
 * small stroke alphabet, so the pictures look the same on every machine. Every picture is a
 * function of its subject only (the seed is reproducible). About 60 ms of CPU a picture (35 ms
 * rasterising, 25 ms WebP at effort 2); soft shadows are layered strokes, not blur filters, which
 * would cost ten times more.
 */

/** The subjects {@link renderProductPhoto} can draw (the demo catalogue uses one or two each). */
export const PRODUCT_PHOTO_SUBJECTS = [
  'partition',
  'partition-installed',
  'trip-book',
  'trip-book-open',
  'license-holder',
  'license-holder-visor',
  'phone-mount',
  'phone-mount-parts',
  'first-aid-kit',
  'first-aid-kit-open',
  'fire-extinguisher',
  'seat-covers',
  'seat-covers-rear',
  'dash-cam',
  'dash-cam-screen',
  'air-freshener',
  'air-freshener-vent',
  'ezpass-holder',
  'ezpass-windshield',
  'car-charger',
  'car-charger-socket',
  'tablet-holder',
] as const;
export type ProductPhotoSubject = (typeof PRODUCT_PHOTO_SUBJECTS)[number];

/** Pixel size of the WebP files (4:3, the shop card's aspect). */
export const PRODUCT_PHOTO_WIDTH = 800;
export const PRODUCT_PHOTO_HEIGHT = 600;

/** Drawing units. */
const W = 1200;
const H = 900;

/** An 800 × 600 WebP of the subject. */
export async function renderProductPhoto(subject: ProductPhotoSubject): Promise<Buffer> {
  return sharp(Buffer.from(productPhotoSvg(subject))).removeAlpha().webp({ quality: 84, effort: 2 }).toBuffer();
}

/** The SVG behind {@link renderProductPhoto}. */
export function productPhotoSvg(subject: ProductPhotoSubject): string {
  const art = new Art();
  SCENES[subject](art);
  return art.svg();
}

// ---------------------------------------------------------------------------------------------
// Helpers: numbers, colors, the SVG document

type P = [number, number];
type Stop = readonly [offset: number, color: string, opacity?: number];

const f = (n: number): string => String(Math.round(n * 10) / 10);
const clamp = (v: number, lo: number, hi: number): number => Math.min(hi, Math.max(lo, v));

function rgb(hex: string): [number, number, number] {
  const n = parseInt(hex.slice(1), 16);
  return [(n >> 16) & 255, (n >> 8) & 255, n & 255];
}
const hex = (c: readonly number[]): string => '#' + c.map((v) => clamp(Math.round(v), 0, 255).toString(16).padStart(2, '0')).join('');
/** Darker (k < 1) or lighter (k > 1) by multiplying the channels. */
const shade = (c: string, k: number): string => hex(rgb(c).map((v) => v * k));
const mix = (a: string, b: string, t: number): string => {
  const x = rgb(a);
  const y = rgb(b);
  return hex(x.map((v, i) => v + (y[i]! - v) * t));
};

/** A small deterministic PRNG (mulberry32). */
function prng(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const attrs = (extra: string) => (extra ? ' ' + extra : '');

/** One picture: gradient and filter definitions plus the painted shapes, in order. */
class Art {
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

function rrPath(x: number, y: number, w: number, h: number, r: number): string {
  const q = Math.max(0, Math.min(r, w / 2, h / 2));
  return `M${f(x + q)} ${f(y)}H${f(x + w - q)}Q${f(x + w)} ${f(y)} ${f(x + w)} ${f(y + q)}V${f(y + h - q)}Q${f(x + w)} ${f(y + h)} ${f(x + w - q)} ${f(y + h)}H${f(x + q)}Q${f(x)} ${f(y + h)} ${f(x)} ${f(y + h - q)}V${f(y + q)}Q${f(x)} ${f(y)} ${f(x + q)} ${f(y)}Z`;
}
const rr = (x: number, y: number, w: number, h: number, r: number, fill: string, extra = ''): string =>
  `<path d="${rrPath(x, y, w, h, r)}" fill="${fill}"${attrs(extra)}/>`;
const path = (d: string, fill: string, extra = ''): string => `<path d="${d}" fill="${fill}"${attrs(extra)}/>`;
const stroke = (d: string, color: string, width: number, extra = ''): string =>
  `<path d="${d}" fill="none" stroke="${color}" stroke-width="${f(width)}"${attrs(extra)}/>`;
const ellipse = (cx: number, cy: number, rx: number, ry: number, fill: string, extra = ''): string =>
  `<ellipse cx="${f(cx)}" cy="${f(cy)}" rx="${f(rx)}" ry="${f(ry)}" fill="${fill}"${attrs(extra)}/>`;
const circle = (cx: number, cy: number, r: number, fill: string, extra = ''): string => ellipse(cx, cy, r, r, fill, extra);
const poly = (pts: readonly P[], fill: string, extra = ''): string => path(polyPath(pts), fill, extra);
function polyPath(pts: readonly P[], close = true): string {
  return pts.map((p, i) => (i === 0 ? 'M' : 'L') + f(p[0]) + ' ' + f(p[1])).join('') + (close ? 'Z' : '');
}
const group = (transform: string, inner: string, extra = ''): string => `<g transform="${transform}"${attrs(extra)}>${inner}</g>`;

// Studio and shadows --------------------------------------------------------------------------

/**
 * The seamless studio backdrop: a light sweep, brighter where the key light falls, a little
 * darker in the corners. `tint` colors it faintly.
 */
function studio(art: Art, tint = '#eef0f3', floor = 640): void {
  const top = mix('#e6e8ec', tint, 0.5);
  const mid = mix('#fafafa', tint, 0.18);
  const low = mix('#e4e6ea', tint, 0.45);
  art.add(`<rect width="${W}" height="${H}" fill="${art.linear(0, 0, 0, H, [[0, top], [floor / H, mid], [1, low]])}"/>`);
  art.add(`<rect width="${W}" height="${H}" fill="${art.radial(520, floor - 120, 760, [[0, '#ffffff', 0.85], [0.55, '#ffffff', 0.35], [1, '#ffffff', 0]], 520)}"/>`);
  art.add(`<rect width="${W}" height="${H}" fill="${art.radial(600, 450, 900, [[0.5, '#000000', 0], [1, '#1c2230', 0.14]], 720)}"/>`);
}

/** A soft elliptical contact shadow on the floor. */
function floorShadow(art: Art, cx: number, cy: number, rx: number, ry: number, opacity = 0.35): void {
  art.add(ellipse(cx, cy, rx, ry, art.radial(cx, cy, rx, [[0, '#0b1018', opacity], [0.45, '#0b1018', opacity * 0.55], [1, '#0b1018', 0]], ry)));
}

/**
 * The soft shadow of a shape lying on the floor (the shape's elements must leave `stroke` unset):
 * copies grown by round strokes, each faint, so the shadow fades out over `spread` units. A Gaussian
 * blur looks the same and costs ten times more to render.
 */
function dropShadow(art: Art, shape: string, dx: number, dy: number, spread: number, opacity: number): void {
  const layers = 7;
  const each = 1 - Math.pow(1 - opacity, 1 / layers);
  let s = '';
  for (let i = layers; i >= 1; i--) s += `<g stroke="#0b1018" stroke-width="${f((2 * spread * i) / layers)}" opacity="${f(each)}">${shape}</g>`;
  art.add(`<g transform="translate(${f(dx)} ${f(dy)})">${s}</g>`);
}

/** White streaks on glass or plastic (clipped by the caller). */
function glare(x: number, y: number, w: number, h: number, skew: number, opacity: number): string {
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
class View {
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
function extruded(x: number, y: number, w: number, h: number, r: number, depth: P, side: string, front: string, frontExtra = ''): string {
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
function cylinder(art: Art, cx: number, top: number, bottom: number, rx: number, ry: number, color: string, topColor?: string, sheen = 0.9): string {
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

// ---------------------------------------------------------------------------------------------
// Lettering: the shared stroke alphabet (stroke-font.ts)

/** Width of a character as a share of the normal advance. */
const NARROW: Record<string, number> = { '·': 0.5, I: 0.45, '1': 0.75, '.': 0.4, ',': 0.4, ':': 0.4, ' ': 0.6, '"': 0.6, M: 1.12, W: 1.15 };

interface TextStyle {
  /** Cap height. */
  size: number;
  color: string;
  /** Stroke weight as a share of the size (0.16 regular, 0.22 bold). */
  weight?: number;
  anchor?: 'start' | 'middle' | 'end';
  /** Letter spacing as a share of the size. */
  tracking?: number;
  /** Glyph width as a share of the size (0.6 normal, 0.5 condensed). */
  width?: number;
  extra?: string;
}

function textWidth(text: string, s: TextStyle): number {
  const advance = s.size * ((s.width ?? 0.6) + (s.tracking ?? 0.14));
  return [...text].reduce((sum, ch) => sum + advance * (NARROW[ch] ?? 1), 0) - s.size * (s.tracking ?? 0.14);
}

/** Capitals drawn as round-capped strokes; `y` is the top of the capitals. */
function text(str: string, x: number, y: number, s: TextStyle): string {
  const chars = [...str.toUpperCase()];
  const weight = s.size * (s.weight ?? 0.16);
  const glyphW = s.size * (s.width ?? 0.6);
  const advance = glyphW + s.size * (s.tracking ?? 0.14);
  const total = textWidth(str, s);
  let cx = s.anchor === 'middle' ? x - total / 2 : s.anchor === 'end' ? x - total : x;
  const sx = (glyphW - weight) / 4;
  const sy = (s.size - weight) / 6;
  let d = '';
  for (const ch of chars) {
    const share = NARROW[ch] ?? 1;
    const g = STROKE_GLYPHS[ch];
    if (g) {
      // Narrow glyphs keep their strokes centered in a narrower cell; wide ones are drawn wider.
      const ox = share < 1 ? -(glyphW * (1 - share)) / 2 : 0;
      d += glyphPath(g, cx + weight / 2 + ox, y + weight / 2, sx * Math.max(1, share), sy);
    }
    cx += advance * share;
  }
  return `<path d="${d}" fill="none" stroke="${s.color}" stroke-width="${f(weight)}" stroke-linecap="round" stroke-linejoin="round"${attrs(s.extra ?? '')}/>`;
}

/** Lines of grey "small print" (too small to read in a photo anyway). */
function smallPrint(x: number, y: number, widths: readonly number[], gap: number, h: number, color: string, opacity = 1): string {
  return widths.map((w, i) => rr(x, y + i * gap, w, h, h / 2, color, `opacity="${f(opacity)}"`)).join('');
}

// ---------------------------------------------------------------------------------------------
// The scenes

const SCENES: Record<ProductPhotoSubject, (art: Art) => void> = {
  partition: partitionStudio,
  'partition-installed': partitionInstalled,
  'trip-book': tripBook,
  'trip-book-open': tripBookOpen,
  'license-holder': licenseHolder,
  'license-holder-visor': licenseHolderVisor,
  'phone-mount': phoneMount,
  'phone-mount-parts': phoneMountParts,
  'first-aid-kit': firstAidKit,
  'first-aid-kit-open': firstAidKitOpen,
  'fire-extinguisher': fireExtinguisher,
  'seat-covers': seatCovers,
  'seat-covers-rear': seatCoversRear,
  'dash-cam': dashCam,
  'dash-cam-screen': dashCamScreen,
  'air-freshener': airFreshener,
  'air-freshener-vent': airFreshenerVent,
  'ezpass-holder': ezpassHolder,
  'ezpass-windshield': ezpassWindshield,
  'car-charger': carCharger,
  'car-charger-socket': carChargerSocket,
  'tablet-holder': tabletHolder,
};

// Partition -----------------------------------------------------------------------------------

/** The clear panel's outline in its own units (740 × 470), arched along the roof line. */
const PANEL = 'M0 470V120Q6 34 110 22Q370 -4 630 22Q734 34 740 120V470Z';

function partitionStudio(art: Art): void {
  studio(art, '#e9eef3', 700);
  const m = 'matrix(0.98 -0.045 0 1 236 176)';
  floorShadow(art, 600, 792, 470, 46, 0.3);
  floorShadow(art, 282, 790, 80, 16, 0.45);
  floorShadow(art, 960, 760, 80, 16, 0.45);
  // Posts to the seat frames, and their feet.
  const post = art.linear(0, 0, 24, 0, [[0, '#5d636b'], [0.35, '#d6dbe0'], [1, '#4b5057']]);
  art.add(group(m, [40, 676].map((x) => rr(x, 480, 24, 132, 6, post) + rr(x - 22, 606, 68, 16, 5, '#2f3338')).join('')));
  const clip = art.clip(PANEL);
  const inner =
    // Edge thickness, then the tinted sheet.
    path(PANEL, 'none', `stroke="#8fb6c9" stroke-width="6" stroke-opacity="0.5" transform="translate(9 -6)"`) +
    path(PANEL, art.linear(0, 0, 740, 470, [[0, '#d6ebf5', 0.6], [0.5, '#c4dfec', 0.42], [1, '#a9cadb', 0.55]])) +
    `<g ${clip}>` +
    glare(60, -40, 120, 560, 170, 0.28) +
    glare(230, -40, 40, 560, 170, 0.22) +
    glare(520, -40, 90, 560, 170, 0.18) +
    // The pass-through: an opening with a half-open sliding pane and a finger pull.
    rr(270, 292, 210, 150, 10, '#ffffff', 'opacity="0.25"') +
    rr(330, 296, 160, 142, 8, '#bcd9e6', 'opacity="0.5" stroke="#6f8fa0" stroke-width="3"') +
    rr(344, 350, 14, 40, 7, '#2b2f34') +
    `</g>` +
    stroke('M266 288H494V446H266Z', '#2a2e33', 10) +
    // The tray under the opening.
    poly([[250, 446], [510, 446], [528, 470], [232, 470]], '#3a3f45') +
    // Frame, a rail along the bottom and a small maker's label.
    stroke(PANEL, '#1f2226', 16) +
    stroke(PANEL, '#7b828b', 2.5, 'transform="translate(0 1.5)" opacity="0.6"') +
    rr(-8, 462, 756, 28, 8, art.linear(0, 462, 0, 490, [[0, '#4a4f56'], [0.4, '#2a2d31'], [1, '#15171a']])) +
    rr(596, 404, 112, 40, 6, '#ffffff', 'opacity="0.92"') +
    text('TLC SAFETY', 652, 412, { size: 10, color: '#1d3b6e', anchor: 'middle', weight: 0.2 }) +
    text('3/16 PC', 652, 428, { size: 9, color: '#5b6470', anchor: 'middle' });
  art.add(group(m, inner));
}

function partitionInstalled(art: Art): void {
  // Roof lining, windshield with the street outside, pillars and the dashboard.
  art.add(`<rect width="${W}" height="${H}" fill="${art.linear(0, 0, 0, 300, [[0, '#bdb8ae'], [1, '#a19c92']])}"/>`);
  const glass = 'M190 150Q600 120 1010 150L1150 430H50Z';
  art.add(path(glass, art.linear(0, 140, 0, 430, [[0, '#9cc3e4'], [0.6, '#dcebf5'], [1, '#f1f4f2']])));
  const street =
    [[60, 330, 150, 110, '#98a5b2'], [200, 300, 110, 140, '#b3a38f'], [300, 345, 170, 95, '#8f9aa6'], [700, 310, 130, 130, '#a8988a'], [820, 280, 120, 160, '#9aa7b5'], [930, 335, 200, 105, '#b9b2a5']]
      .map(([x, y, w, h, c]) => rr(x as number, y as number, w as number, h as number, 4, c as string))
      .join('') +
    path('M50 430L560 352H640L1150 430Z', '#8a8e93') +
    path('M596 354H604L640 430H560Z', '#f0f0ea', 'opacity="0.7"') +
    rr(540, 370, 120, 40, 10, '#f4b400') +
    rr(556, 352, 88, 26, 8, '#d9a000');
  art.add(`<g ${art.clip(glass)}><g ${art.blur(3)}>${street}</g></g>`);
  art.add(path('M0 0H210L190 150L50 430L0 470Z', '#34363b'), path('M1200 0H990L1010 150L1150 430L1200 470Z', '#34363b'));
  art.add(path('M0 470Q600 360 1200 470V560H0Z', art.linear(0, 380, 0, 560, [[0, '#3d4046'], [1, '#1d1f23']])));
  art.add(rr(520, 442, 160, 58, 8, '#0f1d2c'), rr(530, 450, 140, 42, 5, art.linear(530, 450, 670, 492, [[0, '#2d6ea3'], [1, '#173c5c']])));
  // Mirror.
  art.add(rr(590, 120, 20, 50, 6, '#1e2023'), rr(500, 160, 200, 58, 22, '#222428'), rr(510, 168, 180, 42, 16, art.linear(0, 168, 0, 210, [[0, '#8f9ea9'], [1, '#4f5a63']])));
  // Front seats and headrests, seen through the partition.
  const leather = (x0: number) => art.linear(x0, 0, x0 + 360, 0, [[0, '#1b1c1f'], [0.3, '#3a3c41'], [0.7, '#2c2e32'], [1, '#17181b']]);
  for (const x0 of [110, 730]) {
    art.add(rr(x0 + 110, 340, 14, 110, 5, '#b9bec4'), rr(x0 + 236, 340, 14, 110, 5, '#b9bec4'));
    art.add(rr(x0 + 60, 250, 240, 120, 46, leather(x0)));
    art.add(path(`M${x0} 900V520Q${x0} 430 ${x0 + 90} 420H${x0 + 270}Q${x0 + 360} 430 ${x0 + 360} 520V900Z`, leather(x0)));
    art.add(stroke(`M${x0 + 90} 470V900M${x0 + 270} 470V900`, '#55585e', 3, 'stroke-dasharray="8 8"'));
  }
  // The clear upper panel with its frame, the pass-through and the solid lower panel.
  const upper = 'M40 640V250Q60 190 200 180Q600 160 1000 180Q1140 190 1160 250V640Z';
  art.add(path(upper, art.linear(0, 180, 0, 640, [[0, '#d8ecf6', 0.32], [1, '#b7d5e4', 0.3]])));
  art.add(`<g ${art.clip(upper)}>${glare(120, 160, 150, 520, 210, 0.2)}${glare(330, 160, 50, 520, 210, 0.16)}${glare(820, 160, 110, 520, 210, 0.14)}</g>`);
  art.add(stroke(upper, '#16181b', 20), stroke('M600 176V470', '#16181b', 14));
  const lower = 'M40 630H1160V900H40Z';
  art.add(path(lower, art.linear(0, 630, 0, 900, [[0, '#3a3d42'], [0.2, '#2a2c30'], [1, '#1b1c1f']])));
  art.add(stroke('M40 634H1160', '#5a5e65', 4));
  // Pass-through window with its tray.
  art.add(rr(480, 470, 240, 170, 10, '#dbeef7', 'opacity="0.25"'), stroke('M480 470H720V640H480Z', '#16181b', 12), rr(560, 478, 150, 156, 6, '#cfe6f1', 'opacity="0.35" stroke="#5d7a8a" stroke-width="3"'), rr(574, 530, 12, 44, 6, '#15171a'));
  art.add(poly([[470, 640], [730, 640], [760, 690], [440, 690]], art.linear(0, 640, 0, 690, [[0, '#8a9097'], [1, '#4c5157']])));
  // Stickers on the lower panel.
  art.add(circle(250, 760, 50, '#ffffff'), rr(204, 752, 80, 16, 2, '#ffffff', 'stroke="#1b1c1f" stroke-width="3"'), rr(284, 752, 12, 16, 2, '#1b1c1f'), stroke('M290 744Q282 732 292 722', '#1b1c1f', 3), circle(250, 760, 42, 'none', 'stroke="#d32f2f" stroke-width="9"'), stroke('M222 790L278 730', '#d32f2f', 9));
  art.add(rr(840, 720, 250, 84, 10, '#f7b500'), text('PLEASE', 965, 734, { size: 22, color: '#1b1c1f', anchor: 'middle', weight: 0.2 }), text('BUCKLE UP', 965, 766, { size: 22, color: '#1b1c1f', anchor: 'middle', weight: 0.2 }));
}

// Trip record book ------------------------------------------------------------------------------

function bookBlock(art: Art, v: View, w: number, d: number, h: number, cover: string, label: boolean): void {
  const A = (x: number, y: number, z: number) => v.at(x, y, z);
  const foot = polyPath([A(0, 0, 0), A(w, 0, 0), A(w, d, 0), A(0, d, 0)]);
  dropShadow(art, path(foot, '#0b1018'), 10, 14, 14, 0.35);
  const pages = '#f4f0e4';
  const edge = (o: P, u: P, len: number) => {
    let s = `<g transform="${v.face(o, u, v.Z.map((c) => -c) as P)}">`;
    s += `<rect width="${len}" height="${h}" fill="${pages}"/>`;
    for (let z = 6; z < h - 5; z += 3) s += `<path d="M0 ${z}H${len}" stroke="#d8d0bc" stroke-width="0.9"/>`;
    s += `<rect width="${len}" height="5" fill="${shade(cover, 0.8)}"/><rect y="${h - 5}" width="${len}" height="5" fill="${shade(cover, 0.7)}"/>`;
    return s + '</g>';
  };
  if (v.facing(0, -1)) art.add(edge(A(0, 0, h), v.X, w));
  if (v.facing(1, 0)) art.add(edge(A(w, 0, h), v.Y, d));
  if (v.facing(-1, 0)) art.add(poly([A(0, 0, 0), A(0, d, 0), A(0, d, h), A(0, 0, h)], shade(cover, 0.55)));
  // The cover, drawn in its own units: u along the width, v towards the viewer.
  const top = v.face(A(0, d, h), v.X, [-v.Y[0], -v.Y[1]]);
  let c = `<rect width="${w}" height="${d}" rx="6" fill="${art.linear(0, 0, w, d, [[0, mix(cover, '#ffffff', 0.12)], [1, shade(cover, 0.85)]])}"/>`;
  c += `<rect width="54" height="${d}" fill="${shade(cover, 0.6)}"/><path d="M54 0V${d}" stroke="${mix(cover, '#ffffff', 0.25)}" stroke-width="2"/>`;
  if (label) {
    c += text('TAXI · FHV', (w + 54) / 2, 46, { size: 20, color: '#e2b75a', anchor: 'middle', weight: 0.18, tracking: 0.3 });
    c += rr(110, 86, w - 166, 170, 10, '#f7f4ea');
    c += rr(118, 94, w - 182, 154, 6, 'none', `stroke="${cover}" stroke-width="2.5"`);
    c += text('TRIP', (w + 54) / 2, 110, { size: 44, color: cover, anchor: 'middle', weight: 0.2 });
    c += text('RECORD', (w + 54) / 2, 168, { size: 30, color: cover, anchor: 'middle', weight: 0.2, tracking: 0.22 });
    c += text('100 PAGES', (w + 54) / 2, 218, { size: 15, color: '#7a6f58', anchor: 'middle', weight: 0.18, tracking: 0.25 });
    c += text('DRIVER', 110, d - 80, { size: 12, color: '#e9e2cf', weight: 0.18 }) + rr(186, d - 68, w - 242, 2.5, 1, '#e9e2cf', 'opacity="0.7"');
    c += text('TLC NO', 110, d - 46, { size: 12, color: '#e9e2cf', weight: 0.18 }) + rr(186, d - 34, w - 242, 2.5, 1, '#e9e2cf', 'opacity="0.7"');
  }
  art.add(group(top, c));
}

function pen(art: Art, x: number, y: number, angle: number, len: number, color: string): void {
  const body = art.linear(0, -14, 0, 14, [[0, shade(color, 0.55)], [0.3, mix(color, '#ffffff', 0.35)], [0.55, color], [1, shade(color, 0.5)]]);
  const chrome = art.linear(0, -12, 0, 12, [[0, '#7c838b'], [0.35, '#f4f6f8'], [1, '#5a6068']]);
  const s =
    path(`M0 -13H${len - 70}L${len - 20} -6L${len} 0L${len - 20} 6L${len - 70} 13H0Q-10 13 -10 0Q-10 -13 0 -13Z`, body) +
    rr(len - 74, -13, 14, 26, 3, chrome) +
    path(`M${len - 22} -5L${len} 0L${len - 22} 5Z`, '#cfd4d9') +
    rr(10, -19, 120, 8, 4, chrome);
  dropShadow(art, group(`translate(${f(x)} ${f(y)}) rotate(${f(angle)})`, path(`M0 -13H${len}V13H0Z`, '#0b1018')), 6, 10, 6, 0.35);
  art.add(group(`translate(${f(x)} ${f(y)}) rotate(${f(angle)})`, s));
}

function tripBook(art: Art): void {
  studio(art, '#efe9df', 600);
  // A second book behind, as they come in a pack.
  bookBlock(art, new View([330, 430], 10, 52, 0.95), 520, 380, 30, '#21385e', false);
  bookBlock(art, new View([250, 600], 24, 52), 520, 380, 32, '#1f4d3a', true);
  pen(art, 790, 720, -18, 330, '#1d4fa3');
}

function tripBookOpen(art: Art): void {
  studio(art, '#efe9df', 600);
  const g = 'translate(600 452) rotate(-5)';
  const cover = '#1f4d3a';
  const book =
    rr(-500, -318, 1000, 636, 18, cover) +
    // Page stacks under the open pages.
    [10, 7, 4].map((o) => rr(-486 + o, -304 + o, 972 - 2 * o, 608, 10, mix('#f4f0e4', '#b9ae93', o / 14), 'stroke="#d5ccb6" stroke-width="1"')).join('');
  dropShadow(art, group(g, rr(-500, -318, 1000, 636, 18, '#0b1018')), 14, 18, 18, 0.35);
  art.add(group(g, book));
  const page = (side: -1 | 1) => {
    const x0 = side < 0 ? -478 : 0;
    const shadeGrad = art.linear(side < 0 ? -478 : 478, 0, 0, 0, [[0, '#fbf8ef'], [0.82, '#f4efe2'], [1, '#cfc6b0']]);
    let s = path(side < 0 ? 'M-478 -300H-4Q-14 0 -4 300H-478Z' : 'M4 -300H478V300H4Q14 0 4 -300Z', shadeGrad);
    const left = x0 + 34;
    const right = x0 + 444;
    s += text(side < 0 ? 'DAILY TRIP RECORD' : 'DATE  06 / 14', left, -272, { size: 17, color: '#1f4d3a', weight: 0.2, tracking: 0.16 });
    if (side < 0) s += text('DRIVER', left, -236, { size: 10, color: '#6b7b74' }) + rr(left + 62, -226, 150, 1.6, 1, '#9fb4c8') + text('TLC NO', left + 230, -236, { size: 10, color: '#6b7b74' }) + rr(left + 290, -226, 120, 1.6, 1, '#9fb4c8');
    else s += text('SHEET 17', right, -272, { size: 12, color: '#6b7b74', anchor: 'end' });
    // The table.
    const cols = side < 0 ? [0, 60, 130, 250, 330, 410] : [0, 60, 130, 250, 330, 410];
    const heads = ['NO', 'TIME', 'FROM', 'TO', 'PAX', 'FARE'];
    const top = -200;
    const rowH = 32;
    s += rr(left, top, 410, 28, 0, '#e3ecef');
    heads.forEach((hd, i) => (s += text(hd, left + cols[i]! + 6, top + 9, { size: 10, color: '#35546a', weight: 0.2 })));
    for (let r = 0; r <= 14; r++) s += rr(left, top + 28 + r * rowH, 410, 1.4, 0, '#9fb4c8');
    for (const c of cols.slice(1)) s += rr(left + c, top, 1.4, 28 + 14 * rowH, 0, '#9fb4c8');
    s += rr(left, top, 410, 28 + 14 * rowH, 0, 'none', 'stroke="#6f8ea6" stroke-width="2"');
    // Hand-written trips in blue ink.
    const rows = side < 0
      ? [['1', '7:05', 'JFK T4', 'W 34 ST', '2', '70.00'], ['2', '8:20', 'PENN ST', 'LGA', '1', '38.50'], ['3', '9:42', 'LGA', 'ASTORIA', '1', '19.75'], ['4', '10:15', 'ASTORIA', 'SOHO', '3', '31.20'], ['5', '11:30', 'SOHO', 'BKLYN', '1', '24.60'], ['6', '12:05', 'BKLYN', 'DUMBO', '2', '12.40'], ['7', '12:50', 'DUMBO', 'UWS', '1', '41.80'], ['8', '13:40', 'UWS', 'HARLEM', '1', '16.30']]
      : [['9', '14:25', 'HARLEM', 'BRONX', '2', '22.10'], ['10', '15:10', 'BRONX', 'LGA', '1', '35.60'], ['11', '16:00', 'LGA', 'FLUSHING', '4', '18.90']];
    rows.forEach((row, r) => {
      row.forEach((cell, i) => {
        const y = top + 28 + r * rowH + 9;
        s += group(`translate(${f(left + cols[i]! + 7)} ${f(y)}) skewX(-12) rotate(${((r * 7 + i * 3) % 5) - 2} 0 8)`, text(cell, 0, 0, { size: 13, color: '#1b3f8f', weight: 0.13, width: 0.5, tracking: 0.1 }));
      });
    });
    s += text(side < 0 ? '34' : '35', side < 0 ? left : right, 272, { size: 11, color: '#8a8f86', anchor: side < 0 ? 'start' : 'end' });
    return s;
  };
  art.add(group(g, page(-1) + page(1) + path('M-14 -300Q0 0 -14 300H14Q0 0 14 -300Z', art.linear(-14, 0, 14, 0, [[0, '#cfc6b0', 0], [0.5, '#8a8068', 0.6], [1, '#cfc6b0', 0]]))));
  pen(art, 700, 560, -32, 360, '#1d4fa3');
}

// First-aid kit ---------------------------------------------------------------------------------

function firstAidKit(art: Art): void {
  studio(art, '#f3ecea', 720);
  floorShadow(art, 610, 736, 380, 42, 0.42);
  const red = '#d3262b';
  const depth: P = [80, -64];
  const x = 300;
  const y = 330;
  const w = 560;
  const h = 390;
  // Top and right side of the case: lit from above, darker to the right; the change runs along the top right edge.
  const side = art.linear(x + w - 40 * 0.62, y - 40 * 0.78, x + w + 40 * 0.62, y + 40 * 0.78, [[0, '#cf3035'], [0.5, '#a6181d'], [1, '#7a0f13']]);
  const front = art.linear(x, y, x + w * 0.7, y + h, [[0, '#ec4a4e'], [0.45, red], [1, '#a5171c']]);
  art.add(extruded(x, y, w, h, 58, depth, side, 'none'));
  // The seam between lid and base, on the top and the right side.
  art.add(`<g ${art.clip(`M${x + w} ${y - 80}H${x + w + 100}V${y + h}H${x + w}Z` + `M${x - 10} ${y - 80}H${x + w}V${y}H${x - 10}Z`)}>${rr(x + depth[0] * 0.5, y + depth[1] * 0.5, w, h, 58, 'none', 'stroke="#5e0b0f" stroke-width="5"')}${rr(x + depth[0] * 0.5 + 3, y + depth[1] * 0.5 + 3, w, h, 58, 'none', 'stroke="#e5585c" stroke-width="2" opacity="0.7"')}</g>`);
  // Latches across the seam and the carry handle.
  for (const lx of [x + 110, x + w - 150]) art.add(poly([[lx, y - 22], [lx + 60, y - 22], [lx + 100, y - 54], [lx + 40, y - 54]], art.linear(0, y - 54, 0, y - 22, [[0, '#d9dde1'], [1, '#8b9299']])));
  art.add(stroke(`M${x + 190} ${y - 26}C${x + 190} ${y - 150} ${x + 430} ${y - 150} ${x + 430} ${y - 26}`, '#1b1c1f', 30), stroke(`M${x + 196} ${y - 40}C${x + 200} ${y - 134} ${x + 420} ${y - 134} ${x + 424} ${y - 40}`, '#4a4d52', 5));
  art.add(rr(x, y, w, h, 58, front));
  art.add(`<g ${art.clip(rrPath(x, y, w, h, 58))}>${glare(x - 40, y - 10, 420, 60, 40, 0.16)}</g>`);
  art.add(rr(x + 8, y + 8, w - 16, h - 16, 52, 'none', 'stroke="#f06a6d" stroke-width="3" opacity="0.6"'));
  // The cross and the lettering.
  const cx = x + w / 2;
  art.add(path(`M${cx - 34} ${y + 56}H${cx + 34}V${y + 124}H${cx + 102}V${y + 192}H${cx + 34}V${y + 260}H${cx - 34}V${y + 192}H${cx - 102}V${y + 124}H${cx - 34}Z`, '#ffffff'));
  art.add(text('FIRST AID', cx, y + 290, { size: 50, color: '#ffffff', anchor: 'middle', weight: 0.22, tracking: 0.2 }));
  art.add(text('120 PCS', x + w - 40, y + h - 42, { size: 16, color: '#ffd6d7', anchor: 'end', weight: 0.2 }));
}

function firstAidKitOpen(art: Art): void {
  studio(art, '#f3ecea', 700);
  const g = 'translate(600 460) rotate(-4)';
  const tray = (x: number) => rr(x, -300, 470, 600, 44, '#c8232a') + rr(x + 16, -284, 438, 568, 32, '#a51a20') + rr(x + 24, -276, 422, 552, 28, '#eceae6');
  dropShadow(art, group(g, rr(-490, -300, 980, 600, 44, '#0b1018')), 12, 18, 18, 0.35);
  let s = tray(-490) + tray(20) + rr(-20, -240, 40, 480, 8, '#7c1015');
  // Lid: a guide booklet under two elastic straps, with wipes.
  s += rr(-440, -240, 200, 270, 8, '#ffffff', 'stroke="#d9d9d9" stroke-width="2"') + path('M-356 -200h32v32h32v32h-32v32h-32v-32h-32v-32h32z', '#d3262b') + text('FIRST AID', -340, -60, { size: 18, color: '#1b1c1f', anchor: 'middle', weight: 0.2 }) + text('GUIDE', -340, -32, { size: 18, color: '#1b1c1f', anchor: 'middle', weight: 0.2 }) + smallPrint(-420, 0, [160, 120], 14, 5, '#b9bec4');
  for (let i = 0; i < 3; i++) s += rr(-210, -230 + i * 92, 150, 80, 6, '#f7f7f7', 'stroke="#d0d0d0" stroke-width="2"') + path(`M-142 ${-214 + i * 92}h14v14h14v14h-14v14h-14v-14h-14v-14h14z`, '#1f8a4c') + text('WIPE', -135, -172 + i * 92, { size: 12, color: '#1f8a4c', anchor: 'middle', weight: 0.2 });
  s += rr(-440, 60, 380, 180, 14, art.linear(0, 60, 0, 240, [[0, '#5aa7e6'], [1, '#2f7cc0']])) + text('COLD PACK', -250, 110, { size: 26, color: '#ffffff', anchor: 'middle', weight: 0.22 }) + stroke('M-250 160V214M-274 174L-226 200M-274 200L-226 174', '#ffffff', 6);
  s += rr(-470, -120, 430, 26, 6, '#7c1015', 'opacity="0.9"') + rr(-470, 230, 430, 22, 6, '#7c1015', 'opacity="0.9"');
  // Base: rolls of bandage, plasters, gauze pads, scissors, gloves.
  const roll = (x: number, y: number) => rr(x, y, 150, 70, 12, art.linear(0, y, 0, y + 70, [[0, '#d9d6d0'], [0.35, '#ffffff'], [1, '#c7c3bc']])) + [30, 60, 90, 120].map((dx) => rr(x + dx, y + 2, 2, 66, 1, '#e4e0da')).join('');
  s += roll(60, -250) + roll(60, -165) + roll(230, -250);
  for (let i = 0; i < 5; i++) s += group(`translate(${250 + (i % 2) * 80} ${-150 + i * 30}) rotate(${-14 + i * 7})`, rr(-60, -16, 120, 32, 14, '#e3b98a') + rr(-20, -11, 40, 22, 4, '#f5e3cd') + [-45, -35, 35, 45].map((dx) => circle(dx, 0, 2, '#c89a68')).join(''));
  for (let i = 0; i < 2; i++) s += rr(60 + i * 130, -70, 116, 116, 6, '#ffffff', 'stroke="#d0d0d0" stroke-width="2"') + text('GAUZE', 118 + i * 130, -30, { size: 15, color: '#2f6fb0', anchor: 'middle', weight: 0.2 }) + text('4X4', 118 + i * 130, 0, { size: 13, color: '#2f6fb0', anchor: 'middle', weight: 0.2 });
  s += rr(320, -60, 100, 150, 10, art.linear(0, -60, 0, 90, [[0, '#4e7fd6'], [1, '#3558a8']])) + text('GLOVES', 370, 0, { size: 14, color: '#ffffff', anchor: 'middle', weight: 0.22 });
  s += group('translate(250 190) rotate(-20)', stroke('M-100 -10L90 20M-100 10L90 -20', '#aeb5bd', 16) + stroke('M-100 -10L90 20M-100 10L90 -20', '#eef1f4', 5) + circle(-126, -20, 26, 'none', 'stroke="#1b1c1f" stroke-width="14"') + circle(-126, 24, 26, 'none', 'stroke="#1b1c1f" stroke-width="14"') + circle(-10, 0, 5, '#6b7178'));
  s += rr(60, 100, 100, 150, 10, '#ffffff', 'stroke="#d0d0d0" stroke-width="2"') + text('TAPE', 110, 160, { size: 14, color: '#1b1c1f', anchor: 'middle', weight: 0.2 });
  art.add(group(g, s));
}

// Fire extinguisher ---------------------------------------------------------------------------

function fireExtinguisher(art: Art): void {
  studio(art, '#eef0f3', 760);
  floorShadow(art, 520, 796, 190, 30, 0.5);
  floorShadow(art, 790, 786, 120, 22, 0.35);
  // The vehicle bracket behind it: a plate with mounting holes, showing on the right.
  const metal = art.linear(600, 0, 700, 0, [[0, '#6d747c'], [0.4, '#dfe3e7'], [1, '#9aa1a9']]);
  art.add(path('M560 400H686Q700 400 700 414V772H560Z', metal), path('M686 400L700 388V760L700 772Z', '#7c838b'));
  for (const y of [450, 560, 670]) art.add(ellipse(668, y, 7, 9, '#4a4f56'));
  art.add(rr(540, 770, 180, 16, 6, '#7c838b'));
  // The cylinder: body, dome, collar.
  const cx = 520;
  const top = 330;
  const bottom = 780;
  const rx = 104;
  const red = '#d2232a';
  art.add(cylinder(art, cx, top, bottom, rx, 24, red, red));
  art.add(path(`M${cx - rx} ${top}Q${cx - rx} ${top - 96} ${cx} ${top - 100}Q${cx + rx} ${top - 96} ${cx + rx} ${top}Z`, art.linear(cx - rx, 0, cx + rx, 0, [[0, '#6f0e12'], [0.3, '#ff6a6a'], [0.45, red], [1, '#6a0d11']])));
  art.add(ellipse(cx, bottom, rx, 24, 'none', 'stroke="#7a0f13" stroke-width="4"'));
  art.add(cylinder(art, cx, 210, 240, 32, 8, '#c9a24a', '#e5c979', 1));
  // Valve, gauge, handle and lever, pin and hose.
  const black = art.linear(0, 150, 0, 215, [[0, '#4a4d52'], [1, '#111214']]);
  art.add(rr(470, 152, 104, 66, 14, black));
  art.add(stroke('M560 206L700 224', '#151618', 24), stroke('M548 168Q620 140 702 176', '#151618', 20), stroke('M552 164Q620 138 696 170', '#4b4e54', 4));
  art.add(circle(620, 190, 14, 'none', 'stroke="#c9ccd1" stroke-width="5"'), path('M628 196L652 236L640 240Z', '#f7d21c'));
  art.add(circle(446, 184, 34, art.linear(412, 150, 480, 218, [[0, '#f1f3f5'], [1, '#7f868e']])), circle(446, 184, 27, '#fbfbf8'));
  art.add(stroke('M427 176A20 20 0 0 1 465 176', '#2ea043', 7), stroke('M420 190A27 27 0 0 1 425 172', '#d32f2f', 5), stroke('M446 188L460 168', '#1b1c1f', 3.5), circle(446, 188, 4, '#1b1c1f'));
  art.add(stroke('M478 210Q410 250 404 330Q400 380 404 420', '#141517', 18), path('M390 420H418L424 484H384Z', '#141517'));
  // The label on the front of the cylinder, shaded with it.
  const lx = cx - 80;
  const ly = 505;
  art.add(rr(lx, ly, 160, 200, 6, '#f7f5ef'));
  art.add(text('FIRE', cx, ly + 16, { size: 26, color: red, anchor: 'middle', weight: 0.24 }));
  art.add(text('EXTINGUISHER', cx, ly + 52, { size: 11, color: '#1b1c1f', anchor: 'middle', weight: 0.22 }));
  art.add(poly([[cx - 60, ly + 112], [cx - 40, ly + 78], [cx - 20, ly + 112]], '#2e8b3a'), rr(cx - 15, ly + 78, 32, 32, 3, '#d32f2f'), circle(cx + 44, ly + 94, 17, '#1f5fae'));
  art.add(text('A', cx - 40, ly + 92, { size: 13, color: '#ffffff', anchor: 'middle', weight: 0.24 }), text('B', cx + 1, ly + 87, { size: 13, color: '#ffffff', anchor: 'middle', weight: 0.24 }), text('C', cx + 44, ly + 87, { size: 13, color: '#ffffff', anchor: 'middle', weight: 0.24 }));
  art.add(text('ABC', cx, ly + 128, { size: 24, color: '#1b1c1f', anchor: 'middle', weight: 0.24 }), text('2.5 LB', cx, ly + 164, { size: 18, color: red, anchor: 'middle', weight: 0.24 }));
  art.add(rr(cx - rx, 300, 2 * rx, 500, 0, art.linear(cx - rx, 0, cx + rx, 0, [[0, '#000000', 0.5], [0.3, '#ffffff', 0.12], [0.45, '#000000', 0], [1, '#000000', 0.55]]), art.clip(rrPath(lx, ly, 160, 200, 6))));
  // The bracket's straps round the cylinder, with their latches.
  for (const y of [440, 728]) {
    art.add(path(`M${cx - rx - 4} ${y}Q${cx} ${y + 50} ${cx + rx + 4} ${y}V${y + 24}Q${cx} ${y + 74} ${cx - rx - 4} ${y + 24}Z`, art.linear(0, y, 0, y + 60, [[0, '#34373c'], [1, '#111214']])));
    art.add(rr(cx + 50, y + 8, 44, 30, 6, art.linear(0, y + 8, 0, y + 38, [[0, '#eef1f3'], [1, '#7d848c']]), `transform="rotate(-14 ${cx + 72} ${y + 23})"`));
  }
}

// License holder --------------------------------------------------------------------------------

/** A TLC driver license card, 480 × 300, in its own units. */
function licenseCard(art: Art): string {
  let s = rr(0, 0, 480, 300, 18, art.linear(0, 0, 480, 300, [[0, '#ffffff'], [1, '#e9eef5']]));
  s += path('M18 0H462Q480 0 480 18V70H0V18Q0 0 18 0Z', '#1b2f6e');
  s += text('NYC TLC', 24, 18, { size: 18, color: '#f7b500', weight: 0.22 });
  s += text('DRIVER LICENSE', 456, 22, { size: 14, color: '#ffffff', weight: 0.2, anchor: 'end' });
  s += rr(0, 60, 480, 10, 0, '#f7b500');
  // Photo with a head-and-shoulders silhouette.
  s += rr(24, 92, 130, 170, 8, '#cfe0ef');
  s += `<g ${art.clip(rrPath(24, 92, 130, 170, 8))}>${circle(89, 158, 36, '#7d8fa3')}${path('M34 262Q36 206 89 202Q142 206 144 262Z', '#7d8fa3')}</g>`;
  s += text('LIC NO', 176, 98, { size: 11, color: '#6b7785', weight: 0.18 });
  s += text('5123456', 176, 116, { size: 26, color: '#1b1c1f', weight: 0.2 });
  s += text('NAME', 176, 160, { size: 11, color: '#6b7785', weight: 0.18 });
  s += text('A. KARIMOV', 176, 178, { size: 18, color: '#1b1c1f', weight: 0.2 });
  s += text('EXPIRES', 176, 216, { size: 11, color: '#6b7785', weight: 0.18 });
  s += text('12/2027', 176, 234, { size: 18, color: '#1b1c1f', weight: 0.2 });
  s += circle(430, 240, 28, 'none', 'stroke="#c7a33a" stroke-width="4" opacity="0.8"') + text('TLC', 430, 233, { size: 13, color: '#c7a33a', anchor: 'middle', weight: 0.22 });
  return s;
}

/** The clear holder with the card, 540 × 360, and its steel visor clip on top. */
function licenseHolderUnit(art: Art, clipUp = true): string {
  let s = '';
  if (clipUp) {
    const steel = art.linear(0, -74, 0, -20, [[0, '#e9ecef'], [0.45, '#8a929b'], [0.6, '#b9c0c7'], [1, '#5f666e']]);
    s += rr(110, -76, 320, 54, 22, steel, 'stroke="#5a6169" stroke-width="2.5"') + rr(130, -66, 280, 9, 4.5, '#ffffff', 'opacity="0.7"') + rr(200, -34, 140, 58, 10, '#1f2226') + rr(212, -26, 116, 8, 4, '#3b3e44');
  }
  s += rr(0, 0, 540, 360, 28, '#e6eef3', 'opacity="0.85" stroke="#ffffff" stroke-width="3"');
  s += group('translate(30 36)', licenseCard(art));
  s += rr(0, 0, 540, 360, 28, art.linear(0, 0, 540, 360, [[0, '#ffffff', 0.3], [0.4, '#ffffff', 0.05], [1, '#ffffff', 0.18]]));
  s += `<g ${art.clip(rrPath(0, 0, 540, 360, 28))}>${glare(60, -10, 70, 400, 120, 0.22)}${glare(190, -10, 24, 400, 120, 0.18)}</g>`;
  s += rr(0, 0, 540, 360, 28, 'none', 'stroke="#9fb3c2" stroke-width="4" opacity="0.8"');
  // The open top edge where the card slides in.
  s += rr(30, 18, 480, 6, 3, '#ffffff', 'opacity="0.7"');
  return s;
}

function licenseHolder(art: Art): void {
  studio(art, '#e9edf3', 620);
  const g = 'translate(330 300) rotate(-7)';
  dropShadow(art, group(g, rr(0, 0, 540, 360, 28, '#0b1018')), 8, 14, 18, 0.2);
  art.add(group(g, licenseHolderUnit(art)));
}

function licenseHolderVisor(art: Art): void {
  // Inside the car: the windshield behind, the sun visor pulled down, the holder clipped to it.
  art.add(`<rect width="${W}" height="${H}" fill="${art.linear(0, 0, 0, H, [[0, '#a9c9e4'], [0.6, '#e4eef3'], [1, '#b9b4a8']])}"/>`);
  art.add(`<g ${art.blur(6)}>${[[0, 520, 260, 300, '#8d9aa7'], [240, 470, 180, 360, '#a8998a'], [420, 540, 260, 300, '#9aa5b0'], [880, 500, 320, 330, '#8f8579']].map(([x, y, w, h, c]) => rr(x as number, y as number, w as number, h as number, 4, c as string)).join('')}${path('M0 760L520 640H700L1200 760V900H0Z', '#6d7074')}</g>`);
  art.add(path('M0 0H1200V120Q600 90 0 120Z', art.linear(0, 0, 0, 120, [[0, '#c9c3b8'], [1, '#aaa397']])));
  const visor = 'M60 60Q60 20 120 20H1080Q1140 20 1140 60V330Q1140 380 1080 384Q600 400 120 384Q60 380 60 330Z';
  dropShadow(art, path(visor, '#0b1018'), 0, 26, 24, 0.35);
  art.add(path(visor, art.linear(0, 20, 0, 390, [[0, '#d8d2c6'], [0.5, '#c9c2b4'], [1, '#aea693']])));
  art.add(stroke('M90 52Q90 44 126 44H1074Q1110 44 1110 52V326Q1110 358 1074 360Q600 372 126 360Q90 358 90 326Z', '#9d9582', 3, 'stroke-dasharray="10 8"'));
  art.add(rr(820, 130, 220, 150, 14, '#2c2e33'), rr(832, 142, 196, 126, 8, art.linear(0, 142, 0, 268, [[0, '#c8d4dc'], [1, '#7d8b95']])), rr(960, 100, 40, 30, 6, '#3a3c40'));
  const g = 'translate(250 170) rotate(-3) scale(0.95)';
  dropShadow(art, group(g, rr(0, -30, 540, 390, 28, '#0b1018')), 10, 18, 12, 0.4);
  art.add(group(g, licenseHolderUnit(art)));
}

// Phone mount and the navigation screen ---------------------------------------------------------

/** A street map with a route, for phone and tablet screens; drawn in a w × h box. */
function mapScreen(art: Art, w: number, h: number, seed: number, banner = true, statusBar = 0): string {
  const rand = prng(seed);
  let s = `<rect width="${w}" height="${h}" fill="#eef0ea"/>`;
  if (statusBar > 0) s += `<g transform="translate(0 ${statusBar})">`;
  s += path(`M${w * 0.62} ${h}Q${w * 0.78} ${h * 0.6} ${w} ${h * 0.55}V${h}Z`, '#aad3f0');
  s += rr(w * 0.08, h * 0.5, w * 0.3, h * 0.16, 6, '#cfe8c4');
  let roads = '';
  const step = Math.max(w, h) / 6;
  for (let i = -2; i < 10; i++) {
    const x = i * step + rand() * 20;
    roads += `M${f(x)} -20L${f(x + h * 0.35)} ${f(h + 20)}`;
    const y = i * step * 0.9 + rand() * 20;
    roads += `M-20 ${f(y)}L${f(w + 20)} ${f(y - w * 0.12)}`;
  }
  s += stroke(roads, '#d9dcd6', 16) + stroke(roads, '#ffffff', 11);
  s += stroke(`M${-20} ${f(h * 0.32)}L${w + 20} ${f(h * 0.32 - w * 0.12)}`, '#f4d58a', 18) + stroke(`M${-20} ${f(h * 0.32)}L${w + 20} ${f(h * 0.32 - w * 0.12)}`, '#fde7a7', 12);
  const route = `M${f(w * 0.48)} ${f(h * 0.92)}L${f(w * 0.4)} ${f(h * 0.62)}L${f(w * 0.66)} ${f(h * 0.56)}L${f(w * 0.58)} ${f(h * 0.24)}`;
  s += stroke(route, '#1b5fcf', 16) + stroke(route, '#4a8cf7', 9);
  s += circle(w * 0.58, h * 0.24, 14, '#d93025') + circle(w * 0.58, h * 0.24, 5, '#ffffff');
  s += circle(w * 0.48, h * 0.9, 18, '#ffffff') + circle(w * 0.48, h * 0.9, 13, '#1b5fcf') + path(`M${f(w * 0.48)} ${f(h * 0.9 - 8)}L${f(w * 0.48 + 7)} ${f(h * 0.9 + 7)}L${f(w * 0.48)} ${f(h * 0.9 + 3)}L${f(w * 0.48 - 7)} ${f(h * 0.9 + 7)}Z`, '#ffffff');
  if (banner) {
    const bh = Math.max(64, h * 0.13);
    s += rr(0, 0, w, bh, 0, '#0f7b4f');
    s += stroke(`M${f(bh * 0.35)} ${f(bh * 0.8)}V${f(bh * 0.42)}H${f(bh * 0.8)}`, '#ffffff', bh * 0.1) + path(`M${f(bh * 0.78)} ${f(bh * 0.28)}L${f(bh * 0.98)} ${f(bh * 0.42)}L${f(bh * 0.78)} ${f(bh * 0.56)}Z`, '#ffffff');
    s += text('500 FT', bh * 1.15, bh * 0.2, { size: bh * 0.28, color: '#ffffff', weight: 0.2 });
    s += text('W 34 ST', bh * 1.15, bh * 0.58, { size: bh * 0.2, color: '#d7f0e3', weight: 0.18 });
    s += rr(0, h - bh * 0.9 - statusBar, w, bh * 0.9, 0, '#ffffff');
    s += text('12 MIN', bh * 0.3, h - bh * 0.68 - statusBar, { size: bh * 0.26, color: '#0f7b4f', weight: 0.22 });
    s += text('3.2 MI', w - bh * 0.3, h - bh * 0.64 - statusBar, { size: bh * 0.2, color: '#5f6368', weight: 0.2, anchor: 'end' });
  }
  if (statusBar > 0) {
    s += '</g>' + `<rect width="${w}" height="${statusBar}" fill="#0f7b4f"/>`;
    s += text('9:41', 24, statusBar * 0.3, { size: statusBar * 0.36, color: '#ffffff', weight: 0.2 });
    s += rr(w - 56, statusBar * 0.32, 32, statusBar * 0.36, 4, 'none', 'stroke="#ffffff" stroke-width="2"') + rr(w - 53, statusBar * 0.32 + 3, 20, statusBar * 0.36 - 6, 2, '#ffffff');
  }
  return s;
}

/** A phone, portrait, w × h, showing the map. */
function phone(art: Art, w: number, h: number, seed: number): string {
  const r = w * 0.14;
  let s = rr(-4, -4, w + 8, h + 8, r + 4, art.linear(0, 0, w, 0, [[0, '#8a9098'], [0.5, '#3a3e44'], [1, '#7b828a']]));
  s += rr(0, 0, w, h, r, '#0e0f11');
  const sx = w * 0.05;
  s += `<g ${art.clip(rrPath(sx, sx, w - 2 * sx, h - 2 * sx, r * 0.8))}><g transform="translate(${f(sx)} ${f(sx)})">${mapScreen(art, w - 2 * sx, h - 2 * sx, seed, true, 40)}</g></g>`;
  s += rr(w / 2 - w * 0.14, sx + 8, w * 0.28, 16, 8, '#0e0f11');
  s += `<g ${art.clip(rrPath(0, 0, w, h, r))}>${glare(-20, 0, w * 0.4, h, w * 0.5, 0.08)}</g>`;
  return s;
}

/** The magnetic mount: suction base, arm and ball head (the head behind whatever is drawn next). */
function mountBase(art: Art, cx: number, cy: number, headX: number, headY: number): string {
  const dark = art.linear(cx - 160, 0, cx + 160, 0, [[0, '#111214'], [0.35, '#3d4046'], [1, '#141517']]);
  let s = ellipse(cx, cy + 8, 170, 50, '#0f1012') + ellipse(cx, cy, 164, 46, art.radial(cx - 40, cy - 20, 200, [[0, '#5a5e66'], [1, '#1a1b1e']]));
  s += path(`M${cx - 110} ${cy - 10}Q${cx} ${cy - 90} ${cx + 110} ${cy - 10}Q${cx} ${cy + 20} ${cx - 110} ${cy - 10}Z`, dark);
  s += rr(cx + 70, cy - 40, 90, 26, 12, '#26282c');
  s += stroke(`M${cx} ${cy - 50}Q${cx - 10} ${(cy + headY) / 2} ${headX} ${headY + 40}`, '#1b1c1f', 46);
  s += stroke(`M${cx - 12} ${cy - 60}Q${cx - 20} ${(cy + headY) / 2} ${headX - 14} ${headY + 50}`, '#4b4f56', 6);
  s += circle(headX, headY + 40, 34, art.radial(headX - 10, headY + 30, 40, [[0, '#5d6168'], [1, '#17181b']]));
  return s;
}

function phoneMount(art: Art): void {
  studio(art, '#eaeef2', 760);
  floorShadow(art, 560, 780, 240, 40, 0.45);
  art.add(mountBase(art, 560, 740, 600, 470));
  const g = 'translate(470 110) rotate(6)';
  dropShadow(art, group(g, rr(0, 0, 300, 600, 42, '#0b1018')), 24, 20, 20, 0.3);
  art.add(circle(600, 500, 84, '#1b1c1f'));
  art.add(group(g, phone(art, 300, 600, 7)));
}

function phoneMountParts(art: Art): void {
  studio(art, '#eaeef2', 760);
  floorShadow(art, 470, 780, 240, 40, 0.45);
  art.add(mountBase(art, 470, 740, 510, 380));
  // The round magnetic head, facing the camera.
  art.add(circle(510, 380, 110, art.linear(400, 270, 620, 490, [[0, '#4a4e55'], [1, '#111214']])));
  art.add(circle(510, 380, 92, art.radial(480, 350, 120, [[0, '#3b3e44'], [1, '#1a1b1e']])), circle(510, 380, 60, 'none', 'stroke="#55595f" stroke-width="3"'), circle(510, 380, 30, 'none', 'stroke="#55595f" stroke-width="3"'));
  art.add(`<g ${art.clip('M400 270H620V490H400Z')}>${glare(420, 260, 40, 240, 80, 0.1)}</g>`);
  // Two metal plates (one on its adhesive, one turned over) and the vent clip adapter.
  for (const [x, y, flip] of [[850, 560, false], [990, 650, true]] as const) {
    floorShadow(art, x + 8, y + 14, 96, 30, 0.35);
    art.add(ellipse(x, y, 90, 34, flip ? '#e9e9e4' : art.linear(x - 90, 0, x + 90, 0, [[0, '#9aa1a9'], [0.45, '#f2f4f6'], [1, '#8d949c']])));
    if (flip) art.add(ellipse(x, y, 78, 28, '#d94f3d'), text('PEEL', x, y - 8, { size: 16, color: '#ffffff', anchor: 'middle', weight: 0.22 }));
  }
  floorShadow(art, 860, 760, 90, 20, 0.35);
  art.add(rr(780, 700, 150, 50, 14, '#1d1e21'), rr(800, 730, 20, 40, 4, '#2c2e33'), rr(830, 730, 20, 40, 4, '#2c2e33'), rr(860, 730, 20, 40, 4, '#2c2e33'));
}

// Dash cam --------------------------------------------------------------------------------------

function dashCam(art: Art): void {
  studio(art, '#e8ebef', 700);
  floorShadow(art, 500, 690, 300, 40, 0.45);
  floorShadow(art, 900, 700, 120, 24, 0.4);
  const body = art.linear(360, 360, 720, 600, [[0, '#3c3f45'], [0.5, '#222428'], [1, '#131416']]);
  const side = art.linear(260, 300, 380, 600, [[0, '#4a4d53'], [1, '#0d0e10']]);
  // Adhesive mount on top.
  art.add(poly([[430, 330], [600, 330], [560, 290], [470, 290]], '#1a1b1e'), poly([[460, 292], [570, 292], [545, 262], [480, 262]], '#8f959c'));
  art.add(extruded(360, 360, 380, 230, 44, [-90, -50], side, body));
  art.add(rr(372, 372, 356, 30, 15, '#ffffff', 'opacity="0.08"'));
  // Lens.
  const lx = 500;
  const ly = 475;
  art.add(circle(lx, ly, 96, art.linear(lx - 96, ly - 96, lx + 96, ly + 96, [[0, '#e1e4e8'], [0.5, '#6b7178'], [1, '#2a2d31']])));
  art.add(circle(lx, ly, 80, '#0c0d0f'), circle(lx, ly, 62, art.radial(lx - 14, ly - 18, 80, [[0, '#3a3f7a'], [0.5, '#1a1d3f'], [1, '#07080f']])));
  art.add(circle(lx, ly, 38, '#05060a'), ellipse(lx - 24, ly - 26, 20, 12, '#ffffff', 'opacity="0.75" transform="rotate(-35 476 449)"'), path(`M${lx + 30} ${ly + 30}A42 42 0 0 0 ${lx + 44} ${ly - 4}`, 'none', 'stroke="#7be0c3" stroke-width="4" opacity="0.6"'));
  art.add(circle(626, 410, 8, '#e53935'), circle(626, 410, 14, '#e53935', 'opacity="0.25"'));
  art.add(text('1080P', 668, 520, { size: 20, color: '#e9ecef', anchor: 'middle', weight: 0.2 }), text('FULL HD', 668, 550, { size: 12, color: '#9aa0a7', anchor: 'middle', weight: 0.2 }));
  // Rear camera and its coiled cable.
  art.add(stroke('M760 560C820 640 700 700 780 720C860 740 900 650 960 700C1010 740 960 780 900 770', '#16171a', 10));
  art.add(ellipse(880, 760, 70, 20, 'none', 'stroke="#16171a" stroke-width="9"'), ellipse(890, 748, 66, 19, 'none', 'stroke="#222427" stroke-width="9"'));
  art.add(extruded(850, 570, 170, 110, 30, [-30, -20], '#0f1012', art.linear(850, 570, 1020, 680, [[0, '#34373c'], [1, '#151618']])));
  art.add(circle(910, 625, 36, art.linear(874, 589, 946, 661, [[0, '#d5d9dd'], [1, '#3a3d42']])), circle(910, 625, 27, art.radial(902, 616, 34, [[0, '#343a6e'], [1, '#05060a']])), circle(902, 616, 7, '#ffffff', 'opacity="0.7"'));
}

/** The view out of the windshield as the camera records it. */
function roadFootage(art: Art, w: number, h: number): string {
  const horizon = h * 0.46;
  let s = `<rect width="${w}" height="${h}" fill="${art.linear(0, 0, 0, horizon, [[0, '#8cb8df'], [1, '#dce9f1']])}"/>`;
  s += [[0.0, 0.18, 0.2], [0.14, 0.08, 0.12], [0.72, 0.12, 0.16], [0.85, 0.2, 0.15]].map(([x, t, bw], i) => rr(w * x!, horizon - h * t!, w * bw!, h * t!, 0, ['#9aa6b2', '#b4a48f', '#8f99a4', '#a99886'][i]!)).join('');
  s += path(`M0 ${f(horizon)}H${w}V${h}H0Z`, '#7c8086');
  s += path(`M${f(w * 0.46)} ${f(horizon)}H${f(w * 0.54)}L${f(w * 0.96)} ${h}H${f(w * 0.04)}Z`, '#5d6166');
  for (let i = 0; i < 4; i++) {
    const t0 = 0.05 + i * 0.26;
    const t1 = t0 + 0.12;
    const y0 = horizon + (h - horizon) * t0;
    const y1 = horizon + (h - horizon) * t1;
    s += poly([[w / 2 - 1 - 5 * t0, y0], [w / 2 + 1 + 5 * t0, y0], [w / 2 + 1 + 5 * t1, y1], [w / 2 - 1 - 5 * t1, y1]], '#f2f2ee');
  }
  s += rr(w * 0.53, horizon + 4, w * 0.16, h * 0.15, 6, '#f4b400') + rr(w * 0.545, horizon + 14, w * 0.13, h * 0.05, 3, '#2a2d31') + rr(w * 0.54, horizon + h * 0.1, 12, 6, 2, '#e53935') + rr(w * 0.67, horizon + h * 0.1, 12, 6, 2, '#e53935');
  s += rr(w * 0.3, horizon + 2, w * 0.11, h * 0.1, 5, '#2d3035') + rr(w * 0.305, horizon + h * 0.07, 8, 5, 2, '#e53935') + rr(w * 0.395, horizon + h * 0.07, 8, 5, 2, '#e53935');
  s += circle(w * 0.05, h * 0.08, h * 0.025, '#e53935') + text('REC', w * 0.08, h * 0.06, { size: h * 0.045, color: '#ffffff', weight: 0.2 });
  s += text('08:42:17', w * 0.96, h * 0.06, { size: h * 0.045, color: '#ffffff', weight: 0.2, anchor: 'end' });
  s += text('2025-06-14', w * 0.04, h * 0.9, { size: h * 0.04, color: '#ffffff', weight: 0.2 });
  s += text('28 MPH', w * 0.96, h * 0.9, { size: h * 0.04, color: '#ffffff', weight: 0.2, anchor: 'end' });
  return s;
}

function dashCamScreen(art: Art): void {
  studio(art, '#e8ebef', 720);
  floorShadow(art, 600, 730, 380, 40, 0.45);
  art.add(extruded(250, 220, 700, 460, 56, [40, -30], '#0d0e10', art.linear(250, 220, 950, 680, [[0, '#3b3e44'], [1, '#141517']])));
  art.add(rr(290, 260, 500, 320, 10, '#050506'));
  art.add(group('translate(300 270)', `<g ${art.clip('M0 0H480V300H0Z')}>${roadFootage(art, 480, 300)}</g>`));
  art.add(`<g ${art.clip('M290 260H790V580H290Z')}>${glare(320, 250, 120, 340, 140, 0.1)}</g>`);
  // Buttons: OK, menu, mode, and the protect-this-clip key.
  const icons = ['M-7 -9L9 0L-7 9Z', 'M-10 -7H10M-10 0H10M-10 7H10', 'M-9 -5L0 4L9 -5', 'M0 -10V10M-10 0H10'];
  icons.forEach((d, i) => {
    const y = 300 + i * 76;
    art.add(circle(862, y, 28, art.linear(834, y - 28, 890, y + 28, [[0, '#4a4e55'], [1, '#17181b']])), group(`translate(862 ${y})`, stroke(d, '#cfd3d8', 3)));
  });
  art.add(text('DUAL CAM', 540, 612, { size: 18, color: '#9aa0a7', anchor: 'middle', weight: 0.2, tracking: 0.3 }));
}

// Seat covers -----------------------------------------------------------------------------------

/** An affine map (screen = o + u·x + v·y) for drawing a flat part in its own units. */
interface Frame {
  o: P;
  u: P;
  v: P;
}
const frameMatrix = (m: Frame) => `matrix(${f(m.u[0])} ${f(m.u[1])} ${f(m.v[0])} ${f(m.v[1])} ${f(m.o[0])} ${f(m.o[1])})`;

/** A rounded slab: its face (w × h, radius r) drawn through the frame, its thickness along a screen vector. */
function slab(m: Frame, w: number, h: number, r: number, screenDepth: P, side: string, face: string, inner = ''): string {
  // The depth in the face's own units: solve u·a + v·b = screenDepth.
  const det = m.u[0] * m.v[1] - m.v[0] * m.u[1];
  const a = (screenDepth[0] * m.v[1] - m.v[0] * screenDepth[1]) / det;
  const b = (m.u[0] * screenDepth[1] - screenDepth[0] * m.u[1]) / det;
  return group(frameMatrix(m), extruded(0, 0, w, h, r, [a, b], side, face) + inner);
}

/** A front seat in a black cover, seen from the front left (about 330 × 720 units from the headrest top). */
function coveredSeat(art: Art, ox: number, oy: number): string {
  const cover = '#222428';
  const sideC = '#101113';
  const panel = art.linear(0, 0, 0, 430, [[0, '#3b3e44'], [1, '#2a2c31']]);
  const stitch = (d: string) => stroke(d, '#8c9199', 2.4, 'stroke-dasharray="7 6"');
  const channels = (x0: number, x1: number, y0: number, y1: number, step: number) => {
    let c = '';
    for (let y = y0 + step; y < y1 - 10; y += step) c += stroke(`M${x0 + 4} ${y}H${x1 - 4}`, '#17181b', 3.5) + stroke(`M${x0 + 4} ${y + 3.5}H${x1 - 4}`, '#4d5057', 1.5);
    return c;
  };
  const steel = art.linear(0, 0, 14, 0, [[0, '#80868d'], [0.4, '#eef1f3'], [1, '#6f757c']]);
  let s = '';
  // Headrest on its posts.
  const head: Frame = { o: [ox + 122, oy], u: [1, -0.06], v: [-0.05, 1] };
  s += group(frameMatrix(head), rr(40, 100, 13, 110, 5, steel) + rr(118, 96, 13, 110, 5, steel));
  s += slab(head, 180, 124, 44, [42, -6], sideC, art.linear(0, 0, 0, 124, [[0, '#3d4046'], [1, cover]]), stitch('M26 36H154') + rr(10, 8, 150, 14, 7, '#ffffff', 'opacity="0.06"'));
  // Backrest, reclined a little: bolsters, quilted center panel, piping, the airbag tag on the side seam.
  const back: Frame = { o: [ox + 90, oy + 170], u: [1, -0.06], v: [-0.1, 1] };
  s += slab(back, 250, 440, 64, [62, -8], sideC, art.linear(0, 0, 250, 440, [[0, '#35383d'], [0.5, cover], [1, '#17181b']]),
    rr(55, 30, 140, 380, 34, panel) + channels(55, 195, 30, 410, 48) + stitch('M55 50V390') + stitch('M195 50V390') + rr(52, 28, 4, 384, 2, '#5d6168') + rr(194, 28, 4, 384, 2, '#5d6168') + rr(12, 14, 120, 16, 8, '#ffffff', 'opacity="0.05"') +
    rr(246, 70, 16, 64, 3, '#d32f2f') + text('AIRBAG', 254, 78, { size: 7, color: '#ffffff', anchor: 'middle', weight: 0.24, extra: 'transform="rotate(90 254 102)"' }));
  // Cushion: its top seen from above, thickness below the front edge.
  const seat: Frame = { o: [ox + 50, oy + 585], u: [1, -0.06], v: [-0.52, 0.5] };
  s += slab(seat, 262, 250, 60, [0, 86], sideC, art.linear(0, 0, 0, 250, [[0, '#2c2e33'], [1, '#3c3f45']]),
    rr(58, 24, 146, 206, 34, art.linear(0, 24, 0, 230, [[0, '#2f3237'], [1, '#43464c']])) + [78, 128, 178].map((y) => stroke(`M62 ${y}H200`, '#17181b', 5) + stroke(`M62 ${y + 4}H200`, '#54575e', 1.6)).join('') + stitch('M58 40V214') + stitch('M204 40V214'));
  return s;
}

function seatCovers(art: Art): void {
  studio(art, '#ebeaee', 760);
  floorShadow(art, 790, 672, 250, 30, 0.4);
  floorShadow(art, 330, 806, 300, 38, 0.45);
  art.add(group('translate(500 8) scale(0.74)', coveredSeat(art, 200, 90)));
  art.add(group('translate(60 46) scale(0.84)', coveredSeat(art, 230, 110)));
}

function seatCoversRear(art: Art): void {
  studio(art, '#ebeaee', 760);
  floorShadow(art, 600, 800, 470, 46, 0.45);
  const cover = '#202226';
  const stitch = (d: string) => stroke(d, '#8c9199', 2.2, 'stroke-dasharray="7 6"');
  // Three headrests.
  for (const x of [250, 530, 810]) {
    art.add(rr(x + 40, 170, 12, 80, 5, '#c3c8ce'), rr(x + 108, 170, 12, 80, 5, '#c3c8ce'));
    art.add(extruded(x, 90, 160, 100, 36, [24, -10], '#111214', art.linear(0, 90, 0, 190, [[0, '#3a3d43'], [1, cover]])), stitch(`M${x + 22} 130H${x + 138}`));
  }
  // The bench back and the cushion.
  art.add(extruded(160, 230, 880, 330, 70, [40, -14], '#111214', art.linear(0, 230, 0, 560, [[0, '#34373c'], [1, '#19191c']])));
  for (const x of [220, 500, 780]) {
    art.add(rr(x, 260, 200, 270, 26, art.linear(0, 260, 0, 530, [[0, '#3c3f45'], [1, '#292b30']])));
    for (let y = 300; y < 520; y += 44) art.add(stroke(`M${x + 6} ${y}H${x + 194}`, '#1a1b1e', 3), stroke(`M${x + 6} ${y + 3}H${x + 194}`, '#4d5057', 1.5));
    art.add(stitch(`M${x} 280V510`), stitch(`M${x + 200} 280V510`));
  }
  art.add(path('M120 560H1080L1140 700Q1140 760 1080 760H120Q60 760 60 700Z', art.linear(0, 560, 0, 760, [[0, '#3a3d43'], [0.5, cover], [1, '#141517']])));
  art.add(path('M130 566H1070L1110 650H90Z', '#2c2f34'), stroke('M90 650H1110', '#121315', 4), stitch('M100 640H1100'));
  for (const x of [420, 780]) art.add(stroke(`M${x} 566L${x + (x - 600) * 0.12} 650`, '#141517', 4));
}

// Air freshener -----------------------------------------------------------------------------------

/** One vent clip seen from the front: a ring and the scented disc. */
function ventClip(art: Art, cx: number, cy: number, r: number, color: string): string {
  return (
    circle(cx, cy, r, art.linear(cx - r, cy - r, cx + r, cy + r, [[0, '#eef0f2'], [0.5, '#9aa1a9'], [1, '#5c6269']])) +
    circle(cx, cy, r * 0.8, art.radial(cx - r * 0.3, cy - r * 0.3, r, [[0, mix(color, '#ffffff', 0.45)], [1, color]])) +
    stroke(`M${f(cx - r * 0.5)} ${f(cy + r * 0.1)}Q${f(cx - r * 0.15)} ${f(cy - r * 0.35)} ${f(cx + r * 0.45)} ${f(cy - r * 0.2)}`, '#ffffff', r * 0.12, 'opacity="0.85"') +
    stroke(`M${f(cx - r * 0.35)} ${f(cy + r * 0.4)}Q${f(cx + r * 0.05)} ${f(cy + r * 0.05)} ${f(cx + r * 0.5)} ${f(cy + r * 0.2)}`, '#ffffff', r * 0.08, 'opacity="0.6"')
  );
}

function airFreshener(art: Art): void {
  studio(art, '#e8f1f0', 760);
  floorShadow(art, 600, 790, 300, 34, 0.4);
  // Shadow of the card leaning back, then the card.
  dropShadow(art, rr(400, 150, 410, 640, 26, '#0b1018'), 26, 6, 24, 0.16);
  const card = 'M414 130H786Q810 130 810 154V766Q810 790 786 790H414Q390 790 390 766V154Q390 130 414 130ZM560 160Q548 160 548 172Q548 184 560 184H640Q652 184 652 172Q652 160 640 160Z';
  art.add(path(card, art.linear(390, 130, 810, 790, [[0, '#14929a'], [1, '#0a5e66']]), 'fill-rule="evenodd"'));
  art.add(text('AIR', 600, 214, { size: 54, color: '#ffffff', anchor: 'middle', weight: 0.22, tracking: 0.2 }));
  art.add(text('FRESHENER', 600, 282, { size: 30, color: '#ffffff', anchor: 'middle', weight: 0.22, tracking: 0.16 }));
  art.add(text('VENT CLIPS', 600, 326, { size: 16, color: '#bfe9e6', anchor: 'middle', weight: 0.2, tracking: 0.3 }));
  art.add(circle(770, 176, 52, '#f7c948'), text('6', 770, 140, { size: 34, color: '#0a5e66', anchor: 'middle', weight: 0.24 }), text('PACK', 770, 186, { size: 17, color: '#0a5e66', anchor: 'middle', weight: 0.24 }));
  // The blister with six clips.
  art.add(rr(430, 360, 340, 330, 30, '#ffffff', 'opacity="0.22"'));
  const colors = ['#7cc7c0', '#a4d3a0', '#f2c6d3', '#7cc7c0', '#a4d3a0', '#f2c6d3'];
  colors.forEach((c, i) => art.add(ventClip(art, 520 + (i % 2) * 160, 420 + Math.floor(i / 2) * 104, 46, c)));
  art.add(`<g ${art.clip(rrPath(430, 360, 340, 330, 30))}>${glare(430, 350, 60, 360, 100, 0.3)}${glare(560, 350, 20, 360, 100, 0.2)}</g>`);
  art.add(rr(430, 360, 340, 330, 30, 'none', 'stroke="#ffffff" stroke-width="4" opacity="0.7"'));
  art.add(text('FRESH LINEN', 600, 712, { size: 22, color: '#ffffff', anchor: 'middle', weight: 0.22, tracking: 0.16 }));
  art.add(text('LASTS 30 DAYS EACH', 600, 748, { size: 13, color: '#bfe9e6', anchor: 'middle', weight: 0.2, tracking: 0.2 }));
  // A loose clip in front, lying on its back.
  floorShadow(art, 900, 780, 80, 20, 0.4);
  art.add(group('translate(900 760) scale(1 0.42)', ventClip(art, 0, 0, 70, '#7cc7c0')), rr(884, 722, 32, 34, 8, '#3a3d42'), rr(890, 716, 20, 12, 4, '#5a5e65'));
}

function airFreshenerVent(art: Art): void {
  art.add(`<rect width="${W}" height="${H}" fill="${art.linear(0, 0, 0, H, [[0, '#44474d'], [1, '#1d1e21']])}"/>`);
  art.add(`<rect width="${W}" height="200" fill="${art.linear(0, 0, 0, 200, [[0, '#a7c4dc'], [1, '#6a737d']])}"/>`, path('M0 170Q600 220 1200 170V260Q600 300 0 260Z', '#2f3136'));
  const bezel = rrPath(190, 300, 820, 420, 70);
  art.add(path(bezel, art.linear(0, 300, 0, 720, [[0, '#c6cbd1'], [0.5, '#7a8088'], [1, '#4a4e55']])));
  art.add(rr(214, 324, 772, 372, 56, '#0b0c0e'));
  for (let i = 0; i < 6; i++) {
    const y = 350 + i * 58;
    art.add(rr(230, y, 740, 34, 10, art.linear(0, y, 0, y + 34, [[0, '#5a5f66'], [0.35, '#33363b'], [1, '#16171a']])));
  }
  art.add(rr(560, 470, 80, 40, 10, '#8f959c'));
  // The clip: shadow on the louvres, then the disc.
  dropShadow(art, circle(630, 540, 150, '#000000'), 0, 0, 16, 0.6);
  art.add(ventClip(art, 600, 510, 150, '#7cc7c0'));
  art.add(`<g ${art.clip('M600 360A150 150 0 0 1 600 660A150 150 0 0 1 600 360Z')}>${glare(470, 350, 40, 320, 120, 0.15)}</g>`);
}

// E-ZPass holder ---------------------------------------------------------------------------------

/** The toll tag (420 × 250) in its black holder, in its own units. */
function ezpassUnit(art: Art): string {
  let s = rr(-26, -40, 472, 316, 26, '#18191b');
  s += rr(150, -62, 120, 30, 8, '#8f959c');
  s += rr(0, 0, 420, 250, 20, art.linear(0, 0, 420, 250, [[0, '#ffffff'], [1, '#e8e8ee']]));
  s += text('E-ZPASS', 210, 56, { size: 50, color: '#5b2b86', anchor: 'middle', weight: 0.24, tracking: 0.12 });
  s += stroke('M70 128Q210 98 350 124', '#5b2b86', 9);
  s += smallPrint(40, 160, [200, 160], 18, 7, '#c8c6d0');
  for (let i = 0; i < 24; i++) s += rr(260 + i * 5.6, 158, i % 3 === 0 ? 3.2 : 1.6, 52, 0, '#2a2a2e');
  s += text('0012 3456 7890', 210, 222, { size: 11, color: '#5f5a6b', anchor: 'middle', weight: 0.18 });
  // Clips holding the tag at top and bottom.
  s += rr(170, -40, 80, 56, 10, '#18191b') + rr(170, 234, 80, 42, 10, '#18191b');
  return s;
}

function ezpassHolder(art: Art): void {
  studio(art, '#ecebf2', 640);
  // A second holder behind, turned over: the adhesive strips with their red liners.
  const back = 'translate(640 210) rotate(10)';
  dropShadow(art, group(back, rr(-26, -40, 472, 316, 26, '#0b1018')), 8, 14, 18, 0.22);
  art.add(group(back, rr(-26, -40, 472, 316, 26, '#1d1e21') + rr(20, 10, 380, 70, 10, '#d94f3d') + rr(20, 170, 380, 70, 10, '#d94f3d') + text('PEEL', 210, 34, { size: 20, color: '#ffffff', anchor: 'middle', weight: 0.22 }) + text('PEEL', 210, 194, { size: 20, color: '#ffffff', anchor: 'middle', weight: 0.22 }) + rr(150, -62, 120, 30, 8, '#8f959c')));
  const front = 'translate(250 380) rotate(-6)';
  dropShadow(art, group(front, rr(-26, -40, 472, 316, 26, '#0b1018')), 10, 16, 20, 0.28);
  art.add(group(front, ezpassUnit(art)));
}

function ezpassWindshield(art: Art): void {
  // Looking up at the top of the windshield from the driver's seat.
  art.add(`<rect width="${W}" height="${H}" fill="${art.linear(0, 0, 0, H, [[0, '#7fb0da'], [0.7, '#cfe2ef'], [1, '#e9efe9']])}"/>`);
  art.add(`<g ${art.blur(8)}>${path('M0 620Q200 520 420 600T900 560T1200 600V900H0Z', '#6f8f62')}${path('M0 720H1200V900H0Z', '#8a8e93')}${rr(760, 430, 160, 300, 4, '#a59b8d')}</g>`);
  art.add(path('M0 0H1200V90Q600 60 0 90Z', '#b8b2a6'));
  // The dotted black band along the top of the glass.
  art.add(path('M0 86Q600 56 1200 86V150Q600 120 0 150Z', '#111214'));
  let dots = '';
  for (let row = 0; row < 5; row++) for (let x = 10; x < 1200; x += 22) dots += circle(x + (row % 2) * 11, 160 + row * 18 - ((x - 600) * (x - 600)) / 12000, 7 - row * 1.3, '#111214');
  art.add(dots);
  // Mirror mount, stem and mirror.
  art.add(rr(520, 110, 160, 120, 20, '#1b1c1f'), rr(585, 220, 30, 90, 10, '#222428'));
  art.add(rr(330, 290, 540, 150, 60, art.linear(0, 290, 0, 440, [[0, '#3a3c41'], [1, '#141517']])), rr(350, 306, 500, 118, 50, art.linear(350, 306, 850, 424, [[0, '#b8c8d6'], [0.5, '#8aa0b2'], [1, '#5d7082']])));
  art.add(`<g ${art.clip(rrPath(350, 306, 500, 118, 50))}>${glare(400, 300, 60, 130, 60, 0.25)}</g>`);
  // The tag in its holder, just right of the mount.
  art.add(group('translate(720 96) scale(0.42) rotate(0)', ezpassUnit(art)));
}

// Car charger -----------------------------------------------------------------------------------

/** The charger's face, frontal, radius r: LED ring, the two ports, a 45W mark. */
function chargerFace(art: Art, r: number, glow: boolean): string {
  let s = '';
  if (glow) for (let i = 4; i >= 1; i--) s += circle(0, 0, r * 1.02, 'none', `stroke="#2ea8ff" stroke-width="${f(r * 0.06 * i)}" opacity="0.16"`);
  s += circle(0, 0, r, art.linear(-r, -r, r, r, [[0, '#6a7078'], [1, '#1b1c1f']]));
  s += circle(0, 0, r * 0.9, 'none', `stroke="#41b6ff" stroke-width="${f(r * 0.06)}"`);
  s += circle(0, 0, r * 0.84, art.radial(-r * 0.3, -r * 0.3, r * 1.2, [[0, '#34373c'], [1, '#101113']]));
  s += rr(-r * 0.34, -r * 0.5, r * 0.68, r * 0.24, r * 0.12, '#050506') + rr(-r * 0.22, -r * 0.42, r * 0.44, r * 0.08, r * 0.04, '#5d636b');
  s += rr(-r * 0.4, r * 0.06, r * 0.8, r * 0.3, 3, '#050506') + rr(-r * 0.34, r * 0.1, r * 0.68, r * 0.1, 2, '#1f6fe0');
  s += text('C', -r * 0.58, -r * 0.47, { size: r * 0.14, color: '#9aa0a7', anchor: 'middle', weight: 0.2 });
  s += text('45W', 0, r * 0.5, { size: r * 0.13, color: '#cfd3d8', anchor: 'middle', weight: 0.2 });
  return s;
}

function carCharger(art: Art): void {
  studio(art, '#eaedf1', 720);
  floorShadow(art, 560, 700, 330, 44, 0.45);
  // The charger lying on its side, its face towards the camera.
  const body = art.linear(0, -80, 0, 80, [[0, '#2b2e33'], [0.25, '#9aa1aa'], [0.4, '#5d636b'], [1, '#1b1d20']]);
  const g = 'translate(600 520) rotate(-14)';
  let s = '';
  s += rr(-330, -52, 90, 104, 12, art.linear(0, -52, 0, 52, [[0, '#26282c'], [0.3, '#5a5f66'], [1, '#111214']]));
  s += ellipse(-340, 0, 16, 52, '#1b1c1f') + circle(-352, 0, 16, art.linear(-368, -16, -336, 16, [[0, '#ffffff'], [1, '#8f959c']]));
  s += rr(-300, -64, 44, 16, 6, '#c9ced3') + rr(-300, 48, 44, 16, 6, '#c9ced3');
  s += path('M-250 -80H140V80H-250Z', body);
  s += stroke('M-250 -80H140', '#c8cdd3', 2, 'opacity="0.5"');
  s += text('45W', -60, -30, { size: 34, color: '#e7eaee', anchor: 'middle', weight: 0.22 });
  s += text('PD FAST', -60, 20, { size: 16, color: '#b9bfc6', anchor: 'middle', weight: 0.2, tracking: 0.2 });
  s += ellipse(-250, 0, 26, 80, '#1d1f22');
  s += group('translate(140 0) scale(0.42 1)', chargerFace(art, 80, false));
  art.add(group(g, s));
  // The same charger standing on its end, face up, behind.
  floorShadow(art, 930, 600, 110, 28, 0.4);
  art.add(cylinder(art, 930, 380, 590, 78, 30, '#5d636b', '#1b1c1f', 0.9));
  art.add(group('translate(930 380) scale(1 0.38)', chargerFace(art, 78, true)));
}

function carChargerSocket(art: Art): void {
  // The console: a dark panel with the 12 V socket and the charger in it, cables plugged in.
  art.add(`<rect width="${W}" height="${H}" fill="${art.linear(0, 0, W, H, [[0, '#3b3e44'], [1, '#17181b']])}"/>`);
  art.add(rr(120, 120, 960, 660, 60, art.linear(0, 120, 0, 780, [[0, '#2e3035'], [1, '#1c1d20']]), 'stroke="#474a50" stroke-width="4"'));
  art.add(ellipse(900, 260, 120, 80, '#0f1012'), ellipse(900, 250, 110, 70, art.radial(880, 230, 120, [[0, '#2b2d31'], [1, '#0a0b0c']])));
  art.add(circle(520, 430, 190, art.linear(330, 240, 710, 620, [[0, '#d9dde2'], [0.5, '#7d848c'], [1, '#3a3e44']])), circle(520, 430, 170, '#0b0c0d'));
  art.add(group('translate(520 430)', chargerFace(art, 150, true)));
  // A white USB-C cable and a black USB-A cable leaving downwards.
  art.add(stroke('M520 382Q520 520 420 620T300 900', '#e9ecef', 24), rr(488, 330, 64, 110, 18, '#f3f5f7'), rr(500, 340, 40, 36, 8, '#d5d9de'));
  art.add(stroke('M520 488Q560 640 700 720T860 900', '#141517', 26), rr(470, 454, 100, 64, 12, '#202226'), rr(484, 466, 72, 40, 8, '#2c2e33'));
}

// Tablet holder ---------------------------------------------------------------------------------

function tabletHolder(art: Art): void {
  studio(art, '#e9ecf1', 800);
  const leather = art.linear(0, 0, W, 0, [[0, '#1a1b1e'], [0.3, '#3a3c41'], [0.7, '#2e3035'], [1, '#18191c']]);
  // The seat back's top and the headrest on two posts.
  art.add(path('M170 900V700Q170 600 300 590H900Q1030 600 1030 700V900Z', leather), stroke('M260 650H940', '#55585e', 3, 'stroke-dasharray="8 8"'));
  art.add(rr(470, 330, 18, 270, 7, art.linear(470, 0, 488, 0, [[0, '#80868d'], [0.4, '#eef1f3'], [1, '#6f757c']])), rr(712, 330, 18, 270, 7, art.linear(712, 0, 730, 0, [[0, '#80868d'], [0.4, '#eef1f3'], [1, '#6f757c']])));
  art.add(extruded(380, 110, 440, 240, 80, [0, -14], '#111214', art.linear(0, 110, 0, 350, [[0, '#3d4046'], [1, '#1d1e21']])), stroke('M430 160H770', '#55585e', 3, 'stroke-dasharray="8 8"'));
  // The clamp bar on the posts and the arm.
  art.add(rr(420, 400, 360, 44, 14, art.linear(0, 400, 0, 444, [[0, '#3a3d42'], [1, '#121315']])));
  for (const x of [479, 721]) art.add(circle(x, 422, 30, '#1b1c1f'), circle(x, 422, 18, '#3b3e44'));
  art.add(rr(585, 430, 30, 60, 8, '#1b1c1f'), circle(600, 500, 24, '#26282c'));
  // The tablet in its cradle, with the trip on screen.
  dropShadow(art, rr(330, 460, 540, 360, 30, '#0b1018'), 10, 20, 18, 0.4);
  art.add(rr(318, 452, 564, 376, 34, '#17181b'), rr(330, 464, 540, 352, 28, '#0e0f11'));
  art.add(group('translate(350 484)', `<g ${art.clip('M0 0H500V312H0Z')}>${mapScreen(art, 500, 312, 11, false)}${rr(320, 0, 180, 312, 0, '#ffffff', 'opacity="0.94"')}${text('YOUR TRIP', 410, 24, { size: 15, color: '#1b1c1f', anchor: 'middle', weight: 0.22 })}${text('ETA', 340, 70, { size: 11, color: '#6b7785', weight: 0.2 })}${text('12 MIN', 340, 88, { size: 22, color: '#0f7b4f', weight: 0.22 })}${text('FARE', 340, 140, { size: 11, color: '#6b7785', weight: 0.2 })}${text('$23.50', 340, 158, { size: 22, color: '#1b1c1f', weight: 0.22 })}${rr(340, 240, 140, 44, 10, '#f7b500')}${text('PAY', 410, 255, { size: 16, color: '#1b1c1f', anchor: 'middle', weight: 0.24 })}</g>`));
  art.add(`<g ${art.clip('M350 484H850V796H350Z')}>${glare(380, 470, 80, 340, 140, 0.08)}</g>`);
  art.add(rr(300, 560, 40, 160, 12, '#1b1c1f'), rr(860, 560, 40, 160, 12, '#1b1c1f'));
}
