import { ImagePlus, Star, Trash2 } from 'lucide-react';
import { MAX_IMAGE_BYTES } from '@medallion/contracts/listing-filters';
import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { cn } from '@/lib/cn';
import { IconButton } from './icon-button';

export type PickedImage = { id: string; kind: 'stored'; name: string; preview: string } | { id: string; kind: 'new'; file: File; preview: string };

let counter = 0;
const nextId = () => `picked-${++counter}`;

/** HEIC/HEIF photos (iPhones): browsers other than Safari cannot draw them, and the server cannot read them either. */
const HEIC = /\.(heic|heif)$/i;
/** Types the server reads but a browser may not draw (TIFF): the server decides about those. */
const SERVER_DECIDES = new Set(['image/tiff', 'image/tif']);

/**
 * Whether the browser can decode the file as a picture (it reads the content, not the name or type):
 * a text file renamed .jpg is refused here at once, with the message the server gives on save.
 */
export async function decodesAsPicture(file: File): Promise<boolean> {
  try {
    if (typeof createImageBitmap === 'function') {
      const bitmap = await createImageBitmap(file);
      bitmap.close();
      return true;
    }
    const url = URL.createObjectURL(file);
    try {
      const image = new Image();
      image.src = url;
      await image.decode();
      return true;
    } finally {
      URL.revokeObjectURL(url);
    }
  } catch {
    return false;
  }
}

/** Why a picked file cannot be a picture (a catalogue key, as the server says it), or null when it can. */
export async function pictureProblem(file: File): Promise<'image.notAPicture' | 'image.heicUnsupported' | null> {
  if (await decodesAsPicture(file)) return null;
  if (HEIC.test(file.name) || /^image\/hei[cf]/.test(file.type)) return 'image.heicUnsupported';
  if (SERVER_DECIDES.has(file.type)) return null;
  return 'image.notAPicture';
}

/** Pictures already saved on the server, by stored name, with their preview URLs. */
export function storedImages(names: string[], previews: string[]): PickedImage[] {
  return names.map((name, i) => ({ id: nextId(), kind: 'stored', name, preview: previews[i] ?? '' }));
}

/** Every text the picker shows, already translated by the feature that uses it. */
export interface PicturePickerLabels {
  title: string;
  /** Under the title, e.g. "3 of 9. The first photo is the main one." */
  hint: string;
  listLabel: string;
  /** The badge on the first picture ("Main", "Cover"). */
  firstBadge: string;
  alt: (n: number) => string;
  remove: (n: number) => string;
  removeShort: string;
  add: string;
  addHint: string;
  notImage: (name: string) => string;
  tooMany: string;
  problemAt: (n: number, message: string) => string;
}

/** The picked pictures, as a form holds them. */
export interface PickedImagesProps {
  images: PickedImage[];
  onChange: (images: PickedImage[]) => void;
  /** Server messages by picture index ("images.N"), or for the whole list (index null). */
  errors?: { index: number | null; message: string }[];
}

interface Props extends PickedImagesProps {
  max: number;
  labels: PicturePickerLabels;
  /** The controls at the start of a tile's bar (the remove button is at its end); `move(to)` puts the picture at `to`. */
  renderControls: (index: number, move: (to: number) => void) => ReactNode;
  /** "section": the title is a section heading; "field": it looks like a form field's label. */
  titleStyle?: 'section' | 'field';
  /** Extra classes for the tiles grid (e.g. fewer columns in a narrow column). */
  listClassName?: string;
  tileTestId?: string;
}

/**
 * Pictures picked for upload: image files only (each decoded in the browser first, so a non-picture is
 * refused at once with the server's message), at most 10 MB each and `max` in all, previews before
 * saving. The first is the main one (badge and ring); pictures can be reordered and any can be removed.
 */
