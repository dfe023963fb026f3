import { ArrowLeft, ArrowRight, ImagePlus, Star, Trash2 } from 'lucide-react';
import { MAX_PRODUCT_IMAGES } from '@medallion/contracts/admin-shop';
import { MAX_IMAGE_BYTES } from '@medallion/contracts/listing-filters';
import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { cn } from '@/lib/cn';

export type PickedImage =
  | { id: string; kind: 'stored'; name: string; preview: string }
  | { id: string; kind: 'new'; file: File; preview: string };

let counter = 0;
const nextId = () => `product-image-${++counter}`;

export function storedImages(names: string[], urls: string[]): PickedImage[] {
  return names.map((name, i) => ({ id: nextId(), kind: 'stored', name, preview: urls[i] ?? '' }));
}

interface Props {
  images: PickedImage[];
  onChange: (images: PickedImage[]) => void;
  /** Server messages by picture index ("images.N"), or for the whole list (index null). */
  errors?: { index: number | null; message: string }[];
}

const ICON_BUTTON = 'inline-flex size-9 items-center justify-center rounded-lg text-asphalt hover:bg-slate-100 disabled:opacity-40 disabled:hover:bg-transparent';

/**
 * Product pictures: image files only, at most 10 MB and 9 pictures, previews before saving. The first is
 * the cover; pictures move earlier or later, and any can be removed.
 */
export function ProductImagePicker({ images, onChange, errors = [] }: Props) {
  const { t } = useTranslation('adminShop');
  const inputId = useId();
  const [problems, setProblems] = useState<string[]>([]);
  const urls = useRef(new Set<string>());

  // Object URLs of new pictures are released when the editor goes away.
  useEffect(() => {
    const owned = urls.current;
    return () => {
      for (const url of owned) URL.revokeObjectURL(url);
    };
  }, []);

  const add = (files: FileList | null) => {
    if (!files) return;
    const found: string[] = [];
    const added: PickedImage[] = [];
    for (const file of Array.from(files)) {
      if (!file.type.startsWith('image/')) {
        found.push(t('images.notImage', { name: file.name }));
      } else if (file.size > MAX_IMAGE_BYTES) {
        found.push(`${file.name}: ${t('common:validation.imageTooLarge')}`);
      } else if (images.length + added.length >= MAX_PRODUCT_IMAGES) {
        found.push(t('common:validation.productImagesTooMany'));
        break;
      } else {
        const preview = URL.createObjectURL(file);
        urls.current.add(preview);
        added.push({ id: nextId(), kind: 'new', file, preview });
      }
    }
    setProblems(found);
    if (added.length > 0) onChange([...images, ...added]);
  };

  const remove = (index: number) => {
    const image = images[index];
    if (image?.kind === 'new') {
      URL.revokeObjectURL(image.preview);
      urls.current.delete(image.preview);
    }
    setProblems([]);
    onChange(images.filter((_, i) => i !== index));
  };

  const move = (from: number, to: number) => {
    const image = images[from];
    if (!image || to < 0 || to >= images.length) return;
    const rest = images.filter((_, i) => i !== from);
    onChange([...rest.slice(0, to), image, ...rest.slice(to)]);
  };

  const full = images.length >= MAX_PRODUCT_IMAGES;
  const messages = [...problems, ...errors.map((e) => (e.index === null ? e.message : t('images.problemAt', { n: e.index + 1, message: e.message })))];

  return (
    <fieldset className="flex flex-col gap-3" aria-describedby={`${inputId}-hint`}>
      <legend className="mb-1.5 text-lg font-bold">{t('images.title')}</legend>
      <p id={`${inputId}-hint`} className="-mt-1 text-sm text-slate-600">
        {t('images.hint', { count: images.length, max: MAX_PRODUCT_IMAGES })}
      </p>
      {images.length > 0 && (
        <ol className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-2" aria-label={t('images.listLabel')}>
          {images.map((image, index) => (
            <li
              key={image.id}
              data-testid="product-picked-image"
              className={cn('relative overflow-hidden rounded-xl border bg-slate-100', index === 0 ? 'border-asphalt ring-2 ring-taxi' : 'border-slate-200')}
            >
              <img src={image.preview} alt={t('images.alt', { n: index + 1 })} className="aspect-[4/3] w-full object-cover" />
              {index === 0 && (
                <span className="absolute left-2 top-2 inline-flex items-center gap-1 rounded-full bg-taxi px-2 py-0.5 text-xs font-bold text-asphalt">
                  <Star aria-hidden="true" className="size-3.5" />
                  {t('images.cover')}
                </span>
              )}
              <div className="flex items-center justify-between gap-1 bg-white p-1.5">
                <div className="flex items-center">
                  <button type="button" className={ICON_BUTTON} disabled={index === 0} onClick={() => move(index, index - 1)} aria-label={t('images.moveLeft', { n: index + 1 })} title={t('images.moveLeftShort')}>
                    <ArrowLeft aria-hidden="true" className="size-4" />
                  </button>
                  <button
                    type="button"
                    className={ICON_BUTTON}
                    disabled={index === images.length - 1}
                    onClick={() => move(index, index + 1)}
                    aria-label={t('images.moveRight', { n: index + 1 })}
                    title={t('images.moveRightShort')}
                  >
                    <ArrowRight aria-hidden="true" className="size-4" />
                  </button>
                </div>
                <button
                  type="button"
                  onClick={() => remove(index)}
                  aria-label={t('images.remove', { n: index + 1 })}
                  title={t('images.removeShort')}
                  className="inline-flex size-9 items-center justify-center rounded-lg text-danger-text hover:bg-danger/10"
                >
                  <Trash2 aria-hidden="true" className="size-4" />
                </button>
              </div>
            </li>
          ))}
        </ol>
      )}
      <label
        htmlFor={inputId}
        className={cn(
          'flex min-h-24 cursor-pointer flex-col items-center justify-center gap-1 rounded-xl border-2 border-dashed border-slate-300 bg-white p-4 text-center text-slate-700',
          'hover:border-slate-400 has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-info',
          full && 'cursor-not-allowed opacity-60',
        )}
      >
        <ImagePlus aria-hidden="true" className="size-7 text-slate-500" />
        <span className="font-semibold text-asphalt">{t('images.add')}</span>
        <span className="text-sm text-slate-600">{t('images.addHint')}</span>
        <input
          id={inputId}
          type="file"
          accept="image/*"
          multiple
          disabled={full}
          className="sr-only"
          onChange={(event) => {
            add(event.target.files);
            event.target.value = '';
          }}
        />
      </label>
      {messages.length > 0 && (
        <ul role="alert" className="flex flex-col gap-1 text-sm font-medium text-danger-text">
          {messages.map((m, i) => (
            <li key={i}>{m}</li>
          ))}
        </ul>
      )}
    </fieldset>
  );
}
