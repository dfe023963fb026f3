import { SlidersHorizontal, X } from 'lucide-react';
import { Dialog } from 'radix-ui';
import type { StoredListingFilters } from '@medallion/contracts/listings';
import { useEffect, useState } from 'react';
import { MOBILE_BREAKPOINT_PX } from '@medallion/contracts/site';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { ListingFiltersForm } from './listing-filters-form';

interface Props {
  activeCount: number;
  onSearch: (filters: StoredListingFilters) => void;
  serverErrors?: Partial<Record<string, string>>;
}

/** Phones (< 768 px): the filters behind a "Filters" button, in a sheet that closes on Search. */
export function FiltersSheet({ activeCount, onSearch, serverErrors }: Props) {
  const { t } = useTranslation('listings');
  const [open, setOpen] = useState(false);
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
    <Dialog.Root open={open} onOpenChange={setOpen}>
      <Dialog.Trigger asChild>
        <Button variant="outline" className="md:hidden">
          <SlidersHorizontal aria-hidden="true" className="size-5" />
          {t('filters.open')}
          {activeCount > 0 && (
            <span className="inline-flex min-w-6 items-center justify-center rounded-full bg-taxi px-1.5 text-sm font-bold text-asphalt">
              {activeCount}
              <span className="sr-only"> {t('filters.activeCount', { count: activeCount })}</span>
            </span>
          )}
        </Button>
      </Dialog.Trigger>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-asphalt/60" />
        <Dialog.Content
          className="fixed inset-y-0 left-0 z-50 flex w-full max-w-sm flex-col bg-paper shadow-xl focus:outline-none"
          onEscapeKeyDown={(event) => {
            // Escape first closes the suggestions (or their status) of the location field.
            const target = event.target as HTMLElement | null;
            if (target?.getAttribute('role') === 'combobox' && target.dataset.suggesting === 'true') event.preventDefault();
          }}
        >
          <div className="flex items-center justify-between gap-3 border-b border-slate-200 bg-white px-4 py-3">
            <Dialog.Title className="text-xl font-bold text-asphalt">{t('filters.title')}</Dialog.Title>
            <Dialog.Close className="inline-flex size-11 items-center justify-center rounded-lg text-slate-700 hover:bg-slate-100" aria-label={t('filters.close')}>
              <X aria-hidden="true" className="size-6" />
            </Dialog.Close>
          </div>
          <Dialog.Description className="sr-only">{t('filters.sheetDescription')}</Dialog.Description>
          <div className="flex-1 overflow-y-auto px-4 py-5">
            <ListingFiltersForm
              serverErrors={serverErrors}
              onSearch={(filters) => {
                onSearch(filters);
                setOpen(false);
              }}
            />
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
