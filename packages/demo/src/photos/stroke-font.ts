// A stroke alphabet (capitals, digits, a little punctuation) on a 4 × 6 grid, y down: lettering
// for generated pictures without system fonts. Shared by the car/plate photos and the product photos.

const f = (n: number): string => String(Math.round(n * 10) / 10);

export const STROKE_GLYPHS: Record<string, string> = {
  $: 'M3.8 1Q3.4 0.3 2 0.3Q0.2 0.3 0.2 1.7Q0.2 2.8 2 3Q3.9 3.2 3.9 4.4Q3.9 5.7 2 5.7Q0.5 5.7 0.1 4.9M2 -0.4V6.4',
  '0': 'M2 0Q0 0 0 3Q0 6 2 6Q4 6 4 3Q4 0 2 0Z',
  '1': 'M0.8 1.3L2.4 0V6M0.9 6H3.9',
  '2': 'M0.2 1.2Q0.6 0 2 0Q3.8 0 3.8 1.7Q3.8 2.9 2.4 3.9L0 6H4',
  '3': 'M0.3 0.6Q1 0 2 0Q3.8 0 3.8 1.5Q3.8 2.8 2 2.8Q4 2.8 4 4.4Q4 6 2 6Q0.7 6 0 5.2',
  '4': 'M3 6V0L0 4.2H4',
  '5': 'M3.8 0H0.5L0.2 2.8Q0.9 2.3 2 2.3Q4 2.3 4 4.2Q4 6 2 6Q0.5 6 0 5',
  '6': 'M3.7 0.6Q3.2 0 2 0Q0 0 0 3V4.2Q0 6 2 6Q4 6 4 4.1Q4 2.4 2 2.4Q0.6 2.4 0 3.4',
  '7': 'M0 0H4L1.6 6',
  '8': 'M2 2.8Q0.2 2.8 0.2 1.4Q0.2 0 2 0Q3.8 0 3.8 1.4Q3.8 2.8 2 2.8Q0 2.8 0 4.4Q0 6 2 6Q4 6 4 4.4Q4 2.8 2 2.8Z',
  '9': 'M0.3 5.4Q0.8 6 2 6Q4 6 4 3V1.8Q4 0 2 0Q0 0 0 1.9Q0 3.6 2 3.6Q3.4 3.6 4 2.6',
  A: 'M0 6L2 0L4 6M0.7 4H3.3',
  B: 'M0 3H2.4Q4 3 4 4.5Q4 6 2.4 6H0V0H2.2Q3.7 0 3.7 1.5Q3.7 3 2.2 3',
  C: 'M4 1Q3.6 0 2.1 0Q0 0 0 3Q0 6 2.1 6Q3.6 6 4 5',
  D: 'M0 0V6H1.8Q4 6 4 3Q4 0 1.8 0Z',
  E: 'M4 0H0V6H4M0 2.9H3',
  F: 'M4 0H0V6M0 2.9H3',
  G: 'M4 1Q3.6 0 2.1 0Q0 0 0 3Q0 6 2.1 6Q4 6 4 4.2V3.3H2.2',
  H: 'M0 0V6M4 0V6M0 2.9H4',
  I: 'M2 0V6',
  J: 'M3.6 0V4.3Q3.6 6 1.8 6Q0.2 6 0 4.6',
  K: 'M0 0V6M4 0L0 3.8M1.4 2.5L4 6',
  L: 'M0 0V6H4',
  M: 'M0 6V0L2 4L4 0V6',
  N: 'M0 6V0L4 6V0',
  O: 'M2 0Q0 0 0 3Q0 6 2 6Q4 6 4 3Q4 0 2 0Z',
  P: 'M0 6V0H2.3Q4 0 4 1.65Q4 3.3 2.3 3.3H0',
  Q: 'M2 0Q0 0 0 3Q0 6 2 6Q4 6 4 3Q4 0 2 0ZM2.5 4.4L4 6.2',
  R: 'M0 6V0H2.3Q4 0 4 1.65Q4 3.3 2.3 3.3H0M2.2 3.3L4 6',
  S: 'M3.9 0.9Q3.4 0 2 0Q0.1 0 0.1 1.6Q0.1 2.8 2 3Q4 3.2 4 4.5Q4 6 2 6Q0.4 6 0 5',
  T: 'M0 0H4M2 0V6',
  U: 'M0 0V4.2Q0 6 2 6Q4 6 4 4.2V0',
  V: 'M0 0L2 6L4 0',
  W: 'M0 0L0.9 6L2 2L3.1 6L4 0',
  X: 'M0 0L4 6M4 0L0 6',
  Y: 'M0 0L2 3.2L4 0M2 3.2V6',
  Z: 'M0 0H4L0 6H4',
  '&': 'M4 6L1.1 2.2Q0.5 1.4 0.8 0.7Q1.1 0 2 0Q2.9 0 3 0.8Q3.1 1.7 1.6 2.6Q0 3.6 0 4.6Q0 6 1.8 6Q3.1 6 4 4.1',
  '-': 'M0.8 3.2H3.2',
  '.': 'M2 5.9V6',
  ',': 'M2.1 5.5L1.6 6.8',
  ':': 'M2 1.7V1.8M2 5.9V6',
  '/': 'M3.6 0L0.4 6',
  '+': 'M2 1.4V4.8M0.3 3.1H3.7',
  '"': 'M1.3 0V1.6M2.7 0V1.6',
  '·': 'M2 3.1V3.2',
  '%': 'M0.2 6L3.8 0M1 0.2Q0.2 0.2 0.2 1.2Q0.2 2.2 1 2.2Q1.8 2.2 1.8 1.2Q1.8 0.2 1 0.2ZM3 3.8Q2.2 3.8 2.2 4.8Q2.2 5.8 3 5.8Q3.8 5.8 3.8 4.8Q3.8 3.8 3 3.8Z',
};

/** Rewrites a glyph path into page coordinates (absolute M/L/H/V/Q commands only). */
export function glyphPath(d: string, ox: number, oy: number, sx: number, sy: number): string {
  let out = '';
  const tokens = d.match(/[MLHVQZ]|-?\d*\.?\d+/g) ?? [];
  let cmd = '';
  let axis = 0;
  for (const tok of tokens) {
    if (/[MLHVQZ]/.test(tok)) {
      cmd = tok;
      axis = 0;
      out += tok;
      continue;
    }
    const value = Number(tok);
    let isX: boolean;
    if (cmd === 'H') isX = true;
    else if (cmd === 'V') isX = false;
    else isX = axis++ % 2 === 0;
    out += (out.endsWith(cmd) ? '' : ' ') + f(isX ? ox + value * sx : oy + value * sy);
  }
  return out;
}
