import { SlidersHorizontal } from 'lucide-react';
import type { StoredListingFilters } from '@medallion/contracts/listings';
import { Suspense, useEffect, useRef, useState } from 'react';
import { MOBILE_BREAKPOINT_PX } from '@medallion/contracts/site';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { lazyNamed } from '@/components/ui/lazy';

/** The sheet (radix dialog) is a chunk of its own: a phone loads it when the button is touched, a laptop never. */
const FiltersSheetDialog = lazyNamed(() => import('./filters-sheet-dialog'), 'FiltersSheetDialog');
const preload = () => void FiltersSheetDialog.preload().catch(() => undefined);

interface Props {
  activeCount: number;
  onSearch: (filters: StoredListingFilters) => void;
  serverErrors?: Partial<Record<string, string>>;
}

/** Phones (< 768 px): the filters behind a "Filters" button, in a sheet that closes on Search. */
export function FiltersSheet({ activeCount, onSearch, serverErrors }: Props) {
  const { t } = useTranslation('listings');
  const [open, setOpen] = useState(false);
  // Mounted from the first opening on (and kept, like the dialog it replaces).
  const [used, setUsed] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  // On a wider window the panel is beside the list again: the sheet closes.
  useEffect(() => {
    if (!open) return;
    const query = window.matchMedia(`(min-width: ${MOBILE_BREAKPOINT_PX}px)`);
    const onChange = () => {
      if (query.matches) setOpen(false);
    };
    onChange();
    query.addEventListener('change', onChange);
    return () => query.removeEventListener('change', onChange);
  }, [open]);
  return (
    <>
      <Button
        ref={button}
        variant="outline"
        className="md:hidden"
        aria-haspopup="dialog"
        aria-expanded={open}
        aria-controls={open ? 'filters-sheet' : undefined}
        onPointerDown={preload}
        onFocus={preload}
        onClick={() => {
          setUsed(true);
          setOpen(true);
        }}
      >
        <SlidersHorizontal aria-hidden="true" className="size-5" />
        {t('filters.open')}
        {activeCount > 0 && (
          <span className="inline-flex min-w-6 items-center justify-center rounded-full bg-taxi px-1.5 text-sm font-bold text-asphalt">
            {activeCount}
            <span className="sr-only"> {t('filters.activeCount', { count: activeCount })}</span>
          </span>
        )}
      </Button>
      {used && (
        <Suspense fallback={null}>
          <FiltersSheetDialog open={open} onOpenChange={setOpen} trigger={button} onSearch={onSearch} serverErrors={serverErrors} />
        </Suspense>
      )}
    </>
  );
}
