import { randomBytes } from 'node:crypto';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { CAR_BODY_STYLES, CAR_COLORS, renderCarPhoto, renderPlatePhoto } from '@medallion/demo/photos/car-photos';
import { ImageRejectedError, MAX_IMAGE_BYTES, processListingImage } from '../src/integrations/images/process-image';

/** A landscape JPEG stored sideways (EXIF orientation 6) with an author and a GPS position, red in its top-left corner. */
async function sidewaysPhoto(): Promise<Buffer> {
  return sharp({ create: { width: 2400, height: 1800, channels: 3, background: '#3366aa' } })
    .composite([{ input: { create: { width: 400, height: 300, channels: 3, background: '#ff0000' } }, left: 0, top: 0 }])
    .jpeg({ quality: 85 })
    .withExif({
      IFD0: { Artist: 'Jane Driver', Copyright: 'Jane Driver' },
      IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '40/1 44/1 5413/100', GPSLongitudeRef: 'W', GPSLongitude: '73/1 59/1 1/1' },
    })
    .withMetadata({ orientation: 6 })
    .toBuffer();
}

async function expectRejected(input: Buffer, message?: RegExp): Promise<void> {
  const error = await processListingImage(input).then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ImageRejectedError);
  expect((error as Error).message).toMatch(message ?? /./);
}

