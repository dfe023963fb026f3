import { RotateCcw, Search } from 'lucide-react';
import { DEAL_TYPES, LISTING_CATEGORIES, PAYMENT_PERIODS } from '@medallion/contracts/listing-filters';
import type { StoredListingFilters } from '@medallion/contracts/listings';
import { useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { SelectField, TextField } from '@/components/ui/field';
import { Spinner } from '@/components/ui/spinner';
import { cn } from '@/lib/cn';
import { useCarMakes, useCarModels } from '@/lib/queries/cars';
import { listingFilters, useListingFilters } from '../lib/listing-filters-store';
import { validateFilters, type FilterErrors } from '../lib/validate-filters';
import { LocationCombobox } from './location-combobox';

type ErrorKey = keyof FilterErrors;

interface Props {
  /** Runs with valid filters; the parent applies them (URL, page 1). */
  onSearch: (filters: StoredListingFilters) => void;
  /** Field errors the API answered for the current search (e.g. a hand-edited link). */
  serverErrors?: Partial<Record<string, string>>;
  className?: string;
}

function Group({ legend, children }: { legend: string; children: ReactNode }) {
  return (
    <fieldset className="flex min-w-0 flex-col gap-2">
      <legend className="mb-2 text-sm font-semibold text-slate-800">{legend}</legend>
      {children}
    </fieldset>
  );
}

function RangeFields({ children }: { children: ReactNode }) {
  return <div className="grid grid-cols-2 items-start gap-3 [&_label]:font-normal [&_label]:text-slate-600">{children}</div>;
}

const ALL = 'all';

/** A row of radio buttons drawn as a segmented control (category; rent or buy). */
function Segmented<T extends string>({
  name,
  options,
  value,
  label,
  onChange,
}: {
  name: string;
  options: readonly T[];
  value: T;
  label: (option: T) => string;
  onChange: (option: T) => void;
}) {
  return (
    <div className="flex gap-1 rounded-xl bg-slate-100 p-1">
      {options.map((option) => {
        const checked = value === option;
        return (
          <label
            key={option}
            className={cn(
              'flex min-h-11 flex-auto cursor-pointer items-center justify-center rounded-lg px-2 text-center text-sm font-semibold transition-colors',
              'has-[:focus-visible]:outline-3 has-[:focus-visible]:outline-info has-[:focus-visible]:outline',
              // Drawn from the radio itself, so a choice made before the app has loaded shows at once (decision 0014).
              'text-slate-600 hover:text-asphalt has-[:checked]:bg-white has-[:checked]:text-asphalt has-[:checked]:shadow-sm',
            )}
          >
            <input type="radio" name={name} value={option} checked={checked} onChange={() => onChange(option)} className="sr-only" />
            {label(option)}
          </label>
        );
      })}
    </div>
  );
}

/** The marketplace filters: location, category, price and, for cars, year, make and model. */
export function ListingFiltersForm({ onSearch, serverErrors, className }: Props) {
  const { t } = useTranslation('listings');
  const { draft } = useListingFilters();
  const [errors, setErrors] = useState<FilterErrors>({});
  const isCars = draft.category === 'cars';
  // Prices only within a deal type: a rent (per week or month) and a sale price are not comparable.
  const isRent = draft.deal_type === 'rent';
  const hasDealType = isRent || draft.deal_type === 'sale';
  const makes = useCarMakes(isCars);
  const makeChosen = draft.car_make_value !== '' && draft.car_make_value !== ALL;
  const models = useCarModels(isCars && makeChosen ? draft.car_make_value : '');

  const errorText = (key: ErrorKey): string | undefined => {
    const fromServer =
      key === 'location'
        ? (serverErrors?.location ?? serverErrors?.location_zip ?? serverErrors?.location_city ?? serverErrors?.location_state)
        : serverErrors?.[key];
    // The form's own problems are keys; the server's arrive translated (fieldErrorTexts).
    return errors[key] ? t(`common:messages.${errors[key]}`) : fromServer;
  };

  const set = (patch: Partial<StoredListingFilters>) => {
    listingFilters.setDraft(patch);
    const touched = Object.keys(patch) as ErrorKey[];
    if (touched.some((key) => errors[key])) {
      setErrors((old) => {
        const next = { ...old };
        for (const key of touched) delete next[key];
        // A range message sits on the min field; editing either end clears it.
        if (touched.includes('price_max') && next.price_min === 'filterPriceRange') delete next.price_min;
        if (touched.includes('car_year_max') && next.car_year_min === 'filterYearRange') delete next.car_year_min;
        return next;
      });
    }
  };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const found = validateFilters(draft);
    setErrors(found);
    const first = (Object.keys(found) as ErrorKey[])[0];
    if (first) {
      event.currentTarget.querySelector<HTMLElement>(`[data-field="${first}"] input`)?.focus();
      return;
    }
    onSearch(listingFilters.getState().draft);
  };

  const reset = () => {
    setErrors({});
    listingFilters.reset();
    onSearch(listingFilters.getState().draft);
  };

  const numberProps = { inputMode: 'numeric' as const, autoComplete: 'off', maxLength: 9 };

  return (
    <form noValidate onSubmit={submit} aria-label={t('filters.title')} className={cn('flex flex-col gap-5', className)}>
      <div data-field="location">
        <LocationCombobox
          value={draft.location}
          error={errorText('location')}
          onType={(text) => set({ location: text, location_zip: '', location_city: '', location_state: '' })}
          onChoose={(s, label) => set({ location: label, location_zip: s.zip_code ?? '', location_city: s.city, location_state: s.state })}
        />
      </div>

      <Group legend={t('filters.category')}>
        <Segmented
          name="category"
          options={['all', ...LISTING_CATEGORIES] as const}
          value={(draft.category || ALL) as 'all' | (typeof LISTING_CATEGORIES)[number]}
          label={(category) => t(`filters.categories.${category}`)}
          onChange={(category) => set({ category })}
        />
      </Group>

      <Group legend={t('filters.dealType')}>
        <Segmented
          name="deal_type"
          options={['all', ...DEAL_TYPES] as const}
          value={(draft.deal_type || ALL) as 'all' | (typeof DEAL_TYPES)[number]}
          label={(dealType) => t(`filters.dealTypes.${dealType}`)}
          // A weekly rent, a monthly rent and a sale price are different scales: the bounds start over.
          onChange={(dealType) => set({ deal_type: dealType, price_min: '', price_max: '', price_period: '' })}
        />
      </Group>

      <Group legend={t('filters.price')}>
        {hasDealType ? (
          <>
            {isRent && (
              <SelectField label={t('filters.pricePeriod')} value={draft.price_period || 'weekly'} onChange={(e) => set({ price_period: e.target.value })}>
                {PAYMENT_PERIODS.map((period) => (
                  <option key={period} value={period}>
                    {t(`filters.pricePeriods.${period}`)}
                  </option>
                ))}
              </SelectField>
            )}
            <RangeFields>
              <div data-field="price_min">
                <TextField
                  label={t('filters.min')}
                  placeholder="0"
                  value={draft.price_min}
                  error={errorText('price_min')}
                  onChange={(e) => set({ price_min: e.target.value })}
                  {...numberProps}
                />
              </div>
              <div data-field="price_max">
                <TextField
                  label={t('filters.max')}
                  placeholder={t('filters.any')}
                  value={draft.price_max}
                  error={errorText('price_max')}
                  onChange={(e) => set({ price_max: e.target.value })}
                  {...numberProps}
                />
              </div>
            </RangeFields>
          </>
        ) : (
          <p className="text-sm text-slate-600">{t('filters.priceNeedsDealType')}</p>
        )}
      </Group>

      {isCars && (
        <>
          <Group legend={t('filters.year')}>
            <RangeFields>
              <div data-field="car_year_min">
                <TextField
                  label={t('filters.min')}
                  placeholder="1980"
                  value={draft.car_year_min}
                  error={errorText('car_year_min')}
                  onChange={(e) => set({ car_year_min: e.target.value })}
                  {...numberProps}
                  maxLength={4}
                />
              </div>
              <div data-field="car_year_max">
                <TextField
                  label={t('filters.max')}
                  placeholder={String(new Date().getFullYear() + 1)}
                  value={draft.car_year_max}
                  error={errorText('car_year_max')}
                  onChange={(e) => set({ car_year_max: e.target.value })}
                  {...numberProps}
                  maxLength={4}
                />
              </div>
            </RangeFields>
          </Group>

          <SelectField
            label={t('filters.make')}
            value={draft.car_make_value}
            disabled={makes.isPending && !makes.isError}
            hint={makes.isError ? t('filters.makesError') : undefined}
            onChange={(e) => {
              const value = e.target.value;
              const name = makes.data?.find((m) => String(m.make_id) === value)?.make_name ?? '';
              set({ car_make_value: value, car_make: name, car_model_value: '', car_model: '' });
            }}
          >
            <option value="">{t('filters.select')}</option>
            <option value={ALL}>{t('filters.allMakes')}</option>
            {/* The chosen make before the list arrives (a restored search). */}
            {!makes.data && makeChosen && <option value={draft.car_make_value}>{draft.car_make || draft.car_make_value}</option>}
            {makes.data?.map((make) => (
              <option key={make.make_id} value={String(make.make_id)}>
                {make.make_name}
              </option>
            ))}
          </SelectField>
          {makes.isPending && <Spinner label={t('filters.makesLoading')} className="-mt-3 text-sm text-slate-500" />}

          {makeChosen && (
            <SelectField
              label={t('filters.model')}
              value={draft.car_model_value}
              disabled={models.isPending && !models.isError}
              hint={models.isError ? t('filters.modelsError') : undefined}
              onChange={(e) => {
                const value = e.target.value;
                const name = models.data?.find((m) => String(m.model_id) === value)?.model_name ?? '';
                set({ car_model_value: value, car_model: name });
              }}
            >
              <option value="">{t('filters.select')}</option>
              <option value={ALL}>{t('filters.allModels')}</option>
              {!models.data && draft.car_model_value !== '' && draft.car_model_value !== ALL && (
                <option value={draft.car_model_value}>{draft.car_model || draft.car_model_value}</option>
              )}
              {models.data?.map((model) => (
                <option key={model.model_id} value={String(model.model_id)}>
                  {model.model_name}
                </option>
              ))}
            </SelectField>
          )}
        </>
      )}

      <div className="flex flex-col gap-2 pt-1">
        <Button type="submit" size="lg">
          <Search aria-hidden="true" className="size-5" />
          {t('filters.search')}
        </Button>
        <Button type="button" variant="ghost" onClick={reset}>
          <RotateCcw aria-hidden="true" className="size-4" />
          {t('filters.reset')}
        </Button>
      </div>
    </form>
  );
}
