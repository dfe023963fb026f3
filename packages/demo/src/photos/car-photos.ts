import sharp from 'sharp';
import type { CarPhotoOptions, PlatePhotoOptions } from './car-photo-options';
import { carSvg } from './car-photo-svg';
import { plateSvg } from './plate-photos';

/**
 * Procedural "photos" for the demo seed: cars and TLC plates drawn as SVG (a small perspective
 * renderer for the car body, flat shapes for the scenes) and rasterised by sharp. No network, no
 * stock images, no fonts (letters are drawn as strokes), and fast: about 15 ms of CPU a picture,
 * plus about 20 ms for processListingImage. Render a few at a time (e.g. 4 in parallel) to use
 * every core: sharp does its work off the main thread.
 *
 * Every picture is a function of its options only, so the seed is reproducible. The same seed with
 * different `view`s shows the same car in the same place from different angles.
 */

export {
  CAR_BODY_STYLES,
  CAR_COLORS,
  CAR_VIEWS,
  GENERATED_PHOTO_HEIGHT,
  GENERATED_PHOTO_WIDTH,
  type CarBodyStyle,
  type CarColor,
  type CarPhotoOptions,
  type CarView,
  type PlatePhotoOptions,
} from './car-photo-options';

/** A PNG (720 × 540) of a car of this body style and paint, in a scene chosen by the seed. */
export async function renderCarPhoto(opts: CarPhotoOptions): Promise<Buffer> {
  return rasterise(carSvg(opts));
}

/** A PNG (720 × 540) close-up of a TLC license plate, or of a taxi medallion on a yellow hood. */
export async function renderPlatePhoto(opts: PlatePhotoOptions): Promise<Buffer> {
  return rasterise(plateSvg(opts));
}

/** PNG with light compression: lossless, and cheaper to encode than JPEG at this size. */
function rasterise(svg: string): Promise<Buffer> {
  return sharp(Buffer.from(svg)).removeAlpha().png({ compressionLevel: 1, adaptiveFiltering: false }).toBuffer();
}
