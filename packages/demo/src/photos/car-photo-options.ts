// The options of the generated car and plate photos, their paints and sizes (car-photos.ts draws them).

export type CarBodyStyle = 'sedan' | 'suv' | 'minivan' | 'hatchback';
export const CAR_BODY_STYLES: readonly CarBodyStyle[] = ['sedan', 'suv', 'minivan', 'hatchback'];

/** `view` values for {@link renderCarPhoto} (taken modulo 4). */
export const CAR_VIEWS = ['front-three-quarter', 'side', 'rear-three-quarter', 'interior'] as const;
export type CarView = (typeof CAR_VIEWS)[number];

export interface CarColor {
  readonly name: string;
  readonly hex: string;
}

/** Realistic paint colors for the seed to pick from. */
export const CAR_COLORS: readonly CarColor[] = [
  { name: 'Black', hex: '#15171b' },
  { name: 'White', hex: '#f1f1ee' },
  { name: 'Pearl white', hex: '#e9e6dc' },
  { name: 'Silver', hex: '#b9bdc3' },
  { name: 'Grey', hex: '#6a6f77' },
  { name: 'Charcoal', hex: '#3b3f45' },
  { name: 'Dark blue', hex: '#1d2c4c' },
  { name: 'Blue', hex: '#2b5595' },
  { name: 'Red', hex: '#a5161c' },
  { name: 'Burgundy', hex: '#5b1a26' },
  { name: 'Dark green', hex: '#213a30' },
  { name: 'Champagne', hex: '#c7b495' },
  { name: 'Taxi yellow', hex: '#f7b500' },
];

export interface CarPhotoOptions {
  seed: number;
  bodyStyle: CarBodyStyle;
  /** Paint color, `#rrggbb` or `#rgb`. */
  color: string;
  /** 0 front three-quarter, 1 side, 2 rear three-quarter, 3 interior (see {@link CAR_VIEWS}). */
  view?: number;
}

export interface PlatePhotoOptions {
  seed: number;
  /** Printed as is (upper-cased); letters, digits, `&`, `-` and spaces are drawn. */
  plateNumber: string;
  kind: 'tlc' | 'medallion';
}

/**
 * Pixel size of the generated pictures. They are drawn on a 1200 × 900 canvas and rasterised at
 * 720 × 540: the seed makes ~300 of them at every fresh start, and rasterising plus WebP encoding
 * cost grows with the pixel count (measured for 300 pictures incl. processListingImage, CPU time:
 * 720 × 540 ≈ 11 s, 800 × 600 ≈ 13 s, 1200 × 900 ≈ 23 s; a 2-core machine halves that).
 */
export const GENERATED_PHOTO_WIDTH = 720;
export const GENERATED_PHOTO_HEIGHT = 540;

/** Drawing units. */
export const W = 1200;
export const H = 900;
