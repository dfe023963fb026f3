import { Car, RectangleHorizontal } from 'lucide-react';
import { Controller, useForm, type Resolver } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { formatPhone, saveDraftStep1Schema, type LocationSuggestion, type SaveDraftStep1 } from '@medallion/contracts/listings';
import { useEffect, type ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import { TextField } from '@/components/ui/field';
import { Spinner } from '@/components/ui/spinner';
import { cn } from '@/lib/cn';
import { applyFieldErrors, keyText } from '@/lib/error-text';

export interface LocationValue {
  text: string;
  /** Set only when a suggestion was chosen; typing clears it. */
  chosen: LocationSuggestion | null;
}

export interface StepOneValues {
  category: '' | 'cars' | 'plates';
  location: LocationValue;
  name: string;
  email: string;
  phone_number: string;
}

export interface LocationFieldProps {
  value: string;
  onType: (text: string) => void;
  onChoose: (suggestion: LocationSuggestion, label: string) => void;
  error?: string;
}

/** The request of step 1 for these values (the location counts only when chosen and ≥ 3 characters). */
export function stepOneRequest(values: StepOneValues, listingId: string | null): SaveDraftStep1 {
  const location = values.location.chosen && values.location.text.trim().length >= 3 ? values.location.chosen : undefined;
  return {
    step: 1,
    ...(listingId ? { listing_id: listingId } : {}),
    category: (values.category || undefined) as SaveDraftStep1['category'],
    name: values.name,
    email: values.email,
    phone_number: values.phone_number,
    location: location as SaveDraftStep1['location'],
  };
}

const FIELD_OF_PATH: Record<string, keyof StepOneValues> = {
  category: 'category',
  location: 'location',
  name: 'name',
  email: 'email',
  phone_number: 'phone_number',
};

/** The form's field for a path of the request (a problem inside the location belongs to the location). */
function stepOneField(path: string): keyof StepOneValues | undefined {
  return FIELD_OF_PATH[path.split('.')[0] ?? ''];
}

/**
 * Checks the values with the contract's step 1 schema; messages are validation keys. The form's values
 * are not the request (no category yet is '', the location counts only once a suggestion is chosen),
 * so the resolver checks the request built from them (stepOneRequest) and maps its paths back.
 */
const resolver: Resolver<StepOneValues> = (values) => {
  const parsed = saveDraftStep1Schema.safeParse(stepOneRequest(values, null));
  if (parsed.success) return { values, errors: {} };
  const errors: Record<string, { type: string; message: string }> = {};
  for (const issue of parsed.error.issues) {
    const field = stepOneField(issue.path.join('.'));
    if (field && !errors[field]) errors[field] = { type: 'validation', message: issue.message };
  }
  return { values: {}, errors };
};

interface Props {
  defaultValues: StepOneValues;
  account: { name: string; email: string };
  saving: boolean;
  /** The last failed save: its field problems are shown on the fields (applyFieldErrors). */
  serverError?: unknown;
  onSubmit: (values: StepOneValues) => void;
  renderLocation: (props: LocationFieldProps) => ReactNode;
  /** A listing past the draft keeps its category (the server refuses a change). */
  categoryLocked?: boolean;
  /** Said above the fields when editing a listing that is no longer a draft. */
  notice?: ReactNode;
}

const CATEGORY_ICONS = { cars: Car, plates: RectangleHorizontal } as const;

/** Step 1 "Basic Information": category, location, contact name, e-mail and phone. */
export function StepOneForm({ defaultValues, account, saving, serverError, onSubmit, renderLocation, categoryLocked = false, notice }: Props) {
  const { t } = useTranslation('createListing');
  const form = useForm<StepOneValues>({ defaultValues, resolver });
  const { errors } = form.formState;
  const message = (field: keyof StepOneValues) => keyText((errors[field] as { message?: string } | undefined)?.message);

  useEffect(() => {
    applyFieldErrors(form, serverError, stepOneField);
  }, [form, serverError]);

  return (
    <form noValidate onSubmit={form.handleSubmit(onSubmit)} aria-labelledby="step-1-title" className="flex flex-col gap-6">
      <h2 id="step-1-title" className="text-xl font-bold">
        {t('step1.title')}
      </h2>
      {notice}

      {categoryLocked ? (
        <p className="flex flex-col gap-1">
          <span className="text-sm font-semibold text-slate-800">{t('fields.category')}</span>
          <span className="font-semibold text-asphalt">{defaultValues.category ? t(`categories.${defaultValues.category}`) : ''}</span>
        </p>
      ) : (
        <fieldset aria-describedby={message('category') ? 'category-error' : undefined} className="flex flex-col gap-2">
          <legend className="mb-1.5 text-sm font-semibold text-slate-800">{t('fields.category')}</legend>
          {/* Side by side from 640 px; on a phone one above the other, so a long name ("Автомобили") keeps its card. */}
          <div className="grid gap-3 sm:grid-cols-2">
            {(['cars', 'plates'] as const).map((category) => {
              const Icon = CATEGORY_ICONS[category];
              return (
                <label
                  key={category}
                  className={cn(
                    'flex min-h-12 cursor-pointer items-center gap-3 rounded-xl border bg-white px-4 py-3 font-semibold text-asphalt',
                    'has-[:checked]:border-asphalt has-[:checked]:bg-taxi-soft has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-info',
                    message('category') ? 'border-danger' : 'border-slate-300',
                  )}
                >
                  <input type="radio" value={category} className="size-5 accent-asphalt" {...form.register('category')} />
                  <Icon aria-hidden="true" className="size-5 shrink-0" />
                  {t(`categories.${category}`)}
                </label>
              );
            })}
          </div>
          {message('category') && (
            <p id="category-error" role="alert" className="text-sm font-medium text-danger-text">
              {message('category')}
            </p>
          )}
        </fieldset>
      )}

      <Controller
        control={form.control}
        name="location"
        render={({ field }) => (
          <>
            {renderLocation({
              value: field.value.text,
              onType: (text) => field.onChange({ text, chosen: null }),
              onChoose: (suggestion, label) => field.onChange({ text: label, chosen: suggestion }),
              error: message('location'),
            })}
          </>
        )}
      />

      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          label={t('fields.name')}
          autoComplete="name"
          placeholder={account.name}
          hint={t('fields.accountHint')}
          maxLength={100}
          error={message('name')}
          {...form.register('name')}
        />
        <TextField
          label={t('fields.email')}
          type="email"
          inputMode="email"
          autoComplete="email"
          placeholder={account.email}
          hint={t('fields.accountHint')}
          maxLength={254}
          error={message('email')}
          {...form.register('email')}
        />
      </div>
      <Controller
        control={form.control}
        name="phone_number"
        render={({ field }) => (
          <TextField
            label={t('fields.phone')}
            type="tel"
            inputMode="tel"
            autoComplete="tel-national"
            placeholder="(123) 456-7890"
            hint={t('fields.phoneHint')}
            maxLength={14}
            error={message('phone_number')}
            name={field.name}
            ref={field.ref}
            value={field.value}
            onBlur={field.onBlur}
            onChange={(event) => field.onChange(formatPhone(event.target.value))}
            className="sm:max-w-xs"
          />
        )}
      />

      <div className="flex justify-end border-t border-slate-100 pt-5">
        <Button type="submit" disabled={saving} className="w-full sm:w-auto">
          {saving && <Spinner label={t('saving')} />}
          {saving ? t('saving') : t('next')}
        </Button>
      </div>
    </form>
  );
}
