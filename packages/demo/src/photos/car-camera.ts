import { add, cross, dot, lerp, norm, type P2, scale3, sub, type V3 } from './car-geometry';

// ---------------------------------------------------------------------------------------------
// Camera

export interface Camera {
  pos: V3;
  r: V3;
  u: V3;
  f: V3;
  focal: number;
  cx: number;
  cy: number;
}

export function lookAt(pos: V3, target: V3): Camera {
  const f = norm(sub(target, pos));
  const r = norm(cross(f, [0, 0, 1]));
  const u = cross(r, f);
  return { pos, r, u, f, focal: 1, cx: 0, cy: 0 };
}

function camSpace(cam: Camera, p: V3): V3 {
  const d = sub(p, cam.pos);
  return [dot(d, cam.r), dot(d, cam.u), dot(d, cam.f)];
}

export const NEAR = 0.25;

export function project(cam: Camera, p: V3): P2 {
  const c = camSpace(cam, p);
  const z = Math.max(c[2], NEAR);
  return [cam.cx + (cam.focal * c[0]) / z, cam.cy - (cam.focal * c[1]) / z];
}

/** Projects a 3-D polygon, clipped to the near plane. */
export function projectPoly(cam: Camera, pts: readonly V3[]): P2[] {
  const cs = pts.map((p) => camSpace(cam, p));
  const clipped: V3[] = [];
  for (let i = 0; i < cs.length; i++) {
    const a = cs[i]!;
    const b = cs[(i + 1) % cs.length]!;
    const ain = a[2] >= NEAR;
    const bin = b[2] >= NEAR;
    if (ain) clipped.push(a);
    if (ain !== bin) {
      const t = (NEAR - a[2]) / (b[2] - a[2]);
      clipped.push([lerp(a[0], b[0], t), lerp(a[1], b[1], t), NEAR]);
    }
  }
  return clipped.map((c) => [cam.cx + (cam.focal * c[0]) / c[2], cam.cy - (cam.focal * c[1]) / c[2]]);
}

export const depthOf = (cam: Camera, p: V3): number => dot(sub(p, cam.pos), cam.f);

export function centroid3(pts: readonly V3[]): V3 {
  let x = 0;
  let y = 0;
  let z = 0;
  for (const p of pts) {
    x += p[0];
    y += p[1];
    z += p[2];
  }
  return [x / pts.length, y / pts.length, z / pts.length];
}

/** Newell normal, oriented to agree with `hint`. */
export function normalOf(pts: readonly V3[], hint: V3): V3 {
  let nx = 0;
  let ny = 0;
  let nz = 0;
  for (let i = 0; i < pts.length; i++) {
    const a = pts[i]!;
    const b = pts[(i + 1) % pts.length]!;
    nx += (a[1] - b[1]) * (a[2] + b[2]);
    ny += (a[2] - b[2]) * (a[0] + b[0]);
    nz += (a[0] - b[0]) * (a[1] + b[1]);
  }
  const n = norm([nx, ny, nz]);
  return dot(n, hint) < 0 ? scale3(n, -1) : n;
}

/** Horizon height on screen (the camera never rolls). */
export function horizonY(cam: Camera): number {
  const fh = norm([cam.f[0], cam.f[1], 0]);
  return project(cam, add(cam.pos, scale3(fh, 1e5)))[1];
}
