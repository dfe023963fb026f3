import { type Art, circle, cylinder, dropShadow, ellipse, extruded, f, floorShadow, glare, group, mix, type P, path, poly, polyPath, rr, rrPath, shade, stroke, studio, View } from './product-art';
import { smallPrint, text } from './product-lettering';
import { H, W } from './product-photo-options';

// Product scenes: the safety gear and paperwork a TLC car carries (partition, trip record book,
// first-aid kit, fire extinguisher, license holder).

// Partition -----------------------------------------------------------------------------------

/** The clear panel's outline in its own units (740 × 470), arched along the roof line. */
const PANEL = 'M0 470V120Q6 34 110 22Q370 -4 630 22Q734 34 740 120V470Z';

export function partitionStudio(art: Art): void {
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

export function partitionInstalled(art: Art): void {
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

export function tripBook(art: Art): void {
  studio(art, '#efe9df', 600);
  // A second book behind, as they come in a pack.
  bookBlock(art, new View([330, 430], 10, 52, 0.95), 520, 380, 30, '#21385e', false);
  bookBlock(art, new View([250, 600], 24, 52), 520, 380, 32, '#1f4d3a', true);
  pen(art, 790, 720, -18, 330, '#1d4fa3');
}

export function tripBookOpen(art: Art): void {
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

export function firstAidKit(art: Art): void {
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

export function firstAidKitOpen(art: Art): void {
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

export function fireExtinguisher(art: Art): void {
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

export function licenseHolder(art: Art): void {
  studio(art, '#e9edf3', 620);
  const g = 'translate(330 300) rotate(-7)';
  dropShadow(art, group(g, rr(0, 0, 540, 360, 28, '#0b1018')), 8, 14, 18, 0.2);
  art.add(group(g, licenseHolderUnit(art)));
}

export function licenseHolderVisor(art: Art): void {
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
