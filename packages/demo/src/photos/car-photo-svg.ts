import { type Camera, lookAt, project } from './car-camera';
import { type CarLook, drawCar } from './car-drawing';
import { mergeRuns, norm, parseHex, rad, type RGB, Rng, toHex, type V3 } from './car-geometry';
import { interiorScene } from './car-interior';
import { type Ctx, lightFor } from './car-lighting';
import { carModel, type CarModel, SPECS } from './car-model';
import { type CarPhotoOptions, GENERATED_PHOTO_HEIGHT, GENERATED_PHOTO_WIDTH, H, W } from './car-photo-options';
import { drawScene, type SceneInfo } from './car-street-scene';

// ---------------------------------------------------------------------------------------------
// Car photo

export function carSvg(opts: CarPhotoOptions): string {
  const spec = SPECS[opts.bodyStyle] ?? SPECS.sedan;
  const view = ((Math.floor(opts.view ?? 0) % 4) + 4) % 4;
  const base = new Rng(opts.seed, 7);
  const scene: SceneInfo = {
    kind: base.pick(['street', 'street', 'lot', 'lot', 'garage'] as const),
    tod: base.pick(['day', 'day', 'day', 'dusk', 'night'] as const),
  };
  const paint = toHex(parseHex(opts.color));
  const taxi = colourDistance(parseHex(paint), parseHex('#f7b500')) < 60;
  const look: CarLook = {
    rim: taxi || opts.bodyStyle === 'minivan' ? base.pick(['cover', 'silver'] as const) : base.pick(['silver', 'silver', 'dark'] as const),
    spokes: base.pick([5, 5, 6, 10]),
    sunroof: opts.bodyStyle !== 'minivan' && base.chance(0.35),
    taxi,
    lightsOn: false,
  };
  const rng = new Rng(opts.seed, 11 + view);
  const ctx: Ctx = { cam: lookAt([0, 8, 1.5], [0, 0, 0.7]), out: [], defs: [], ids: 0 };
  if (view === 3) {
    interiorScene(ctx, rng, scene, paint, taxi);
  } else {
    const model = carModel(opts.bodyStyle in SPECS ? opts.bodyStyle : 'sedan');
    const cam = frameCamera(model, view, rng);
    ctx.cam = cam;
    const camDir = norm([cam.pos[0] - spec.length / 2, cam.pos[1], 0]);
    const light = lightFor(scene.tod, scene.kind, camDir, rng);
    look.lightsOn = scene.tod !== 'day' || scene.kind === 'garage' ? rng.chance(0.7) : false;
    drawScene(ctx, scene, rng, model);
    drawCar(ctx, model, paint, light, look, rng);
    if (scene.tod === 'night' && scene.kind !== 'garage') {
      ctx.out.push(`<rect width="${W}" height="${H}" fill="#0a1030" fill-opacity="0.12"/>`);
    }
  }
  const mirrored = view !== 3 && rng.chance(0.5);
  const body = mergeRuns(ctx.out);
  const content = mirrored ? `<g transform="matrix(-1 0 0 1 ${W} 0)">${body}</g>` : body;
  return svgDoc(ctx.defs.join(''), content);
}

function colourDistance(a: RGB, b: RGB): number {
  return Math.hypot(a[0] - b[0], a[1] - b[1], a[2] - b[2]);
}

export function svgDoc(defs: string, body: string): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${GENERATED_PHOTO_WIDTH}" height="${GENERATED_PHOTO_HEIGHT}" viewBox="0 0 ${W} ${H}" stroke-linejoin="round"><defs>${defs}</defs>${body}</svg>`;
}

/** Places the camera for a view and zooms so the car fills most of the frame. */
function frameCamera(model: CarModel, view: number, rng: Rng): Camera {
  const spec = model.spec;
  const L = spec.length;
  const theta = rad(view === 0 ? rng.range(30, 50) : view === 1 ? rng.range(84, 98) : rng.range(128, 150));
  const dist = rng.range(6.5, 9.5);
  const height = rng.range(1.1, 1.8);
  const target: V3 = [L / 2 + (view === 0 ? -0.25 : view === 2 ? 0.25 : 0), 0, 0.75];
  const pos: V3 = [target[0] - Math.cos(theta) * dist, Math.sin(theta) * dist, height];
  const cam = lookAt(pos, target);
  // Bounding box of the car at focal 1.
  let minX = Infinity;
  let maxX = -Infinity;
  let minY = Infinity;
  let maxY = -Infinity;
  for (const x of [0, ...model.xs, L]) {
    for (const [y, z] of model.halfSection(x)) {
      for (const p of [
        [x, y, z],
        [x, -y, z],
        [x, y, 0],
        [x, -y, 0],
      ] as V3[]) {
        const [sx, sy] = project(cam, p);
        minX = Math.min(minX, sx);
        maxX = Math.max(maxX, sx);
        minY = Math.min(minY, sy);
        maxY = Math.max(maxY, sy);
      }
    }
  }
  const fill = rng.range(0.66, 0.82);
  let focal = (fill * W) / (maxX - minX);
  focal = Math.min(focal, (0.62 * H) / (maxY - minY));
  cam.focal = focal;
  cam.cx = W / 2 - (focal * (minX + maxX)) / 2 + rng.range(-0.04, 0.04) * W;
  cam.cy = H * rng.range(0.56, 0.63) - (focal * (minY + maxY)) / 2;
  return cam;
}
