import { AppError } from '../../lib/app-error';
import { readImageUploads } from '../../integrations/images/read-image-upload';
import type { Storage } from '../../integrations/storage/storage';
import { handoverPhotoKey } from './handover-access';

/**
 * Reads photos through the image pipeline (checked by content, decoded on the image queue, re-encoded
 * to WebP without metadata: no EXIF, no location) and keeps them in private storage under the rental.
 * `fields[i]` names the form field of item i, so a bad photo is reported on its own field. Returns the
 * stored file names in order. Nothing is stored when one photo is refused.
 */
export async function storeHandoverPhotos(storage: Storage, rentalId: string, items: readonly string[], fields: readonly string[]): Promise<string[]> {
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
  for (const photo of read) {
    if (photo.kind !== 'new') continue;
    await storage.putPrivate(handoverPhotoKey(rentalId, photo.name), photo.full, 'image/webp');
    names.push(photo.name);
  }
  return names;
}
