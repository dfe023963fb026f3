import { centroid3, depthOf, NEAR, normalOf, project, projectPoly } from './car-camera';
import { densify, dot, fmt, grow, hull, lerp, type P2, parseHex, pathOf, polygon, type RGB, shade, sub, type V3 } from './car-geometry';
import { type Ctx, type Light, shadeFace } from './car-lighting';
import { type BodyFace, type CarModel, type DrawItem, type Surface, SURFACE_SEGMENTS } from './car-model';

// ---------------------------------------------------------------------------------------------
// The car body drawn as depth-sorted faces

export class CarRenderer {
  readonly items: DrawItem[] = [];
  private readonly faces: BodyFace[] = [];
  /** Decals already placed: a later decal that overlaps an earlier one on the same surface is drawn after it. */
  private readonly placed: { surface: Surface; x0: number; x1: number; depth: number }[] = [];
  private layer = 1;
  readonly paint: RGB;
  constructor(
    readonly ctx: Ctx,
    readonly model: CarModel,
    paintHex: string,
    readonly light: Light,
  ) {
    this.paint = parseHex(paintHex);
  }

  private map(surface: Surface, p: P2): V3 {
    const m = this.model;
    switch (surface) {
      case 'side':
        return m.side(p[0], p[1]);
      case 'green':
        return m.green(p[0], p[1]);
      case 'top':
        return m.top(p[0], p[1]);
      case 'front':
        return m.cap(true, p[0], p[1]);
      case 'rear':
        return m.cap(false, p[0], p[1]);
    }
  }

  private hint(surface: Surface): V3 {
    return surface === 'side' || surface === 'green' ? [0, 1, 0] : surface === 'top' ? [0, 0, 1] : surface === 'front' ? [-1, 0, 0] : [1, 0, 0];
  }

  private visible(pts: readonly V3[], hint: V3): { n: V3; c: V3; ok: boolean } {
    const n = normalOf(pts, hint);
    const c = centroid3(pts);
    return { n, c, ok: dot(n, sub(this.ctx.cam.pos, c)) > 0 };
  }

  body(): void {
    const { model, ctx } = this;
    const cam = ctx.cam;
    const sections = model.xs.map((x) => model.halfSection(x));
    for (let i = 0; i < model.xs.length - 1; i++) {
      const xa = model.xs[i]!;
      const xb = model.xs[i + 1]!;
      const sa = sections[i]!;
      const sb = sections[i + 1]!;
      for (let k = 0; k < 5; k++) {
        let pts: V3[];
        if (k < 4) {
          const a0 = sa[k]!;
          const a1 = sa[k + 1]!;
          const b0 = sb[k]!;
          const b1 = sb[k + 1]!;
          pts = [
            [xa, a0[0], a0[1]],
            [xa, a1[0], a1[1]],
            [xb, b1[0], b1[1]],
            [xb, b0[0], b0[1]],
          ];
        } else {
          const a = sa[4]!;
          const b = sb[4]!;
          pts = [
            [xa, a[0], a[1]],
            [xa, -a[0], a[1]],
            [xb, -b[0], b[1]],
            [xb, b[0], b[1]],
          ];
        }
        const ref: V3 = [(xa + xb) / 2, 0, (sa[0]![1] + sa[4]![1]) / 2];
        const c = centroid3(pts);
        const hint = sub(c, ref);
        const { n, ok } = this.visible(pts, hint);
        if (!ok) continue;
        const depth = depthOf(cam, c);
        this.faces.push({ seg: k, x0: xa, x1: xb, depth });
        const fill = shadeFace(this.paint, n, this.light);
        // A hairline of the same color hides the seams between faces.
        this.items.push({ depth, layer: 0, svg: polygon(grow(projectPoly(cam, pts), 1.1), fill) });
      }
    }
    for (const front of [true, false]) {
      const x = front ? 0 : model.spec.length;
      const half = model.halfSection(x);
      const ring: V3[] = [...half.map(([y, z]): V3 => [x, y, z]), ...half.reverse().map(([y, z]): V3 => [x, -y, z])];
      const { n, c, ok } = this.visible(ring, [front ? -1 : 1, 0, 0]);
      if (!ok) continue;
      const depth = depthOf(cam, c);
      this.faces.push({ seg: front ? -1 : -2, x0: x, x1: x, depth });
      const fill = shadeFace(this.paint, n, this.light);
      this.items.push({ depth, layer: 0, svg: polygon(grow(projectPoly(cam, ring), 1.1), fill) });
    }
  }

