import { ImagePlus, Star, Trash2 } from 'lucide-react';
import { MAX_IMAGE_BYTES, MAX_LISTING_IMAGES } from '@medallion/contracts/listing-filters';
import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { cn } from '@/lib/cn';

export type PickedImage =
  | { id: string; kind: 'stored'; name: string; preview: string }
  | { id: string; kind: 'new'; file: File; preview: string };

interface Props {
  images: PickedImage[];
  onChange: (images: PickedImage[]) => void;
  /** Server messages by picture index ("images.N"), and for the whole list. */
  errors?: { index: number | null; message: string }[];
}

let counter = 0;
const nextId = () => `picked-${++counter}`;

export function storedImages(names: string[], previews: string[]): PickedImage[] {
  return names.map((name, i) => ({ id: nextId(), kind: 'stored', name, preview: previews[i] ?? '' }));
}

/**
 * Up to 9 pictures (spec §5/§9): image files only, ≤ 10 MB each, previews before upload; the first is
 * the main picture, any other can be made main (moved first) and any can be deleted.
 */
export function ImagePicker({ images, onChange, errors = [] }: Props) {
  const { t } = useTranslation('createListing');
  const inputId = useId();
  const [problems, setProblems] = useState<string[]>([]);
  const urls = useRef(new Set<string>());

  // Object URLs of new pictures are released when the form goes away.
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
      } else if (images.length + added.length >= MAX_LISTING_IMAGES) {
        found.push(t('common:validation.imagesTooMany'));
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

  const makeMain = (index: number) => {
    const image = images[index];
    if (!image) return;
    onChange([image, ...images.filter((_, i) => i !== index)]);
  };

  const full = images.length >= MAX_LISTING_IMAGES;
  const messages = [...problems, ...errors.map((e) => (e.index === null ? e.message : t('images.problemAt', { n: e.index + 1, message: e.message })))];

  return (
    <fieldset className="flex flex-col gap-3" aria-describedby={`${inputId}-hint`}>
      <legend className="mb-1.5 text-sm font-semibold text-slate-800">{t('images.title')}</legend>
      <p id={`${inputId}-hint`} className="-mt-1 text-sm text-slate-600">
        {t('images.hint', { count: images.length, max: MAX_LISTING_IMAGES })}
      </p>
      {images.length > 0 && (
        <ol className="grid grid-cols-2 gap-3 sm:grid-cols-3" aria-label={t('images.listLabel')}>
          {images.map((image, index) => (
            <li
              key={image.id}
              data-testid="picked-image"
              className={cn('relative overflow-hidden rounded-xl border bg-slate-100', index === 0 ? 'border-asphalt ring-2 ring-taxi' : 'border-slate-200')}
            >
              <img src={image.preview} alt={t('images.alt', { n: index + 1 })} className="aspect-[4/3] w-full object-cover" />
              {index === 0 && (
                <span className="absolute left-2 top-2 inline-flex items-center gap-1 rounded-full bg-taxi px-2 py-0.5 text-xs font-bold text-asphalt">
                  <Star aria-hidden="true" className="size-3.5" />
                  {t('images.main')}
                </span>
              )}
              <div className="flex items-center justify-between gap-1 bg-white p-1.5">
                {index === 0 ? (
                  <span className="px-1.5 text-xs text-slate-600">{t('images.cover')}</span>
                ) : (
                  <button
                    type="button"
                    onClick={() => makeMain(index)}
                    aria-label={t('images.makeMainLabel', { n: index + 1 })}
                    className="inline-flex min-h-9 items-center gap-1 rounded-lg px-2 text-xs font-semibold text-asphalt hover:bg-slate-100"
                  >
                    <Star aria-hidden="true" className="size-4" />
                    {t('images.makeMain')}
                  </button>
                )}
                <button
                  type="button"
                  onClick={() => remove(index)}
                  aria-label={t('images.deleteLabel', { n: index + 1 })}
                  title={t('images.delete')}
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
