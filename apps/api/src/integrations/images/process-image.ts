import sharp, { type Metadata, type OutputInfo, type SharpOptions } from 'sharp';
import { formatMessage } from '@medallion/contracts/messages';

/** Uploads larger than this are refused before they reach sharp (the caller checks the size). */
export const MAX_IMAGE_BYTES = 10 * 1024 * 1024;

/**
 * The most pixels a picture may have: 25 megapixels, e.g. 5000 × 5000, or a phone's default photo (12
 * megapixels, 4032 × 3024; 24 on recent iPhones, 5712 × 4284) with room to spare. A listing shows at most
 * 1600 px on the longest side (2.6 megapixels at 4:3) and the web app sends at most 2000 px, so more is
 * only decoding work: a 7000 × 7000 PNG is 49 megapixels, 147 MB of pixels, from a few hundred KB.
 * Checked from the header before anything is decoded, and again by libvips (limitInputPixels).
 */
export const MAX_IMAGE_PIXELS = 25_000_000;

/** Longest side of the full-size listing photo. */
export const FULL_MAX_SIDE = 1600;
/** The card thumbnail: 400 × 300 (4:3). */
export const THUMB_WIDTH = 400;
export const THUMB_HEIGHT = 300;

/** A picture the user sent that we will not store; `key` says why (safe to show to the user). */
export class ImageRejectedError extends Error {
  override readonly name = 'ImageRejectedError';
  /** Why, as a catalogue key (the English text is the error's message). */
  constructor(readonly key: ImageProblem) {
    super(formatMessage(key));
  }
}

/** The reasons a picture is refused. */
export type ImageProblem = 'image.notAPicture' | 'image.damaged' | 'image.tooManyPixels' | 'image.heicUnsupported';

export interface ProcessedImage {
  /** WebP, longest side ≤ 1600 px, never enlarged, no metadata. */
  full: Buffer;
  /** WebP, 400 × 300, cropped to 4:3, no metadata. */
  thumb: Buffer;
  /** Dimensions of `full`. */
  width: number;
  height: number;
}

/** What a user is told about a picture we cannot take (the web shows these in the user's language). */

/**
 * Formats sharp reports in `metadata().format` that we take. AVIF and HEIC both report as
 * `heif`; HEIC (HEVC) only decodes if the installed libvips has a HEVC decoder, which the
 * prebuilt sharp does not, so such files are refused with a hint. SVG, PDF and raw input are
 * never accepted from users.
 */
const ACCEPTED_FORMATS = new Set(['jpeg', 'png', 'webp', 'gif', 'heif', 'avif', 'tiff']);

/**
 * libwebp "method". 2 is 2–2.5× faster than the default 4 for files 3–5 % larger, which is the
 * better trade for a server re-encoding every upload (and the demo seed's ~300 pictures).
 */
const WEBP_EFFORT = 2;

const INPUT_OPTIONS = {
  limitInputPixels: MAX_IMAGE_PIXELS,
  // Truncated or corrupt pixel data is an error (a half-gray photo is worse than a refusal),
  // but libjpeg's harmless warnings (e.g. extraneous bytes) are not.
  failOn: 'error',
  // Animated GIF / WebP: the first frame only.
  pages: 1,
} satisfies SharpOptions;

/**
 * Re-encodes an uploaded listing photo: checks it is a real picture by its content, turns it
 * upright by its EXIF orientation, drops all metadata (EXIF, GPS, XMP, ICC after converting to
 * sRGB), and makes a WebP of at most 1600 px and a 400 × 300 WebP thumbnail.
 *
 * The original is decoded once: it is shrunk to the full size into raw pixels (JPEG and WebP
 * shrink while decoding), and both WebP files are encoded from those pixels.
 *
 * Throws {@link ImageRejectedError} for anything that is not a readable picture.
 */
export async function processListingImage(input: Buffer, options: ProcessOptions = {}): Promise<ProcessedImage> {
  if (input.length === 0) throw new ImageRejectedError('image.notAPicture');

  let meta: Metadata;
  try {
    // Reading the header does not decode pixels, so the pixel limit is checked by hand below
    // with a clearer message.
    meta = await sharp(input, { ...INPUT_OPTIONS, limitInputPixels: false }).metadata();
  } catch {
    throw new ImageRejectedError('image.notAPicture');
  }
  if (!meta.format || !ACCEPTED_FORMATS.has(meta.format)) throw new ImageRejectedError('image.notAPicture');
  const width = meta.width ?? 0;
  const height = meta.pageHeight ?? meta.height ?? 0;
  if (width < 1 || height < 1) throw new ImageRejectedError('image.notAPicture');
  if (width * height > MAX_IMAGE_PIXELS) throw new ImageRejectedError('image.tooManyPixels');

  // Only a picture that passed the header's checks waits for its turn to be decoded.
  const inTurn = options.inTurn ?? ((job) => job());
  return inTurn(() => decodeAndEncode(input, meta));
}

/** How an upload's decoding is scheduled (integrations/images/image-queue.ts); unset: at once (the demo seed). */
export interface ProcessOptions {
  inTurn?: <T>(job: () => Promise<T>) => Promise<T>;
}

async function decodeAndEncode(input: Buffer, meta: Metadata): Promise<ProcessedImage> {
  let pixels: { data: Buffer; info: OutputInfo };
  try {
    pixels = await sharp(input, INPUT_OPTIONS)
      .autoOrient()
      .resize(FULL_MAX_SIDE, FULL_MAX_SIDE, { fit: 'inside', withoutEnlargement: true })
      // Listing photos are opaque: transparency goes white (it would look odd on cards, and costs bytes).
      .flatten({ background: '#ffffff' })
      .toColourspace('srgb')
      .raw()
      .toBuffer({ resolveWithObject: true });
  } catch (error) {
    throw rejection(error, meta);
  }

  const { data, info } = pixels;
  const raw = sharp(data, { raw: { width: info.width, height: info.height, channels: info.channels } });
  try {
    const [full, thumb] = await Promise.all([
      raw.clone().webp({ quality: 80, effort: WEBP_EFFORT }).toBuffer(),
      raw.clone().resize(THUMB_WIDTH, THUMB_HEIGHT, { fit: 'cover', position: sharp.strategy.attention }).webp({ quality: 72, effort: WEBP_EFFORT }).toBuffer(),
    ]);
    return { full, thumb, width: info.width, height: info.height };
  } catch (error) {
    throw rejection(error, meta);
  }
}

function rejection(error: unknown, meta: Metadata): ImageRejectedError {
  const message = error instanceof Error ? error.message : String(error);
  if (/pixel limit/i.test(message)) return new ImageRejectedError('image.tooManyPixels');
  if (meta.format === 'heif' && meta.compression === 'hevc') return new ImageRejectedError('image.heicUnsupported');
  return new ImageRejectedError('image.damaged');
}