  /** Draw depth of a decal: just in front of the nearest visible face it lies on (and of decals under it). */
  private hostDepth(surface: Surface, x0: number, x1: number): number | undefined {
    let best: number | undefined;
    for (const f of this.faces) {
      const match =
        surface === 'front' ? f.seg === -1 : surface === 'rear' ? f.seg === -2 : SURFACE_SEGMENTS[surface].includes(f.seg) && f.x1 >= x0 && f.x0 <= x1;
      if (match && (best === undefined || f.depth < best)) best = f.depth;
    }
    if (best === undefined) return undefined;
    for (const d of this.placed) {
      if (d.surface === surface && d.x1 >= x0 && d.x0 <= x1) best = Math.min(best, d.depth);
    }
    this.placed.push({ surface, x0, x1, depth: best });
    return best - 1e-6;
  }

  /** A flat shape drawn on a body surface, in surface coordinates. `fill` may be a function of the projected shape. */
  decal(surface: Surface, shape: P2[], fill: string | ((pts: P2[]) => string), extra = '', step = 0.08): P2[] | undefined {
    const dense = surface === 'front' || surface === 'rear' ? shape : densify(shape, step);
    const pts3 = dense.map((p) => this.map(surface, p));
    if (pts3.length < 3) return undefined;
    const { ok } = this.visible(pts3, this.hint(surface));
    if (!ok) return undefined;
    const xs = shape.map((p) => p[0]);
    const depth = this.hostDepth(surface, Math.min(...xs), Math.max(...xs));
    if (depth === undefined) return undefined;
    const pts2 = projectPoly(this.ctx.cam, pts3);
    const f = typeof fill === 'string' ? fill : fill(pts2);
    this.items.push({ depth, layer: this.layer++, svg: polygon(pts2, f, extra) });
    return pts2;
  }

  /** A line on a surface; width in meters. */
  line(surface: Surface, path: P2[], stroke: string, width: number, extra = ''): void {
    const dense = surface === 'front' || surface === 'rear' ? path : densify(path, 0.08, false);
    const pts3 = dense.map((p) => this.map(surface, p));
    if (pts3.length < 2) return;
    const c = centroid3(pts3);
    const xs = path.map((p) => p[0]);
    const depth = this.hostDepth(surface, Math.min(...xs), Math.max(...xs));
    if (depth === undefined) return;
    const w = Math.max(0.7, (width * this.ctx.cam.focal) / Math.max(NEAR, depthOf(this.ctx.cam, c)));
    const pts2 = pts3.map((p) => project(this.ctx.cam, p));
    this.items.push({
      depth,
      layer: this.layer++,
      svg: `<path d="${pathOf(pts2, false)}" fill="none" stroke="${stroke}" stroke-width="${fmt(w)}"${extra}/>`,
    });
  }

  /** A free-standing box (mirror, roof sign), drawn after the body if `front`, else before. */
  box(x0: number, x1: number, y0: number, y1: number, z0: number, z1: number, color: RGB, taper = 0): string {
    const cam = this.ctx.cam;
    const v = (x: number, y: number, z: number): V3 => [x, y, z];
    const tx = (x1 - x0) * taper;
    const faces: V3[][] = [
      [v(x0, y0, z0), v(x1, y0, z0), v(x1, y1, z0), v(x0, y1, z0)],
      [v(x0 + tx, y0, z1), v(x1, y0, z1), v(x1, y1, z1), v(x0 + tx, y1, z1)],
      [v(x0, y0, z0), v(x0, y1, z0), v(x0 + tx, y1, z1), v(x0 + tx, y0, z1)],
      [v(x1, y0, z0), v(x1, y1, z0), v(x1, y1, z1), v(x1, y0, z1)],
      [v(x0, y0, z0), v(x1, y0, z0), v(x1, y0, z1), v(x0 + tx, y0, z1)],
      [v(x0, y1, z0), v(x1, y1, z0), v(x1, y1, z1), v(x0 + tx, y1, z1)],
    ];
    const center: V3 = [(x0 + x1) / 2, (y0 + y1) / 2, (z0 + z1) / 2];
    let svg = '';
    for (const f of faces) {
      const c = centroid3(f);
      const n = normalOf(f, sub(c, center));
      if (dot(n, sub(cam.pos, c)) <= 0) continue;
      const fill = shadeFace(color, n, this.light);
      svg += polygon(grow(projectPoly(cam, f), 0.9), fill);
    }
    return svg;
  }

