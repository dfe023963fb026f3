import { MapPin } from 'lucide-react';
import { LOCATION_DEBOUNCE_MS } from '@medallion/contracts/listing-filters';
import type { LocationSuggestion } from '@medallion/contracts/listings';
import { useId, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { cn } from '@/lib/cn';
import { isLocationNotFound, useSuggestedLocations } from '@/lib/queries/listings';
import { formatLocation } from '../lib/format';
import { useDebouncedValue } from '../lib/use-debounced-value';

interface Props {
  value: string;
  /** Free text typed by the user (a zip code or a city). */
  onType: (text: string) => void;
  onChoose: (suggestion: LocationSuggestion, label: string) => void;
  error?: string;
}

export function suggestionLabel(suggestion: LocationSuggestion): string {
  return formatLocation(suggestion) ?? suggestion.city;
}

/**
 * The location filter: free text, suggestions 1000 ms after the last keystroke (5 at
 * most), an ARIA 1.2 combobox with a list box (Up, Down, Enter, Escape).
 */
export function LocationCombobox({ value, onType, onChoose, error }: Props) {
  const { t } = useTranslation('listings');
  const id = useId();
  const listboxId = `${id}-listbox`;
  const statusId = `${id}-status`;
  const errorId = `${id}-error`;
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const term = value.trim();
  const debounced = useDebouncedValue(term, LOCATION_DEBOUNCE_MS);
  const settled = debounced === term;
  const suggestions = useSuggestedLocations(debounced, open && settled);

  const searching = open && term !== '' && (!settled || suggestions.isPending);
  const failed = open && term !== '' && settled && suggestions.isError;
  const items = open && term !== '' && settled && suggestions.data ? suggestions.data.data : [];
  const notFound = (failed && isLocationNotFound(suggestions.error)) || (open && settled && term !== '' && suggestions.isSuccess && items.length === 0);
  const expanded = items.length > 0;

  let status = '';
  if (searching) status = t('filters.searching');
  else if (notFound) status = t('filters.locationNotFound');
  else if (failed) status = t('filters.locationError');
  else if (expanded) status = t('filters.suggestionCount', { count: items.length });

  const choose = (suggestion: LocationSuggestion) => {
    onChoose(suggestion, suggestionLabel(suggestion));
    setOpen(false);
    setActive(-1);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    switch (event.key) {
      case 'ArrowDown':
        event.preventDefault();
        if (!open) setOpen(true);
        else if (items.length > 0) setActive((i) => (i + 1) % items.length);
        break;
      case 'ArrowUp':
        event.preventDefault();
        if (items.length > 0) setActive((i) => (i <= 0 ? items.length - 1 : i - 1));
        break;
      case 'Enter': {
        const item = expanded && active >= 0 ? items[active] : undefined;
        if (item) {
          event.preventDefault();
          choose(item);
        }
        break;
      }
      case 'Escape':
        if (open) {
          event.preventDefault();
          setOpen(false);
          setActive(-1);
        }
        break;
    }
  };

  return (
    <div className="flex flex-col gap-1.5">
      <label htmlFor={id} className="text-sm font-semibold text-slate-800">
        {t('filters.location')}
      </label>
      <div className="relative">
        <MapPin aria-hidden="true" className="pointer-events-none absolute left-3 top-1/2 size-5 -translate-y-1/2 text-slate-400" />
        <input
          id={id}
          type="text"
          role="combobox"
          autoComplete="off"
          spellCheck={false}
          maxLength={100}
          placeholder={t('filters.locationPlaceholder')}
          aria-autocomplete="list"
          aria-expanded={expanded}
          aria-controls={listboxId}
          aria-activedescendant={expanded && active >= 0 ? `${listboxId}-${active}` : undefined}
          aria-invalid={error ? true : undefined}
          // Escape closes the suggestions first (the filter sheet checks this before closing).
          data-suggesting={open && term !== '' ? 'true' : undefined}
          aria-describedby={cn(statusId, error && errorId)}
          value={value}
          onChange={(event) => {
            onType(event.target.value);
            setOpen(true);
            setActive(-1);
          }}
          onKeyDown={onKeyDown}
          onBlur={() => {
            setOpen(false);
            setActive(-1);
          }}
          className={cn(
            'block w-full rounded-lg border bg-white py-2.5 pl-10 pr-3 text-base text-slate-900 placeholder:text-slate-400',
            'focus:border-info focus:outline-none focus:ring-2 focus:ring-info/30',
            error ? 'border-danger' : 'border-slate-300',
          )}
        />
        <ul
          id={listboxId}
          role="listbox"
          aria-label={t('filters.suggestions')}
          hidden={!expanded}
          className="absolute inset-x-0 top-full z-30 mt-1 max-h-72 overflow-auto rounded-lg border border-slate-200 bg-white py-1 shadow-lg"
        >
          {items.map((item, index) => (
            <li
              key={`${item.zip_code ?? ''}-${item.city}-${item.state}`}
              id={`${listboxId}-${index}`}
              role="option"
              aria-selected={index === active}
              // Keep the focus in the input while clicking an option.
              onMouseDown={(event) => event.preventDefault()}
              onClick={() => choose(item)}
              onMouseMove={() => setActive(index)}
              className={cn('flex min-h-11 cursor-pointer items-center gap-2 px-3 py-2 text-slate-800', index === active && 'bg-taxi-soft')}
            >
              <MapPin aria-hidden="true" className="size-4 shrink-0 text-slate-400" />
              <span className="min-w-0 break-words">{suggestionLabel(item)}</span>
            </li>
          ))}
        </ul>
      </div>
      <p
        id={statusId}
        role="status"
        className={cn('min-h-5 text-sm', notFound || failed ? 'font-medium text-danger-text' : 'text-slate-600', expanded && 'sr-only')}
      >
        {status}
      </p>
      {error && (
        <p id={errorId} role="alert" className="text-sm font-medium text-danger-text">
          {error}
        </p>
      )}
    </div>
  );
}
