import { ChevronLeft, ChevronRight, X } from 'lucide-react';
import { useRef, type KeyboardEvent, type PointerEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Dialog, DialogClose, DialogContent, DialogTitle } from '@/components/ui/dialog';

interface Props {
  title: string;
  images: string[];
  index: number;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onIndexChange: (index: number) => void;
}

/** Wraps around both ways: after the last photo comes the first. */
export function wrapIndex(index: number, count: number): number {
  return count === 0 ? 0 : ((index % count) + count) % count;
}

/** The full-window photo viewer: close, left and right arrows that wrap, ←/→/Esc, swipe on phones. */
export function ListingGallery({ title, images, index, open, onOpenChange, onIndexChange }: Props) {
  const { t } = useTranslation('listings');
  const count = images.length;
  const current = wrapIndex(index, count);
  const go = (step: number) => onIndexChange(wrapIndex(current + step, count));
  const swipeStart = useRef<number | null>(null);

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'ArrowLeft') {
      event.preventDefault();
      go(-1);
    } else if (event.key === 'ArrowRight') {
      event.preventDefault();
      go(1);
    }
  };
  const onPointerDown = (event: PointerEvent) => {
    if (event.pointerType !== 'mouse') swipeStart.current = event.clientX;
  };
  const onPointerUp = (event: PointerEvent) => {
    const start = swipeStart.current;
    swipeStart.current = null;
    if (start === null || count < 2) return;
    const dx = event.clientX - start;
    if (Math.abs(dx) > 50) go(dx < 0 ? 1 : -1);
  };

  const arrow =
    'absolute top-1/2 z-10 inline-flex size-12 -translate-y-1/2 items-center justify-center rounded-full bg-white/15 text-white hover:bg-white/25 focus-visible:bg-white/25 sm:size-14';

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent
        overlay="black"
        aria-describedby={undefined}
        onKeyDown={onKeyDown}
        className="fixed inset-0 z-50 flex flex-col bg-black text-white focus:outline-none"
      >
        <div className="flex items-center gap-3 px-3 py-2 sm:px-5 sm:py-3">
          <DialogTitle className="min-w-0 flex-1 truncate text-base font-semibold text-white sm:text-lg">{title}</DialogTitle>
          <p className="shrink-0 tabular-nums text-white/80" aria-live="polite" aria-atomic="true">
            <span className="sr-only">{t('gallery.photo')} </span>
            {t('gallery.counter', { current: current + 1, total: count })}
          </p>
          <DialogClose className="inline-flex size-11 shrink-0 items-center justify-center rounded-full hover:bg-white/15" aria-label={t('gallery.close')}>
            <X aria-hidden="true" className="size-7" />
          </DialogClose>
        </div>
        <div
          className="relative flex min-h-0 flex-1 touch-pan-y items-center justify-center px-2 pb-4 sm:px-20"
          onPointerDown={onPointerDown}
          onPointerUp={onPointerUp}
        >
          {count > 0 && (
            <img
              key={images[current]}
              src={images[current]}
              alt={t('gallery.alt', { title, current: current + 1, total: count })}
              className="max-h-full max-w-full select-none object-contain"
              draggable={false}
            />
          )}
          {count > 1 && (
            <>
              <button type="button" className={`${arrow} left-2 sm:left-5`} onClick={() => go(-1)} aria-label={t('gallery.previous')}>
                <ChevronLeft aria-hidden="true" className="size-8" />
              </button>
              <button type="button" className={`${arrow} right-2 sm:right-5`} onClick={() => go(1)} aria-label={t('gallery.next')}>
                <ChevronRight aria-hidden="true" className="size-8" />
              </button>
            </>
          )}
        </div>
      </DialogContent>
    </Dialog>
  );
}
