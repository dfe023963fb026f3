import { glyphPath, STROKE_GLYPHS } from './stroke-font';
import { lookAt } from './car-camera';
import { fmt, luminance, mergeRuns, mix, parseHex, Rng, shade } from './car-geometry';
import { type Ctx, gradient } from './car-lighting';
import { CAR_COLORS, H, type PlatePhotoOptions, W } from './car-photo-options';
import { svgDoc } from './car-photo-svg';

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

export function plateSvg(opts: PlatePhotoOptions): string {
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
