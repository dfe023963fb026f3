import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';

/** A plain-colored picture as the create-listing form sends it: a data URL (JPEG unless told). */
export async function photoDataUrl(color: string, width = 640, height = 480, format: 'jpeg' | 'png' = 'jpeg'): Promise<string> {
  const img = sharp({ create: { width, height, channels: 3, background: color } });
  const buf = await (format === 'jpeg' ? img.jpeg() : img.png()).toBuffer();
  return `data:image/${format};base64,${buf.toString('base64')}`;
}

/** The pictures (.webp, every size) stored on local disk for a listing: DATA_DIR/media/{listing id}. */
export function storedListingPictures(dataDir: string, listingId: string): string[] {
  try {
    return readdirSync(join(dataDir, 'media', listingId), { recursive: true })
      .map(String)
      .filter((f) => f.endsWith('.webp'));
  } catch {
    return [];
  }
}
