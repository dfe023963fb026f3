import { ArrowLeft, ArrowRight } from 'lucide-react';
import { MAX_PRODUCT_IMAGES } from '@medallion/contracts/admin-shop';
import { useTranslation } from 'react-i18next';
import { IconButton } from '@/components/ui/icon-button';
import { PicturePicker, type PickedImagesProps } from '@/components/ui/picture-picker';

/**
 * Product pictures: image files only, at most 10 MB and 9 pictures, previews before saving. The first is
 * the cover; pictures move earlier or later, and any can be removed.
 */
export function ProductImagePicker({ images, onChange, errors }: PickedImagesProps) {
  const { t } = useTranslation('adminShop');
  return (
    <PicturePicker
      images={images}
      onChange={onChange}
      errors={errors}
      max={MAX_PRODUCT_IMAGES}
      titleStyle="section"
      listClassName="lg:grid-cols-2"
      tileTestId="product-picked-image"
      labels={{
        title: t('images.title'),
        hint: t('images.hint', { count: images.length, max: MAX_PRODUCT_IMAGES }),
        listLabel: t('images.listLabel'),
        firstBadge: t('images.cover'),
        alt: (n) => t('images.alt', { n }),
        remove: (n) => t('images.remove', { n }),
        removeShort: t('images.removeShort'),
        add: t('images.add'),
        addHint: t('images.addHint'),
        notImage: (name) => t('images.notImage', { name }),
        tooMany: t('common:messages.productImagesTooMany'),
        problemAt: (n, message) => t('images.problemAt', { n, message }),
      }}
      renderControls={(index, move) => (
        <div className="flex items-center">
          <IconButton
            size="sm"
            disabled={index === 0}
            onClick={() => move(index - 1)}
            label={t('images.moveLeft', { n: index + 1 })}
            title={t('images.moveLeftShort')}
          >
            <ArrowLeft aria-hidden="true" className="size-4" />
          </IconButton>
          <IconButton
            size="sm"
            disabled={index === images.length - 1}
            onClick={() => move(index + 1)}
            label={t('images.moveRight', { n: index + 1 })}
            title={t('images.moveRightShort')}
          >
            <ArrowRight aria-hidden="true" className="size-4" />
          </IconButton>
        </div>
      )}
    />
  );
}
