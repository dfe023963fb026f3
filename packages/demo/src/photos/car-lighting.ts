import { type Camera, centroid3, depthOf, NEAR, projectPoly } from './car-camera';
import { add, dot, fmt, mixRgb, mulRgb, norm, pathOf, polygon, type RGB, type Rng, scale3, toHex, type V3 } from './car-geometry';

// ---------------------------------------------------------------------------------------------
// Lighting and scenes

export type TimeOfDay = 'day' | 'dusk' | 'night';
export type SceneKind = 'street' | 'lot' | 'garage';

export interface Light {
  dir: V3;
  ambient: number;
  diffuse: number;
  tint: RGB;
  /** Color reflected by upward faces. */
  sky: RGB;
  reflect: number;
  night: boolean;
}

export interface Palette {
  skyStops: [number, string][];
  ground: string;
  groundFar: string;
  sidewalk: string;
  curb: string;
  line: string;
  dim: number;
}

export function paletteFor(tod: TimeOfDay, rng: Rng): Palette {
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

export function lightFor(tod: TimeOfDay, scene: SceneKind, camDir: V3, rng: Rng): Light {
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

export function shadeFace(paint: RGB, n: V3, light: Light): string {
  const diffuse = Math.max(0, dot(n, light.dir));
  // Ambient, sun, and a sky/ground term: faces turned up are lighter, faces turned down darker.
  let c = mulRgb(paint, light.ambient + light.diffuse * diffuse + 0.14 * n[2]);
  c = [(c[0] * light.tint[0]) / 255, (c[1] * light.tint[1]) / 255, (c[2] * light.tint[2]) / 255];
  if (n[2] > 0) c = mixRgb(c, light.sky, light.reflect * n[2] * n[2]);
  if (n[2] < -0.05) c = mulRgb(c, 0.78);
  return toHex(c);
}

export interface Ctx {
  cam: Camera;
  out: string[];
  defs: string[];
  ids: number;
}

export function gradient(ctx: Ctx, x1: number, y1: number, x2: number, y2: number, stops: readonly [number, string, number?][]): string {
  const id = `g${ctx.ids++}`;
  const s = stops
    .map(([o, c, a]) => `<stop offset="${o}" stop-color="${c}"${a === undefined ? '' : ` stop-opacity="${a}"`}/>`)
    .join('');
  ctx.defs.push(
    `<linearGradient id="${id}" gradientUnits="userSpaceOnUse" x1="${fmt(x1)}" y1="${fmt(y1)}" x2="${fmt(x2)}" y2="${fmt(y2)}">${s}</linearGradient>`,
  );
  return `url(#${id})`;
}

export function radial(ctx: Ctx, cx: number, cy: number, r: number, stops: readonly [number, string, number?][]): string {
  const id = `g${ctx.ids++}`;
  const s = stops
    .map(([o, c, a]) => `<stop offset="${o}" stop-color="${c}"${a === undefined ? '' : ` stop-opacity="${a}"`}/>`)
    .join('');
  ctx.defs.push(
    `<radialGradient id="${id}" gradientUnits="userSpaceOnUse" cx="${fmt(cx)}" cy="${fmt(cy)}" r="${fmt(r)}">${s}</radialGradient>`,
  );
  return `url(#${id})`;
}

export function quad3(ctx: Ctx, pts: V3[], fill: string, extra = ''): void {
  ctx.out.push(polygon(projectPoly(ctx.cam, pts), fill, extra));
}

export function line3(ctx: Ctx, a: V3, b: V3, stroke: string, widthM: number, extra = ''): void {
  const pts = projectPoly(ctx.cam, [a, b, b]);
  if (pts.length < 2) return;
  const depth = Math.max(NEAR, depthOf(ctx.cam, centroid3([a, b])));
  const w = Math.max(0.6, (widthM * ctx.cam.focal) / depth);
  ctx.out.push(`<path d="${pathOf(pts.slice(0, 2), false)}" stroke="${stroke}" stroke-width="${fmt(w)}"${extra}/>`);
}
