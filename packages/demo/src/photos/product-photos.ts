import sharp from 'sharp';
import { Art } from './product-art';
import type { ProductPhotoSubject } from './product-photo-options';
import {
  airFreshener,
  airFreshenerVent,
  carCharger,
  carChargerSocket,
  ezpassHolder,
  ezpassWindshield,
  seatCovers,
  seatCoversRear,
  tabletHolder,
} from './product-scenes-accessories';
import { dashCam, dashCamScreen, phoneMount, phoneMountParts } from './product-scenes-devices';
import {
  fireExtinguisher,
  firstAidKit,
  firstAidKitOpen,
  licenseHolder,
  licenseHolderVisor,
  partitionInstalled,
  partitionStudio,
  tripBook,
  tripBookOpen,
} from './product-scenes-safety';

/**
 * Procedural product "photos" for the demo shop: each TLC supply drawn as SVG in a studio setting
 * (seamless light backdrop, soft key light from the upper left, contact shadows) and encoded by
 * sharp as an 800 × 600 WebP. No network, no stock images and no fonts: labels are drawn with a
 * small stroke alphabet, so the pictures look the same on every machine. Every picture is a
 * function of its subject only (the seed is reproducible). About 60 ms of CPU a picture (35 ms
 * rasterising, 25 ms WebP at effort 2); soft shadows are layered strokes, not blur filters, which
 * would cost ten times more.
 */

export { PRODUCT_PHOTO_HEIGHT, PRODUCT_PHOTO_SUBJECTS, PRODUCT_PHOTO_WIDTH, type ProductPhotoSubject } from './product-photo-options';

/** An 800 × 600 WebP of the subject. */
export async function renderProductPhoto(subject: ProductPhotoSubject): Promise<Buffer> {
  return sharp(Buffer.from(productPhotoSvg(subject)))
    .removeAlpha()
    .webp({ quality: 84, effort: 2 })
    .toBuffer();
}

/** The SVG behind {@link renderProductPhoto}. */
export function productPhotoSvg(subject: ProductPhotoSubject): string {
  const art = new Art();
  SCENES[subject](art);
  return art.svg();
}

// ---------------------------------------------------------------------------------------------
// The scenes

const SCENES: Record<ProductPhotoSubject, (art: Art) => void> = {
  partition: partitionStudio,
  'partition-installed': partitionInstalled,
  'trip-book': tripBook,
  'trip-book-open': tripBookOpen,
  'license-holder': licenseHolder,
  'license-holder-visor': licenseHolderVisor,
  'phone-mount': phoneMount,
  'phone-mount-parts': phoneMountParts,
  'first-aid-kit': firstAidKit,
  'first-aid-kit-open': firstAidKitOpen,
  'fire-extinguisher': fireExtinguisher,
  'seat-covers': seatCovers,
  'seat-covers-rear': seatCoversRear,
  'dash-cam': dashCam,
  'dash-cam-screen': dashCamScreen,
  'air-freshener': airFreshener,
  'air-freshener-vent': airFreshenerVent,
  'ezpass-holder': ezpassHolder,
  'ezpass-windshield': ezpassWindshield,
  'car-charger': carCharger,
  'car-charger-socket': carChargerSocket,
  'tablet-holder': tabletHolder,
};