export function PicturePicker({ images, onChange, errors = [], max, labels, renderControls, titleStyle = 'field', listClassName, tileTestId }: Props) {
  const { t } = useTranslation('common');
  const inputId = useId();
  const [problems, setProblems] = useState<string[]>([]);
  const urls = useRef(new Set<string>());
  // The pictures as the form holds them now: files are checked asynchronously and added to the latest list.
  const current = useRef(images);
  useEffect(() => {
    current.current = images;
  }, [images]);
  const [checking, setChecking] = useState(false);

  // Object URLs of new pictures are released when the form goes away.
  useEffect(() => {
    const owned = urls.current;
    return () => {
      for (const url of owned) URL.revokeObjectURL(url);
    };
  }, []);

  const add = async (files: File[]) => {
    if (files.length === 0) return;
    setChecking(true);
    const found: string[] = [];
    const accepted: File[] = [];
    try {
      for (const file of files) {
        const heic = HEIC.test(file.name);
        if (!file.type.startsWith('image/') && !heic) {
          found.push(labels.notImage(file.name));
        } else if (file.size > MAX_IMAGE_BYTES) {
          found.push(`${file.name}: ${t('messages.imageTooLarge')}`);
        } else {
          // Decoded in the browser: a file that only claims to be a picture is refused now, not on save.
          const problem = await pictureProblem(file);
          if (problem) found.push(`${file.name}: ${t(`messages.${problem}`)}`);
          else accepted.push(file);
        }
      }
    } finally {
      setChecking(false);
    }
    const added: PickedImage[] = [];
    for (const file of accepted) {
      if (current.current.length + added.length >= max) {
        found.push(labels.tooMany);
        break;
      }
      const preview = URL.createObjectURL(file);
      urls.current.add(preview);
      added.push({ id: nextId(), kind: 'new', file, preview });
    }
    setProblems(found);
    if (added.length > 0) onChange([...current.current, ...added]);
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

  const full = images.length >= max;
  const messages = [...problems, ...errors.map((e) => (e.index === null ? e.message : labels.problemAt(e.index + 1, e.message)))];

  return (
    <fieldset className="flex flex-col gap-3" aria-describedby={`${inputId}-hint`} aria-busy={checking || undefined}>
      <legend className={cn('mb-1.5', titleStyle === 'section' ? 'text-lg font-bold' : 'text-sm font-semibold text-slate-800')}>{labels.title}</legend>
      <p id={`${inputId}-hint`} className="-mt-1 text-sm text-slate-600">
        {labels.hint}
      </p>
      {images.length > 0 && (
        <ol className={cn('grid grid-cols-2 gap-3 sm:grid-cols-3', listClassName)} aria-label={labels.listLabel}>
          {images.map((image, index) => (
            <li
              key={image.id}
              data-testid={tileTestId}
              className={cn('relative overflow-hidden rounded-xl border bg-slate-100', index === 0 ? 'border-asphalt ring-2 ring-taxi' : 'border-slate-200')}
            >
              <img src={image.preview} alt={labels.alt(index + 1)} className="aspect-[4/3] w-full object-cover" />
              {index === 0 && (
                <span className="absolute left-2 top-2 inline-flex items-center gap-1 rounded-full bg-taxi px-2 py-0.5 text-xs font-bold text-asphalt">
                  <Star aria-hidden="true" className="size-3.5" />
                  {labels.firstBadge}
                </span>
              )}
              {/* Delete sits on the picture, so the row below has the whole width for its controls (long Russian labels at 375 px). */}
              <IconButton
                tone="danger"
                size="sm"
                label={labels.remove(index + 1)}
                title={labels.removeShort}
                onClick={() => remove(index)}
                className="absolute right-1.5 top-1.5 bg-white/95 shadow-sm ring-1 ring-slate-200 hover:bg-red-50"
              >
                <Trash2 aria-hidden="true" className="size-4" />
              </IconButton>
              <div className="flex min-h-12 items-center bg-white p-1.5">{renderControls(index, (to) => move(index, to))}</div>
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
        <span className="font-semibold text-asphalt">{labels.add}</span>
        <span className="text-sm text-slate-600">{labels.addHint}</span>
        <input
          id={inputId}
          type="file"
          accept="image/*"
          multiple
          disabled={full}
          className="sr-only"
          onChange={(event) => {
            const files = Array.from(event.target.files ?? []);
            event.target.value = '';
            void add(files);
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
