// @vitest-environment jsdom
import { fireEvent, screen } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { PicturePicker, pictureProblem, type PickedImage, type PicturePickerLabels } from '@/components/ui/picture-picker';
import { renderWithApp } from './support/render';

const labels: PicturePickerLabels = {
  title: 'Pictures',
  hint: 'Up to 3',
  listLabel: 'Picked pictures',
  firstBadge: 'Cover',
  alt: (n) => `Picture ${n}`,
  remove: (n) => `Remove picture ${n}`,
  removeShort: 'Remove',
  add: 'Add pictures',
  addHint: 'JPEG, PNG or WebP',
  notImage: (name) => `${name} is not a picture`,
  tooMany: 'Too many pictures',
  problemAt: (n, message) => `Picture ${n}: ${message}`,
};

const file = (name: string, type: string, text = 'bytes') => new File([text], name, { type });

/** The browser's decoder: it draws files whose content starts with "PNG", like a real decoder reads the content. */
function stubDecoder() {
  const decode = vi.fn(async (blob: Blob) => {
    const head = await blob.text();
    if (!head.startsWith('PNG')) throw new DOMException('The source image could not be decoded.', 'InvalidStateError');
    return { close: () => undefined };
  });
  vi.stubGlobal('createImageBitmap', decode);
  return decode;
}

describe('PicturePicker', () => {
  beforeEach(() => {
    URL.createObjectURL = vi.fn(() => `blob:preview-${Math.random()}`);
    URL.revokeObjectURL = vi.fn();
  });

  it('says why a file is not a picture by the server’s keys, from its content', async () => {
    stubDecoder();
    expect(await pictureProblem(file('notes.jpg', 'image/jpeg', 'just text'))).toBe('image.notAPicture');
    expect(await pictureProblem(file('IMG_0001.HEIC', 'image/heic', 'ftypheic'))).toBe('image.heicUnsupported');
    expect(await pictureProblem(file('scan.tif', 'image/tiff', 'II*'))).toBeNull();
    expect(await pictureProblem(file('photo.png', 'image/png', 'PNG data'))).toBeNull();
  });

  it('refuses a text file renamed .jpg at once, with the server’s message, and adds nothing', async () => {
    const decode = stubDecoder();
    const onChange = vi.fn<(images: PickedImage[]) => void>();
    await renderWithApp(<PicturePicker images={[]} onChange={onChange} max={3} labels={labels} renderControls={() => null} />);
    const input = screen.getByLabelText(/Add pictures/) as HTMLInputElement;
    fireEvent.change(input, { target: { files: [file('notes.jpg', 'image/jpeg', 'just text'), file('car.png', 'image/png', 'PNG data')] } });
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe('notes.jpg: This file is not a picture we can read. Use a JPEG, PNG or WebP photo.');
    expect(decode).toHaveBeenCalledTimes(2);
    expect(onChange).toHaveBeenCalledTimes(1);
    expect(onChange.mock.calls[0]![0].map((image) => (image.kind === 'new' ? image.file.name : image.name))).toEqual(['car.png']);
  });
});
