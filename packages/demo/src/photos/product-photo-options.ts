// The subjects and sizes of the generated product photos (product-photos.ts draws them).

/** The subjects {@link renderProductPhoto} can draw (the demo catalogue uses one or two each). */
export const PRODUCT_PHOTO_SUBJECTS = [
  'partition',
  'partition-installed',
  'trip-book',
  'trip-book-open',
  'license-holder',
  'license-holder-visor',
  'phone-mount',
  'phone-mount-parts',
  'first-aid-kit',
  'first-aid-kit-open',
  'fire-extinguisher',
  'seat-covers',
  'seat-covers-rear',
  'dash-cam',
  'dash-cam-screen',
  'air-freshener',
  'air-freshener-vent',
  'ezpass-holder',
  'ezpass-windshield',
  'car-charger',
  'car-charger-socket',
  'tablet-holder',
] as const;
export type ProductPhotoSubject = (typeof PRODUCT_PHOTO_SUBJECTS)[number];

/** Pixel size of the WebP files (4:3, the shop card's aspect). */
export const PRODUCT_PHOTO_WIDTH = 800;
export const PRODUCT_PHOTO_HEIGHT = 600;

/** Drawing units. */
export const W = 1200;
export const H = 900;
