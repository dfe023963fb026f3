import useEmblaCarousel from 'embla-carousel-react';
import { ChevronLeft, ChevronRight, Package } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { cn } from '@/lib/cn';

/**
 * The product's image slider: arrows and position dots only when there is more than one image; a
 * neutral placeholder when none. `priority`: a card at the top of the first screen, whose first
 * image is fetched at once (it is the page's largest paint).
 */
export function ProductImages({ images, title, priority = false }: { images: string[]; title: string; priority?: boolean }) {
  const { t } = useTranslation('shop');
  const [emblaRef, emblaApi] = useEmblaCarousel({ loop: true });
  const [selected, setSelected] = useState(0);
  useEffect(() => {
    if (!emblaApi) return;
    const onSelect = () => setSelected(emblaApi.selectedScrollSnap());
    onSelect();
    emblaApi.on('select', onSelect);
    return () => {
      emblaApi.off('select', onSelect);
    };
  }, [emblaApi]);
  // The pictures behind the first are hidden until the visitor turns to them: fetched once the slider
  // runs (after hydration), not in the page's first load, where a phone's browser would fetch them at
  // once (its lazy-loading margin is wide on a slow link) while the app's code waits for the same link.
  const restReady = emblaApi !== undefined;
  if (images.length === 0) {
    return (
      <div className="flex aspect-[4/3] items-center justify-center rounded-t-2xl bg-slate-100 text-slate-400" data-testid="product-placeholder">
        <Package aria-hidden="true" className="size-14" />
      </div>
    );
  }
  return (
    <div className="relative">
      <div ref={emblaRef} className="overflow-hidden rounded-t-2xl bg-slate-100">
        <div className="flex">
          {images.map((src, index) => (
            <div key={src} className="min-w-0 shrink-0 grow-0 basis-full">
              {index > 0 && !restReady ? (
                <div className="aspect-[4/3] w-full" data-testid="product-image-later" />
              ) : (
                <img
                  src={src}
                  alt={images.length > 1 ? t('imageOf', { title, n: index + 1, total: images.length }) : title}
                  loading={priority && index === 0 ? 'eager' : 'lazy'}
                  fetchPriority={priority && index === 0 ? 'high' : 'auto'}
                  width={400}
                  height={300}
                  className="aspect-[4/3] w-full object-cover"
                />
              )}
            </div>
          ))}
        </div>
      </div>
      {images.length > 1 && (
        <>
          <button
            type="button"
            aria-label={t('previousImage')}
            onClick={() => emblaApi?.scrollPrev()}
            className="absolute left-2 top-1/2 flex size-10 -translate-y-1/2 items-center justify-center rounded-full bg-white/90 text-asphalt shadow hover:bg-white"
          >
            <ChevronLeft aria-hidden="true" className="size-5" />
          </button>
          <button
            type="button"
            aria-label={t('nextImage')}
            onClick={() => emblaApi?.scrollNext()}
            className="absolute right-2 top-1/2 flex size-10 -translate-y-1/2 items-center justify-center rounded-full bg-white/90 text-asphalt shadow hover:bg-white"
          >
            <ChevronRight aria-hidden="true" className="size-5" />
          </button>
          {/* Which picture is showing (each image's alt text says it too). */}
          <div aria-hidden="true" className="pointer-events-none absolute inset-x-0 bottom-3 flex justify-center">
            <div className="flex gap-1.5 rounded-full bg-white/85 px-2 py-1.5 shadow-sm" data-testid="product-image-dots">
              {images.map((src, index) => (
                <span key={src} className={cn('h-1.5 rounded-full transition-all', index === selected ? 'w-5 bg-asphalt' : 'w-1.5 bg-asphalt/35')} />
              ))}
            </div>
          </div>
        </>
      )}
    </div>
  );
}
