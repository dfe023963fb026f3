import { glyphPath, STROKE_GLYPHS } from './stroke-font';
import { attrs, f, rr } from './product-art';

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
export function text(str: string, x: number, y: number, s: TextStyle): string {
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

/** Lines of gray "small print" (too small to read in a photo anyway). */
export function smallPrint(x: number, y: number, widths: readonly number[], gap: number, h: number, color: string, opacity = 1): string {
  return widths.map((w, i) => rr(x, y + i * gap, w, h, h / 2, color, `opacity="${f(opacity)}"`)).join('');
}
