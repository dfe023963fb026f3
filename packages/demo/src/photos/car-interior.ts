import { horizonY, lookAt } from './car-camera';
import { fmt, mix, Rng, shade, type V3 } from './car-geometry';
import { type Ctx, gradient, paletteFor, quad3 } from './car-lighting';
import { H, W } from './car-photo-options';
import { BUILDING_COLORS, clouds, type SceneInfo, skyRect, tree } from './car-street-scene';

// ---------------------------------------------------------------------------------------------
// Interior (dashboard) view

export function interiorScene(ctx: Ctx, rng: Rng, scene: SceneInfo, paint: string, taxi: boolean): void {
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
