import { depthOf, horizonY, NEAR, project } from './car-camera';
import { add, fmt, mix, type Rng, shade, type V3 } from './car-geometry';
import { type Ctx, gradient, line3, type Palette, paletteFor, quad3, radial, type SceneKind, type TimeOfDay } from './car-lighting';
import type { CarModel } from './car-model';
import { H, W } from './car-photo-options';

// ---------------------------------------------------------------------------------------------
// Scenes behind the car: sky, street facades, parking lot, garage

export function skyRect(ctx: Ctx, pal: Palette, horizon: number): void {
  const top = Math.min(horizon - 700, -10);
  const fill = gradient(ctx, 0, top, 0, horizon, pal.skyStops);
  ctx.out.push(`<rect width="${W}" height="${H}" fill="${fill}"/>`);
}

export function clouds(ctx: Ctx, rng: Rng, horizon: number, tod: TimeOfDay): void {
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

export const BUILDING_COLORS = ['#8b4a3a', '#9c5b45', '#7a3f33', '#b08566', '#c8b79c', '#6f6a64', '#a39e94', '#8f7d6b', '#5f4a42'];
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

export function tree(ctx: Ctx, rng: Rng, at: V3, pal: Palette): void {
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

export interface SceneInfo {
  kind: SceneKind;
  tod: TimeOfDay;
}

/** Draws everything behind the car. The car stands at x ∈ [0, L], y ∈ [-hw, hw]; the camera is at y > 0. */
export function drawScene(ctx: Ctx, scene: SceneInfo, rng: Rng, car: CarModel): Palette {
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
