import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { MAX_IMAGE_BYTES } from '@medallion/contracts/listing-filters';
import { toMessage } from '@medallion/contracts/messages';
import { readImageUploads, type ImageUploadRules } from '../src/integrations/images/read-image-upload';
import { AppError } from '../src/lib/app-error';

const NOT_OURS = 'listing.imageNotOurs';
const rules = (kept: string[], extra: Partial<ImageUploadRules> = {}): ImageUploadRules => ({ kept: new Set(kept), notOurs: NOT_OURS, ...extra });

async function pngDataUrl(width = 64, height = 48): Promise<string> {
  const png = await sharp({ create: { width, height, channels: 3, background: '#3366aa' } })
    .png()
    .toBuffer();
  return `data:image/png;base64,${png.toString('base64')}`;
}

/** The AppError the call fails with (the test fails when it does not). */
async function refusal(items: string[], r: ImageUploadRules): Promise<AppError> {
  const error = await readImageUploads(items, r).then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(AppError);
  return error as AppError;
}

describe('readImageUploads', () => {
  it('keeps the record’s own file names and reads new pictures into WebP with a thumbnail, in order', async () => {
    const read = await readImageUploads(['a.webp', await pngDataUrl(), 'b.webp'], rules(['a.webp', 'b.webp']));
    expect(read.map((r) => r.kind)).toEqual(['kept', 'new', 'kept']);
    expect(read[0]).toEqual({ kind: 'kept', name: 'a.webp' });
    const added = read[1]!;
    if (added.kind !== 'new') throw new Error('expected a new picture');
    expect(added.name).toMatch(/^[0-9a-f]{16}\.webp$/);
    expect((await sharp(added.full).metadata()).format).toBe('webp');
    const thumb = await sharp(added.thumb).metadata();
    expect([thumb.format, thumb.width, thumb.height]).toEqual(['webp', 400, 300]);
  });

  it('gives each new picture a name of its own', async () => {
    const url = await pngDataUrl();
    const [a, b] = await readImageUploads([url, url], rules([]));
    expect(a!.name).not.toBe(b!.name);
  });

  it('refuses a name the record does not hold, on the field of its position', async () => {
    const error = await refusal(['a.webp', 'other.webp'], rules(['a.webp']));
    expect(error.code).toBe('VALIDATION_ERROR');
    expect([error.key, error.message]).toEqual([NOT_OURS, toMessage(NOT_OURS).message]);
    expect(error.fields).toEqual({ 'images.1': toMessage(NOT_OURS) });
  });

  it('refuses a kept name listed twice only when each may be kept once', async () => {
    expect(await readImageUploads(['a.webp', 'a.webp'], rules(['a.webp']))).toHaveLength(2);
    const error = await refusal(['a.webp', 'a.webp'], rules(['a.webp'], { keepOnce: true }));
    expect(error.fields).toEqual({ 'images.1': toMessage(NOT_OURS) });
  });

  it('refuses a data URL that says it is not a picture', async () => {
    const error = await refusal([`data:application/pdf;base64,${Buffer.from('%PDF-1.4').toString('base64')}`], rules([]));
    expect(error.fields).toEqual({ 'images.0': toMessage('image.typeNotAllowed') });
  });

  it('refuses a picture over the size limit before decoding it', async () => {
    const big = Buffer.alloc(MAX_IMAGE_BYTES + 1);
    const error = await refusal([`data:image/jpeg;base64,${big.toString('base64')}`], rules([]));
    expect(error.fields).toEqual({ 'images.0': toMessage('imageTooLarge') });
  });

  it('refuses bytes that are not a picture with the image check’s own message', async () => {
    const error = await refusal([await pngDataUrl(), `data:;base64,${Buffer.from('not a picture at all').toString('base64')}`], rules([]));
    expect(error.fields).toEqual({ 'images.1': toMessage('image.notAPicture') });
  });
});