  /** A wheel: the tyre tread (drawn before the body, which covers it) or the outer face (drawn after). */
  wheel(x: number, near: boolean, rim: 'silver' | 'dark' | 'cover', spokes: number, part: 'tread' | 'face'): string {
    const { ctx, model } = this;
    const cam = ctx.cam;
    const r = model.spec.wheelRadius;
    const hw = model.fields(x).wb;
    const sgn = near ? 1 : -1;
    const yOut = sgn * (hw - 0.035);
    const yIn = sgn * (hw - 0.27);
    const circle = (y: number, rr: number, n = 28): V3[] => {
      const pts: V3[] = [];
      for (let i = 0; i < n; i++) {
        const a = (i / n) * Math.PI * 2;
        pts.push([x + rr * Math.cos(a), y, r + rr * Math.sin(a)]);
      }
      return pts;
    };
    const outer = projectPoly(cam, circle(yOut, r));
    const inner = projectPoly(cam, circle(yIn, r));
    const faceVisible = sgn * (cam.pos[1] - yOut) > 0;
    if (part === 'tread') return polygon(hull([...outer, ...inner]), '#141517') + (faceVisible ? '' : polygon(inner, '#0d0e0f'));
    if (!faceVisible) return '';
    let svg = polygon(outer, '#232427');
    svg += polygon(projectPoly(cam, circle(yOut + sgn * 0.005, r * 0.93)), '#1b1c1f');
    const rimBase = rim === 'silver' ? '#c4c9cf' : rim === 'dark' ? '#3d4147' : '#aeb3ba';
    const lit = shadeFace(parseHex(rimBase), [0, sgn, 0], this.light);
    const yRim = yOut + sgn * 0.012;
    svg += polygon(projectPoly(cam, circle(yRim, r * 0.66)), lit);
    if (rim === 'cover') {
      svg += polygon(projectPoly(cam, circle(yRim + sgn * 0.005, r * 0.5)), shade(lit, 0.85));
      for (let k = 0; k < 8; k++) {
        const a = (k / 8) * Math.PI * 2;
        const p0: V3 = [x + r * 0.2 * Math.cos(a), yRim + sgn * 0.01, r + r * 0.2 * Math.sin(a)];
        const p1: V3 = [x + r * 0.6 * Math.cos(a), yRim + sgn * 0.01, r + r * 0.6 * Math.sin(a)];
        const pa = project(cam, p0);
        const pb = project(cam, p1);
        svg += `<path d="M${fmt(pa[0])} ${fmt(pa[1])}L${fmt(pb[0])} ${fmt(pb[1])}" stroke="${shade(lit, 0.7)}" stroke-width="2"/>`;
      }
    } else {
      const hole = rim === 'silver' ? '#2a2d31' : '#17181a';
      for (let k = 0; k < spokes; k++) {
        const a0 = (k / spokes) * Math.PI * 2 + 0.5;
        const a1 = ((k + 1) / spokes) * Math.PI * 2 + 0.5;
        const gap = spokes > 6 ? 0.1 : 0.16;
        const pts: V3[] = [];
        for (let j = 0; j <= 4; j++) {
          const a = lerp(a0 + gap, a1 - gap, j / 4);
          pts.push([x + r * 0.58 * Math.cos(a), yRim + sgn * 0.004, r + r * 0.58 * Math.sin(a)]);
        }
        for (let j = 4; j >= 0; j--) {
          const a = lerp(a0 + gap * 1.8, a1 - gap * 1.8, j / 4);
          pts.push([x + r * 0.24 * Math.cos(a), yRim + sgn * 0.004, r + r * 0.24 * Math.sin(a)]);
        }
        svg += polygon(projectPoly(cam, pts), hole);
      }
    }
    svg += polygon(projectPoly(cam, circle(yRim + sgn * 0.02, r * 0.13, 12)), shade(lit, 0.8));
    return svg;
  }
}
