import { ChevronDown } from 'lucide-react';
import { LISTING_SORTS, type ListingSort } from '@medallion/contracts/listing-filters';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { cn } from '@/lib/cn';

/**
 * "Sort by" beside the results: newest, price both ways, year. It applies at once (no Search
 * press) and leaves the focus on the select, so arrowing through the options works.
 */
export function SortSelect({ value, onChange, className }: { value: ListingSort; onChange: (sort: ListingSort) => void; className?: string }) {
  const { t } = useTranslation('listings');
  const id = useId();
  return (
    <div className={cn('flex items-center gap-2', className)}>
      <label htmlFor={id} className="shrink-0 text-sm font-semibold text-slate-800">
        {t('marketplace.sortLabel')}
      </label>
      <div className="relative min-w-0 flex-1">
        <select
          id={id}
          name="sort"
          value={value}
          onChange={(e) => onChange(e.target.value as ListingSort)}
          className="block min-h-11 w-full appearance-none truncate rounded-lg border border-slate-300 bg-white py-2 pl-3 pr-9 text-base text-slate-900 focus:border-info focus:outline-none focus:ring-2 focus:ring-info/30"
        >
          {LISTING_SORTS.map((sort) => (
            <option key={sort} value={sort}>
              {t(`marketplace.sorts.${sort}`)}
            </option>
          ))}
        </select>
        <ChevronDown aria-hidden="true" className="pointer-events-none absolute right-3 top-1/2 size-5 -translate-y-1/2 text-slate-500" />
      </div>
    </div>
  );
}
