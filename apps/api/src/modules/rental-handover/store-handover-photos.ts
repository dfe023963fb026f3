import { AppError } from '../../lib/app-error';
import { readImageUploads } from '../../integrations/images/read-image-upload';
import type { Storage } from '../../integrations/storage/storage';
import { handoverPhotoKey } from './handover-access';

/**
 * Reads photos through the image pipeline (checked by content, decoded on the image queue, re-encoded
 * to WebP without metadata: no EXIF, no location), keeps them in private storage under the rental, and
 * runs `record` with their file names in order (the transaction that writes the row naming them).
 * `fields[i]` names the form field of item i, so a bad photo is reported on its own field. Nothing is
 * stored when one photo is refused, and when storing or `record` fails the photos already stored are
 * deleted: no private file is left without the row that names it.
 */
export async function withHandoverPhotos<T>(
  storage: Storage,
  rentalId: string,
  items: readonly string[],
  fields: readonly string[],
  record: (names: string[]) => Promise<T>,
): Promise<T> {
  const read = [];
  for (const [i, item] of items.entries()) {
    try {
      const [one] = await readImageUploads([item], { kept: new Set(), notOurs: 'handoverPhotoRequired' });
      read.push(one!);
    } catch (error) {
      if (error instanceof AppError && error.fields?.['images.0']) {
        error.fields = { [fields[i]!]: error.fields['images.0'] };
      }
      throw error;
    }
  }
  const names: string[] = [];
  try {
    for (const photo of read) {
      if (photo.kind !== 'new') continue;
      await storage.putPrivate(handoverPhotoKey(rentalId, photo.name), photo.full, 'image/webp');
      names.push(photo.name);
    }
    return await record(names);
  } catch (error) {
    await Promise.allSettled(names.map((name) => storage.deletePrivate(handoverPhotoKey(rentalId, name))));
    throw error;
  }
}
