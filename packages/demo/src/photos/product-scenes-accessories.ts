import { type Art, circle, cylinder, dropShadow, ellipse, extruded, f, floorShadow, glare, group, mix, type P, path, rr, rrPath, stroke, studio } from './product-art';
import { smallPrint, text } from './product-lettering';
import { H, W } from './product-photo-options';
import { mapScreen } from './product-scenes-devices';

// Product scenes: accessories (seat covers, air freshener, E-ZPass holder, car charger, tablet holder).

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

export function seatCovers(art: Art): void {
  studio(art, '#ebeaee', 760);
  floorShadow(art, 790, 672, 250, 30, 0.4);
  floorShadow(art, 330, 806, 300, 38, 0.45);
  art.add(group('translate(500 8) scale(0.74)', coveredSeat(art, 200, 90)));
  art.add(group('translate(60 46) scale(0.84)', coveredSeat(art, 230, 110)));
}

export function seatCoversRear(art: Art): void {
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

export function airFreshener(art: Art): void {
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

export function airFreshenerVent(art: Art): void {
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

export function ezpassHolder(art: Art): void {
  studio(art, '#ecebf2', 640);
  // A second holder behind, turned over: the adhesive strips with their red liners.
  const back = 'translate(640 210) rotate(10)';
  dropShadow(art, group(back, rr(-26, -40, 472, 316, 26, '#0b1018')), 8, 14, 18, 0.22);
  art.add(group(back, rr(-26, -40, 472, 316, 26, '#1d1e21') + rr(20, 10, 380, 70, 10, '#d94f3d') + rr(20, 170, 380, 70, 10, '#d94f3d') + text('PEEL', 210, 34, { size: 20, color: '#ffffff', anchor: 'middle', weight: 0.22 }) + text('PEEL', 210, 194, { size: 20, color: '#ffffff', anchor: 'middle', weight: 0.22 }) + rr(150, -62, 120, 30, 8, '#8f959c')));
  const front = 'translate(250 380) rotate(-6)';
  dropShadow(art, group(front, rr(-26, -40, 472, 316, 26, '#0b1018')), 10, 16, 20, 0.28);
  art.add(group(front, ezpassUnit(art)));
}

export function ezpassWindshield(art: Art): void {
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

export function carCharger(art: Art): void {
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

export function carChargerSocket(art: Art): void {
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

export function tabletHolder(art: Art): void {
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
