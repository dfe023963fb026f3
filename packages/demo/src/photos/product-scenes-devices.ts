import { type Art, circle, dropShadow, ellipse, extruded, f, floorShadow, glare, group, path, poly, rr, rrPath, stroke, studio } from './product-art';
import { prng } from '../prng';
import { text } from './product-lettering';

// Product scenes: the devices on the dashboard (phone mount with navigation, dash cam).

// Phone mount and the navigation screen ---------------------------------------------------------

/** A street map with a route, for phone and tablet screens; drawn in a w × h box. */
export function mapScreen(art: Art, w: number, h: number, seed: number, banner = true, statusBar = 0): string {
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

export function phoneMount(art: Art): void {
  studio(art, '#eaeef2', 760);
  floorShadow(art, 560, 780, 240, 40, 0.45);
  art.add(mountBase(art, 560, 740, 600, 470));
  const g = 'translate(470 110) rotate(6)';
  dropShadow(art, group(g, rr(0, 0, 300, 600, 42, '#0b1018')), 24, 20, 20, 0.3);
  art.add(circle(600, 500, 84, '#1b1c1f'));
  art.add(group(g, phone(art, 300, 600, 7)));
}

export function phoneMountParts(art: Art): void {
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

export function dashCam(art: Art): void {
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

export function dashCamScreen(art: Art): void {
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
