import { X } from 'lucide-react';
import type { StoredListingFilters } from '@medallion/contracts/listings';
import type { RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import { Dialog, DialogClose, DialogContent, DialogDescription, DialogTitle } from '@/components/ui/dialog';
import { ListingFiltersForm } from './listing-filters-form';

interface Props {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The Filters button, which gets the focus back when the sheet closes. */
  trigger: RefObject<HTMLButtonElement | null>;
  onSearch: (filters: StoredListingFilters) => void;
  serverErrors?: Partial<Record<string, string>>;
}

/** The phone's filters sheet (radix dialog): loaded by FiltersSheet when its button is first pointed at or pressed. */
export function FiltersSheetDialog({ open, onOpenChange, trigger, onSearch, serverErrors }: Props) {
  const { t } = useTranslation('listings');
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent
        id="filters-sheet"
        className="fixed inset-y-0 left-0 z-50 flex w-full max-w-sm flex-col bg-paper shadow-xl focus:outline-none"
        onCloseAutoFocus={(event) => {
          event.preventDefault();
          trigger.current?.focus();
        }}
        onEscapeKeyDown={(event) => {
          // Escape first closes the suggestions (or their status) of the location field.
          const target = event.target as HTMLElement | null;
          if (target?.getAttribute('role') === 'combobox' && target.dataset.suggesting === 'true') event.preventDefault();
        }}
      >
        <div className="flex items-center justify-between gap-3 border-b border-slate-200 bg-white px-4 py-3">
          <DialogTitle className="text-xl font-bold text-asphalt">{t('filters.title')}</DialogTitle>
          <DialogClose className="inline-flex size-11 items-center justify-center rounded-lg text-slate-700 hover:bg-slate-100" aria-label={t('filters.close')}>
            <X aria-hidden="true" className="size-6" />
          </DialogClose>
        </div>
        <DialogDescription className="sr-only">{t('filters.sheetDescription')}</DialogDescription>
        <div className="flex-1 overflow-y-auto px-4 py-5">
          <ListingFiltersForm
            serverErrors={serverErrors}
            onSearch={(filters) => {
              onSearch(filters);
              onOpenChange(false);
            }}
          />
        </div>
      </DialogContent>
    </Dialog>
  );
}
