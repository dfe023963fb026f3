import { depthOf, NEAR, project, projectPoly } from './car-camera';
import { clamp, clipConvex, fmt, lerp, luminance, mixRgb, mulRgb, type P2, parseHex, polygon, rect2, type Rng, toHex, type V3 } from './car-geometry';
import { type Ctx, gradient, type Light, radial, shadeFace } from './car-lighting';
import type { CarModel } from './car-model';
import { CarRenderer } from './car-renderer';

// ---------------------------------------------------------------------------------------------
// The car: body, glass, lights, wheels and trim

export interface CarLook {
  rim: 'silver' | 'dark' | 'cover';
  spokes: number;
  sunroof: boolean;
  taxi: boolean;
  lightsOn: boolean;
}

export function drawCar(ctx: Ctx, model: CarModel, paintHex: string, light: Light, look: CarLook, rng: Rng): void {
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
