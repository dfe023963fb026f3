import { Star } from 'lucide-react';
import { MAX_LISTING_IMAGES } from '@medallion/contracts/listing-filters';
import { useTranslation } from 'react-i18next';
import { PicturePicker, type PickedImagesProps } from '@/components/ui/picture-picker';

/**
 * Up to 9 pictures: image files only, ≤ 10 MB each, previews before upload; the first is
 * the main picture, any other can be made main (moved first) and any can be deleted.
 */
export function ImagePicker({ images, onChange, errors }: PickedImagesProps) {
  const { t } = useTranslation('createListing');
  return (
    <PicturePicker
      images={images}
      onChange={onChange}
      errors={errors}
      max={MAX_LISTING_IMAGES}
      tileTestId="picked-image"
      labels={{
        title: t('images.title'),
        hint: t('images.hint', { count: images.length, max: MAX_LISTING_IMAGES }),
        listLabel: t('images.listLabel'),
        firstBadge: t('images.main'),
        alt: (n) => t('images.alt', { n }),
        remove: (n) => t('images.deleteLabel', { n }),
        removeShort: t('images.delete'),
        add: t('images.add'),
        addHint: t('images.addHint'),
        notImage: (name) => t('images.notImage', { name }),
        tooMany: t('common:messages.imagesTooMany'),
        problemAt: (n, message) => t('images.problemAt', { n, message }),
      }}
      renderControls={(index, move) =>
        index === 0 ? (
          <span className="px-1.5 text-xs text-slate-600">{t('images.cover')}</span>
        ) : (
          <button
            type="button"
            onClick={() => move(0)}
            aria-label={t('images.makeMainLabel', { n: index + 1 })}
            className="inline-flex min-h-9 items-center gap-1 whitespace-nowrap rounded-lg px-1.5 text-xs font-semibold text-asphalt hover:bg-slate-100"
          >
            <Star aria-hidden="true" className="size-4" />
            {t('images.makeMain')}
          </button>
        )
      }
    />
  );
}
