import { randomBytes } from 'node:crypto';
import { MAX_IMAGE_BYTES } from '@medallion/contracts/listing-filters';
import type { PlainMessageKey } from '@medallion/contracts/messages';
import { invalidField as invalid } from '../../lib/app-error';
import { inImageQueue } from './image-queue';
import { ImageRejectedError, processListingImage } from './process-image';

/** One picture of a save: a file name the record already holds, or a new picture ready to store. */
export type ImageUpload = { kind: 'kept'; name: string } | { kind: 'new'; name: string; full: Buffer; thumb: Buffer };

export interface ImageUploadRules {
  /** The file names the record holds now: the only names a save may keep. */
  kept: ReadonlySet<string>;
  /** What the user is told when an item is neither a new picture nor one of `kept`. */
  notOurs: PlainMessageKey;
  /** A kept name may be listed only once. */
  keepOnce?: boolean;
}

/**
 * A phone photo as it may arrive: 4 MiB. A phone camera's 12-megapixel JPEG is 2–4 MB (HEIC about half),
 * and the web app sends less (at most 2000 px as JPEG 0.85: 0.3–1.5 MB, lib/image-to-data-url.ts).
 */
export const PHONE_PHOTO_BYTES = 4 * 1024 * 1024;
/** The JSON around the pictures: a save's other fields (title, description ≤ 5000 characters, …). */
const FORM_FIELDS_BYTES = 256 * 1024;

/**
 * The body limit of a save that carries up to `pictures` photos as data URLs: each phone photo grows by a
 * third in base64 (4 MiB → 5.33 MiB, plus its `data:image/jpeg;base64,` prefix), plus the form's other
 * fields. For 9 pictures: 9 × 5,592,429 + 262,144 = 50,593,005 bytes (48.25 MiB), where 9 pictures of
 * the 10 MB a single picture may have took 126.9 MB, and three such requests 600 MB of memory (issue
 * #33). Fastify refuses a larger Content-Length with 413 before reading the body, and stops reading a
 * body that grows past it; every other route keeps BODY_LIMIT_BYTES (1 MiB).
 */
export function pictureFormBodyLimit(pictures: number): number {
  return pictures * (Math.ceil((PHONE_PHOTO_BYTES * 4) / 3) + 'data:image/jpeg;base64,'.length) + FORM_FIELDS_BYTES;
}

/** `data:[<type>][;param=value]*;base64,` — the prefix of a picture the browser read from a file. */
const DATA_URL = /^data:([\w.+-]+\/[\w.+-]+)?(;[\w-]+=[\w.-]+)*;base64,/;

/**
 * Reads the pictures of a save form in order. Each item is a base64 data URL (a new picture) or the
 * file name of a picture the record keeps. Every new picture is read first (checked by its content,
 * at most MAX_IMAGE_BYTES and MAX_IMAGE_PIXELS (from its header), decoded in its turn of the process's
 * image queue (image-queue.ts; 503 when too many wait), re-encoded to WebP of at most 1600 px plus a 400 × 300 thumbnail, no
 * metadata), so one bad picture refuses the whole save and nothing is half-stored. A refusal is a
 * 400 VALIDATION_ERROR on the field `images.<index>`. New pictures get a random `<hex>.webp` name.
 */
export async function readImageUploads(items: readonly string[], rules: ImageUploadRules): Promise<ImageUpload[]> {
  const read: ImageUpload[] = [];
  const seen = new Set<string>();
  for (const [i, item] of items.entries()) {
    const field = `images.${i}`;
    const match = DATA_URL.exec(item);
    if (!match) {
      if (!rules.kept.has(item) || (rules.keepOnce && seen.has(item))) throw invalid(field, rules.notOurs);
      seen.add(item);
      read.push({ kind: 'kept', name: item });
      continue;
    }
    const mime = match[1] ?? '';
    if (mime && !mime.startsWith('image/')) throw invalid(field, 'image.typeNotAllowed');
    const bytes = Buffer.from(item.slice(match[0].length), 'base64');
    if (bytes.length > MAX_IMAGE_BYTES) throw invalid(field, 'imageTooLarge');
    try {
      const { full, thumb } = await processListingImage(bytes, { inTurn: inImageQueue });
      read.push({ kind: 'new', name: `${randomBytes(8).toString('hex')}.webp`, full, thumb });
    } catch (error) {
      if (error instanceof ImageRejectedError) throw invalid(field, error.key);
      throw error;
    }
  }
  return read;
}