/** A PNG header claiming `width` × `height` pixels (with valid CRCs), without the pixels. */
function pngHeader(width: number, height: number): Buffer {
  const crcTable = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  const crc = (buf: Buffer): number => {
    let c = 0xffffffff;
    for (const byte of buf) c = crcTable[(c ^ byte) & 0xff]! ^ (c >>> 8);
    return (c ^ 0xffffffff) >>> 0;
  };
  const chunk = (type: string, data: Buffer): Buffer => {
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const out = Buffer.alloc(body.length + 8);
    out.writeUInt32BE(data.length, 0);
    body.copy(out, 4);
    out.writeUInt32BE(crc(body), body.length + 4);
    return out;
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr.writeUInt8(8, 8); // bit depth
  ihdr.writeUInt8(2, 9); // RGB
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', Buffer.from([0x78, 0x9c, 0x03, 0x00, 0x00, 0x00, 0x00, 0x01])),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

describe('processListingImage', () => {
  it('turns a sideways phone photo upright, strips EXIF and GPS, and makes a 1600 px WebP and a 400 × 300 thumbnail', async () => {
    const input = await sidewaysPhoto();
    const before = await sharp(input).metadata();
    expect(before.orientation).toBe(6);
    expect(before.exif?.includes('Jane Driver')).toBe(true);
    expect(before.exif?.includes(Buffer.from([0x88, 0x25])) || before.exif?.includes(Buffer.from([0x25, 0x88]))).toBe(true); // GPS IFD tag

    const out = await processListingImage(input);
    // 2400 × 1800 stored, 1800 × 2400 shown: shrunk to a longest side of 1600.
    expect([out.width, out.height]).toEqual([1200, 1600]);

    const full = await sharp(out.full).metadata();
    expect(full.format).toBe('webp');
    expect([full.width, full.height]).toEqual([1200, 1600]);
    expect(full.exif).toBeUndefined();
    expect(full.xmp).toBeUndefined();
    expect(full.icc).toBeUndefined();
    expect(full.orientation).toBeUndefined();
    expect(out.full.includes('Jane Driver')).toBe(false);

    const thumb = await sharp(out.thumb).metadata();
    expect(thumb.format).toBe('webp');
    expect([thumb.width, thumb.height]).toEqual([400, 300]);
    expect(thumb.exif).toBeUndefined();
    expect(out.thumb.includes('Jane Driver')).toBe(false);

    // Rotated the right way: the red top-left corner of the stored image is now top-right.
    const [r, g, b] = await sharp(out.full)
      .extract({ left: out.width - 20, top: 10, width: 1, height: 1 })
      .raw()
      .toBuffer();
    expect(r).toBeGreaterThan(200);
    expect(g).toBeLessThan(60);
    expect(b).toBeLessThan(60);
  });

  it('does not enlarge a small picture (but the thumbnail is always 400 × 300)', async () => {
    const png = await sharp({ create: { width: 320, height: 200, channels: 4, background: { r: 20, g: 120, b: 60, alpha: 0.5 } } })
      .png()
      .toBuffer();
    const out = await processListingImage(png);
    expect([out.width, out.height]).toEqual([320, 200]);
    const full = await sharp(out.full).metadata();
    expect([full.width, full.height, full.format]).toEqual([320, 200, 'webp']);
    expect(full.hasAlpha).toBe(false);
    const thumb = await sharp(out.thumb).metadata();
    expect([thumb.width, thumb.height]).toEqual([400, 300]);
  });

  it('converts a Display P3 photo to sRGB and drops the profile', async () => {
    const p3 = await sharp({ create: { width: 300, height: 200, channels: 3, background: { r: 40, g: 160, b: 90 } } })
      .png()
      .withIccProfile('p3')
      .toBuffer();
    // Stored as P3 numbers, which differ from the sRGB ones.
    const stored = await sharp(p3, { ignoreIcc: true }).extract({ left: 10, top: 10, width: 1, height: 1 }).raw().toBuffer();
    expect(Math.abs(stored[0]! - 40)).toBeGreaterThan(20);
    const out = await processListingImage(p3);
    expect((await sharp(out.full).metadata()).icc).toBeUndefined();
    const [r, g, b] = await sharp(out.full).extract({ left: 10, top: 10, width: 1, height: 1 }).raw().toBuffer();
    expect(Math.abs(r! - 40)).toBeLessThan(6);
    expect(Math.abs(g! - 160)).toBeLessThan(6);
    expect(Math.abs(b! - 90)).toBeLessThan(6);
  });

  it('reads WebP, GIF (first frame) and TIFF', async () => {
    const base = sharp({ create: { width: 640, height: 480, channels: 3, background: '#888' } });
    for (const input of [await base.clone().webp().toBuffer(), await base.clone().gif().toBuffer(), await base.clone().tiff().toBuffer()]) {
      const out = await processListingImage(input);
      expect([out.width, out.height]).toEqual([640, 480]);
    }
  });

  it('refuses text, random bytes, a truncated JPEG, an empty file and SVG', async () => {
    await expectRejected(Buffer.from('Hello, this is a note about my car, not a photo.\n'), /not a picture we can read/);
    await expectRejected(randomBytes(4096), /not a picture we can read/);
    await expectRejected(Buffer.alloc(0));
    const jpeg = await sharp({ create: { width: 800, height: 600, channels: 3, background: '#c33' } })
      .composite([
        {
          input: await sharp(randomBytes(200 * 150 * 3), { raw: { width: 200, height: 150, channels: 3 } })
            .png()
            .toBuffer(),
          left: 100,
          top: 100,
        },
      ])
      .jpeg()
      .toBuffer();
    await expectRejected(jpeg.subarray(0, Math.floor(jpeg.length * 0.6)), /damaged or incomplete/);
    await expectRejected(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><rect width="10" height="10"/></svg>'));
  });

  it('refuses a decompression bomb from its header, before decoding', async () => {
    await expectRejected(pngHeader(20_000, 20_000), /too large in pixels/);
    // 49 megapixels: more than a listing can use (issue #33; the cap is 25 megapixels).
    await expectRejected(pngHeader(7000, 7000), /too large in pixels/);
    await expectRejected(pngHeader(5001, 5000), /too large in pixels/);
  });

  it('leaves the byte limit to the caller', () => {
    expect(MAX_IMAGE_BYTES).toBe(10 * 1024 * 1024);
  });
});

describe('generated demo photos', () => {
  const red = CAR_COLORS.find((c) => c.name === 'Red')!.hex;

  it('renders every body style in every view, and each passes processListingImage', async () => {
    for (const bodyStyle of CAR_BODY_STYLES) {
      const views = await Promise.all([0, 1, 2, 3].map((view) => renderCarPhoto({ seed: 7, bodyStyle, color: red, view })));
      for (const photo of views) {
        const meta = await sharp(photo).metadata();
        expect(meta.format).toBe('png');
        expect(meta.width! / meta.height!).toBeCloseTo(4 / 3, 2);
        const out = await processListingImage(photo);
        expect(out.width).toBe(meta.width);
      }
      // The views are different pictures.
      expect(new Set(views.map((v) => v.toString('base64'))).size).toBe(4);
    }
  });

  it('gives different pictures for different seeds, and the same picture for the same options', async () => {
    const a = await renderCarPhoto({ seed: 1, bodyStyle: 'sedan', color: red, view: 0 });
    const b = await renderCarPhoto({ seed: 2, bodyStyle: 'sedan', color: red, view: 0 });
    const again = await renderCarPhoto({ seed: 1, bodyStyle: 'sedan', color: red, view: 0 });
    expect(a.equals(b)).toBe(false);
    expect(a.equals(again)).toBe(true);
    // Not just a few pixels apart: the mean absolute difference is large.
    const [ra, rb] = await Promise.all([a, b].map((x) => sharp(x).resize(64, 48).raw().toBuffer()));
    let diff = 0;
    for (let i = 0; i < ra!.length; i++) diff += Math.abs(ra![i]! - rb![i]!);
    expect(diff / ra!.length).toBeGreaterThan(10);
  });

  it('renders TLC plates and medallions that pass processListingImage', async () => {
    const photos = await Promise.all([
      renderPlatePhoto({ seed: 1, kind: 'tlc', plateNumber: 'T123456C' }),
      renderPlatePhoto({ seed: 2, kind: 'tlc', plateNumber: 'T654321C' }),
      renderPlatePhoto({ seed: 1, kind: 'medallion', plateNumber: '5J42' }),
      renderPlatePhoto({ seed: 2, kind: 'medallion', plateNumber: '7A19' }),
    ]);
    expect(new Set(photos.map((p) => p.toString('base64'))).size).toBe(4);
    for (const photo of photos) {
      const out = await processListingImage(photo);
      expect(out.width).toBeGreaterThan(0);
      expect((await sharp(out.thumb).metadata()).width).toBe(400);
    }
  });

  it('accepts any color string and odd seeds without failing', async () => {
    await expect(renderCarPhoto({ seed: -3.7, bodyStyle: 'suv', color: 'not a color', view: 9 })).resolves.toBeInstanceOf(Buffer);
    await expect(renderPlatePhoto({ seed: 2 ** 40, kind: 'tlc', plateNumber: 't-12 3ü' })).resolves.toBeInstanceOf(Buffer);
  });
});
