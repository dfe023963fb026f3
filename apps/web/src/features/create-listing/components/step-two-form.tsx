import { AlertTriangle, Info, Sparkles } from 'lucide-react';
import {
  DEAL_TYPES,
  LIVE_EDIT_FIELDS,
  MIN_CAR_YEAR,
  isPublishedStatus,
  rentalLabelIssues,
  saveDraftStep2Schema,
  splitVehicleIdentification,
  type DealType,
  type ListingStatus,
  type SaveDraftStep2,
} from '@medallion/contracts/listings';
import { NEVER_INCLUDED } from '@medallion/contracts/rental-states';
import { useEffect, useState, type ComponentProps, type ReactNode } from 'react';
import { useForm, useFormState, useWatch, type Control, type Resolver } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useQueryClient } from '@tanstack/react-query';
import { Button } from '@/components/ui/button';
import { SelectField, TextAreaField, TextField } from '@/components/ui/field';
import type { PickedImage } from '@/components/ui/picture-picker';
import { Spinner } from '@/components/ui/spinner';
import { ApiClientError } from '@/lib/api-client';
import { decodeVinQueryOptions, useCarMakes, useCarModels } from '@/lib/queries/cars';
import { cn } from '@/lib/cn';
import { applyFieldErrors, errorText, fieldErrorText, fieldErrorTexts, keyText } from '@/lib/error-text';
import { ImagePicker } from './image-picker';

export interface StepTwoValues {
  title: string;
  description: string;
  listing_price: string;
  deal_type: DealType;
  payment_period: '' | 'weekly' | 'monthly';
  identification: string;
  make: string;
  make_id: string;
  model: string;
  model_id: string;
  year: string;
  body_class: string;
  fuel: string;
  door_number: string;
  seat_number: string;
  seat_row_number: string;
  /** The all-in cost label of a rental (issue #32): amounts and counts as typed, choices '' | 'yes' | 'no'. */
  rent_deposit: string;
  rent_min_weeks: string;
  rent_mileage_unlimited: YesNo;
  rent_mileage_cap: string;
  rent_insurance_included: YesNo;
  rent_insurance_limits: string;
  rent_tlc_plate_included: YesNo;
  rent_maintenance_included: YesNo;
  rent_deductible: string;
  rent_remote_disabling: YesNo;
}
export type YesNo = '' | 'yes' | 'no';

/** The label's fields of the form, in the request's names (the same as the form's). */
const LABEL_FIELDS = [
  'rent_deposit',
  'rent_min_weeks',
  'rent_mileage_unlimited',
  'rent_mileage_cap',
  'rent_insurance_included',
  'rent_insurance_limits',
  'rent_tlc_plate_included',
  'rent_maintenance_included',
  'rent_deductible',
  'rent_remote_disabling',
] as const satisfies ReadonlyArray<keyof StepTwoValues>;

/** Back to step 1, on to the checkout (a draft), or save the edit of a listing that is no longer a draft. */
export type StepTwoAction = 'back' | 'checkout' | 'save';

/** The step 2 request (without pictures) for these values. */
export function stepTwoRequest(values: StepTwoValues, listingId: string, category: 'cars' | 'plates', images: string[]): SaveDraftStep2 {
  const cars = category === 'cars';
  return {
    step: 2,
    listing_id: listingId,
    category,
    title: values.title,
    description: values.description,
    listing_price: values.listing_price.trim().replace(/[$,\s]/g, ''),
    deal_type: values.deal_type,
    // A sale has no period; a rental without one is refused with "Listing payment period is not entered".
    payment_period: values.deal_type === 'sale' ? null : ((values.payment_period || undefined) as SaveDraftStep2['payment_period']),
    ...splitVehicleIdentification(values.identification),
    ...(values.deal_type === 'rent'
      ? Object.fromEntries(
          LABEL_FIELDS.map((field) => [field, field === 'rent_insurance_limits' ? values[field].trim() : values[field].trim().replace(/[$,\s]/g, '')]),
        )
      : {}),
    images,
    ...(cars
      ? {
          make: values.make,
          model: values.model,
          year: values.year,
          body_class: values.body_class,
          fuel: values.fuel,
          door_number: values.door_number,
          seat_number: values.seat_number,
          seat_row_number: values.seat_row_number,
        }
      : {}),
  };
}

/** Field names of the request (and of the server's `fields`) → the form's. */
export const STEP_TWO_FIELD: Record<string, keyof StepTwoValues> = {
  title: 'title',
  description: 'description',
  listing_price: 'listing_price',
  deal_type: 'deal_type',
  payment_period: 'payment_period',
  vin: 'identification',
  plate_number: 'identification',
  make: 'make',
  model: 'model',
  year: 'year',
  body_class: 'body_class',
  fuel: 'fuel',
  door_number: 'door_number',
  seat_number: 'seat_number',
  seat_row_number: 'seat_row_number',
  ...Object.fromEntries(LABEL_FIELDS.map((field) => [field, field])),
};

const PLACEHOLDER_ID = '00000000-0000-4000-8000-000000000000';

/** The form's field for a path of the request (the server's field problems, the schema's issues). */
function stepTwoField(path: string): keyof StepTwoValues | undefined {
  return STEP_TWO_FIELD[path.split('.')[0] ?? ''];
}

/**
 * Checks the values with the contract's step 2 schema: the form's values are text fields (numbers as
 * typed, the VIN or plate in one field), so the resolver checks the request built from them
 * (stepTwoRequest) and maps its paths back (stepTwoField).
 */
function resolverFor(category: 'cars' | 'plates'): Resolver<StepTwoValues> {
  return (values) => {
    const parsed = saveDraftStep2Schema.safeParse(stepTwoRequest(values, PLACEHOLDER_ID, category, []));
    if (parsed.success) return { values, errors: {} };
    const errors: Record<string, { type: string; message: string }> = {};
    for (const issue of parsed.error.issues) {
      const field = stepTwoField(issue.path.join('.'));
      if (field && !errors[field]) errors[field] = { type: 'validation', message: issue.message };
    }
    // The schema's label and car checks run only once the rest is valid; show every message at once.
    if (values.deal_type === 'rent') {
      const answered = (v: string) => (v.trim() ? 0 : undefined);
      const yes = (v: YesNo) => (v === '' ? undefined : v === 'yes');
      const missing = rentalLabelIssues({
        rent_deposit: answered(values.rent_deposit),
        rent_min_weeks: answered(values.rent_min_weeks),
        rent_mileage_unlimited: yes(values.rent_mileage_unlimited),
        rent_mileage_cap: answered(values.rent_mileage_cap),
        rent_insurance_included: yes(values.rent_insurance_included),
        rent_insurance_limits: values.rent_insurance_limits.trim() || undefined,
        rent_tlc_plate_included: yes(values.rent_tlc_plate_included),
        rent_maintenance_included: yes(values.rent_maintenance_included),
        rent_deductible: answered(values.rent_deductible),
        rent_remote_disabling: yes(values.rent_remote_disabling),
      });
      for (const [field, message] of missing) errors[field] ??= { type: 'validation', message };
    }
    if (category === 'cars') {
      if (!values.make.trim()) errors.make ??= { type: 'validation', message: 'listingMakeRequired' };
      if (!values.model.trim()) errors.model ??= { type: 'validation', message: 'listingModelRequired' };
      if (!values.year.trim()) errors.year ??= { type: 'validation', message: 'listingYearRequired' };
    }
    return { values: {}, errors };
  };
}

/** Spaces and dashes do not count; 17 characters is a full VIN worth decoding. */
function vinToDecode(identification: string): string | null {
  const vin = identification.replace(/[\s-]/g, '').toUpperCase();
  return vin.length === 17 ? vin : null;
}

const CURRENT = '__current';

type VinState = { vin: string; status: 'loading' | 'filled' | 'unknown' } | { vin: string; status: 'invalid'; message: string };

/** The form's fields whose change applies to a published listing at once (LIVE_EDIT_FIELDS); any other sends it to review. */
const LIVE_FORM_FIELDS = new Set<string>(LIVE_EDIT_FIELDS.map((field) => STEP_TWO_FIELD[field] ?? field));

/**
 * What saving will do, said before saving (the server decides the same way): a published listing stays
 * as it is when only its price or period changes, and goes back to review for anything else; a listing
 * under review stays there with the new version.
 */
function EditNotice({ control, status, imagesChanged }: { control: Control<StepTwoValues>; status: ListingStatus; imagesChanged: boolean }) {
  const { t } = useTranslation('createListing');
  const { dirtyFields } = useFormState({ control });
  const toReview = isPublishedStatus(status) && (imagesChanged || Object.keys(dirtyFields).some((field) => !LIVE_FORM_FIELDS.has(field)));
  let text: string;
  if (status === 'UNDER_REVIEW') text = t('edit.underReview');
  else if (toReview) text = t('edit.toReview');
  else text = t(status === 'ACTIVE' ? 'edit.staysLive' : 'edit.staysInactive');
  return (
    <div
      role="status"
      data-testid="edit-notice"
      data-review={toReview ? 'yes' : 'no'}
      className={
        toReview
          ? 'flex items-start gap-3 rounded-xl border border-taxi bg-taxi-soft p-4 text-asphalt'
          : 'flex items-start gap-3 rounded-xl border border-blue-200 bg-blue-50 p-4 text-blue-900'
      }
    >
      {toReview ? <AlertTriangle aria-hidden="true" className="mt-0.5 size-5 shrink-0" /> : <Info aria-hidden="true" className="mt-0.5 size-5 shrink-0" />}
      <p>{text}</p>
    </div>
  );
}

interface Props {
  category: 'cars' | 'plates';
  /** The listing's status: a draft saves and goes to checkout; any other listing is edited in place. */
  status: ListingStatus;
  /** The pictures differ from the stored ones (a change of pictures sends a published listing to review). */
  imagesChanged: boolean;
  /** Mark every missing field at once (an incomplete draft sent here instead of to the checkout). */
  markMissing?: boolean;
  defaultValues: StepTwoValues;
  images: PickedImage[];
  onImagesChange: (images: PickedImage[]) => void;
  saving: StepTwoAction | null;
  /** The last failed save: its field problems are shown on the fields (applyFieldErrors), the pictures' on the pictures. */
  serverError?: unknown;
  onSubmit: (values: StepTwoValues, action: StepTwoAction, dirty: boolean) => void;
}

/** Step 2 "Listing Information": the listing, the vehicle, pictures; Save and Back or Save and Checkout. */
export function StepTwoForm({
  category,
  status,
  imagesChanged,
  markMissing = false,
  defaultValues,
  images,
  onImagesChange,
  saving,
  serverError,
  onSubmit,
}: Props) {
  const { t } = useTranslation('createListing');
  const cars = category === 'cars';
  const form = useForm<StepTwoValues>({ defaultValues, resolver: resolverFor(category) });
  const { errors } = form.formState;
  const { register, setValue, control } = form;

  const message = (field: keyof StepTwoValues) => keyText(errors[field]?.message);

  useEffect(() => {
    applyFieldErrors(form, serverError, stepTwoField);
  }, [form, serverError]);

  useEffect(() => {
    // The same checks and messages as the server's step 2 (the contract's schema).
    if (markMissing) void form.trigger();
  }, [form, markMissing]);

  const [identification, makeId, make, modelId, model, yearValue, dealType, mileageUnlimited, insuranceIncluded] = useWatch({
    control,
    name: ['identification', 'make_id', 'make', 'model_id', 'model', 'year', 'deal_type', 'rent_mileage_unlimited', 'rent_insurance_included'],
  });
  const draft = status === 'DRAFT';

  const makes = useCarMakes(cars);
  const models = useCarModels(cars ? makeId : '');
  const vin = cars ? vinToDecode(identification) : null;
  const queryClient = useQueryClient();
  const [vinState, setVinState] = useState<VinState | null>(null);
  const current = vinState && vinState.vin === vin ? vinState : null;

  /** Decodes a 17-character VIN as it is typed and pre-fills the vehicle (the user can change it). */
  const decode = (typed: string) => {
    const next = category === 'cars' ? vinToDecode(typed) : null;
    if (!next || next === vinState?.vin) return;
    setVinState({ vin: next, status: 'loading' });
    queryClient.fetchQuery(decodeVinQueryOptions(next)).then(
      (response) => {
        const d = response.data;
        const validate = form.formState.isSubmitted;
        const set = (field: keyof StepTwoValues, value: string | number | null) => {
          if (value !== null && value !== '') setValue(field, String(value), { shouldDirty: true, shouldValidate: validate });
        };
        if (d.make) {
          set('make', d.make);
          setValue('make_id', d.make_id !== null ? String(d.make_id) : '', { shouldDirty: true });
          setValue('model', '', { shouldDirty: true });
          setValue('model_id', '', { shouldDirty: true });
        }
        set('model', d.model);
        if (d.model) setValue('model_id', d.model_id !== null ? String(d.model_id) : '', { shouldDirty: true });
        set('year', d.year);
        set('body_class', d.body_class);
        set('fuel', d.fuel);
        set('door_number', d.doors);
        set('seat_number', d.seats);
        set('seat_row_number', d.seat_rows);
        setVinState({ vin: next, status: d.make || d.model || d.year ? 'filled' : 'unknown' });
      },
      (error: unknown) => {
        const message = error instanceof ApiClientError && error.status === 400 ? (fieldErrorText(error, 'vin') ?? errorText(error)) : null;
        setVinState(message ? { vin: next, status: 'invalid', message } : null);
      },
    );
  };

  const vinError = current?.status === 'invalid' ? current.message : undefined;
  const filled = current?.status === 'filled';
  const decodedNothing = current?.status === 'unknown';
  let identificationHint: ReactNode = t('fields.identificationHint');
  if (current?.status === 'loading') identificationHint = <Spinner label={t('vin.decoding')} className="text-slate-600" />;
  else if (decodedNothing) identificationHint = t('vin.unknown');
  else if (filled) identificationHint = t('vin.filled');

  const years: number[] = [];
  for (let y = new Date().getFullYear() + 1; y >= MIN_CAR_YEAR; y--) years.push(y);
  const makeList = makes.data ?? [];
  const makeValue = makeId || (make ? CURRENT : '');
  const modelValue = modelId || (model ? CURRENT : '');
  const modelList = models.data ?? [];

  const imageErrors = Object.entries(fieldErrorTexts(serverError) ?? {})
    .filter(([key]) => key === 'images' || key.startsWith('images.'))
    .map(([key, text]) => ({ index: key === 'images' ? null : Number(key.slice(7)), message: text }));

  const submit = (action: StepTwoAction) => form.handleSubmit((values) => onSubmit(values, action, form.formState.isDirty))();

  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        // onSubmit is synchronous (the parent's mutations handle their own errors), so this promise does not reject.
        void submit(draft ? 'checkout' : 'save');
      }}
      aria-labelledby="step-2-title"
      className="flex flex-col gap-6"
    >
      <h2 id="step-2-title" className="text-xl font-bold">
        {t('step2.title')}
      </h2>
      {!draft && <EditNotice control={control} status={status} imagesChanged={imagesChanged} />}

      <TextField label={t('fields.title')} maxLength={120} error={message('title')} {...register('title')} />
      <TextAreaField label={t('fields.description')} rows={5} maxLength={5000} error={message('description')} {...register('description')} />
      <fieldset className="flex flex-col gap-2">
        <legend className="mb-1.5 text-sm font-semibold text-slate-800">{t('fields.dealType')}</legend>
        <div className="grid grid-cols-2 gap-3">
          {DEAL_TYPES.map((deal) => (
            <label
              key={deal}
              className={cn(
                'flex min-h-12 cursor-pointer items-center gap-3 rounded-xl border border-slate-300 bg-white px-4 py-3 font-semibold text-asphalt',
                'has-[:checked]:border-asphalt has-[:checked]:bg-taxi-soft has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-info',
              )}
            >
              <input type="radio" value={deal} className="size-5 accent-asphalt" {...register('deal_type')} />
              {t(`deals.${deal}`)}
            </label>
          ))}
        </div>
      </fieldset>
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          label={dealType === 'sale' ? t('fields.salePrice') : t('fields.price')}
          inputMode="decimal"
          placeholder="0.00"
          error={message('listing_price')}
          {...register('listing_price')}
        />
        {dealType !== 'sale' && (
          <SelectField label={t('fields.period')} error={message('payment_period')} {...register('payment_period')}>
            <option value="">{t('select')}</option>
            <option value="weekly">{t('periods.weekly')}</option>
            <option value="monthly">{t('periods.monthly')}</option>
          </SelectField>
        )}
      </div>

      {dealType !== 'sale' && (
        <section aria-labelledby="label-title" className="flex flex-col gap-4 rounded-xl border border-slate-200 bg-paper p-4" data-testid="cost-label-form">
          <div>
            <h3 id="label-title" className="font-bold">
              {t('label.title')}
            </h3>
            <p className="text-sm text-slate-700">{t('label.intro')}</p>
          </div>
          <div className="grid gap-4 sm:grid-cols-2">
            <TextField label={t('label.deposit')} inputMode="decimal" placeholder="0" error={message('rent_deposit')} {...register('rent_deposit')} />
            <TextField label={t('label.minWeeks')} inputMode="numeric" error={message('rent_min_weeks')} {...register('rent_min_weeks')} />
            <YesNoField
              label={t('label.mileage')}
              yes={t('label.mileageUnlimited')}
              no={t('label.mileageCapped')}
              error={message('rent_mileage_unlimited')}
              {...register('rent_mileage_unlimited')}
            />
            {mileageUnlimited === 'no' && (
              <TextField label={t('label.mileageCap')} inputMode="numeric" error={message('rent_mileage_cap')} {...register('rent_mileage_cap')} />
            )}
            <YesNoField
              label={t('label.insurance')}
              yes={t('label.yes')}
              no={t('label.no')}
              error={message('rent_insurance_included')}
              {...register('rent_insurance_included')}
            />
            {insuranceIncluded === 'yes' && (
              <TextField
                label={t('label.insuranceLimits')}
                maxLength={200}
                hint={t('label.insuranceLimitsHint')}
                error={message('rent_insurance_limits')}
                {...register('rent_insurance_limits')}
              />
            )}
            <YesNoField
              label={t('label.tlcPlate')}
              yes={t('label.yes')}
              no={t('label.no')}
              error={message('rent_tlc_plate_included')}
              {...register('rent_tlc_plate_included')}
            />
            <YesNoField
              label={t('label.maintenance')}
              yes={t('label.yes')}
              no={t('label.no')}
              error={message('rent_maintenance_included')}
              {...register('rent_maintenance_included')}
            />
            <TextField label={t('label.deductible')} inputMode="decimal" placeholder="0" error={message('rent_deductible')} {...register('rent_deductible')} />
            <YesNoField
              label={t('label.remoteDisabling')}
              yes={t('label.yes')}
              no={t('label.no')}
              error={message('rent_remote_disabling')}
              {...register('rent_remote_disabling')}
            />
          </div>
          <p className="text-sm text-slate-700">{t('label.neverIncluded', { items: NEVER_INCLUDED.map((item) => t(`label.never.${item}`)).join(', ') })}</p>
        </section>
      )}

      <TextField
        label={t('fields.identification')}
        autoCapitalize="characters"
        spellCheck={false}
        autoComplete="off"
        maxLength={40}
        hint={identificationHint}
        error={vinError ?? message('identification')}
        {...register('identification', { onChange: (event: { target: { value: string } }) => decode(event.target.value) })}
      />

      {cars && (
        <section aria-labelledby="vehicle-title" className="flex flex-col gap-4 rounded-xl border border-slate-200 bg-paper p-4">
          <h3 id="vehicle-title" className="flex items-center gap-2 font-bold">
            {t('vehicle.title')}
            {filled && (
              <span className="inline-flex items-center gap-1 rounded-full bg-blue-50 px-2 py-0.5 text-xs font-semibold text-blue-800">
                <Sparkles aria-hidden="true" className="size-3.5" />
                {t('vin.badge')}
              </span>
            )}
          </h3>
          <div className="grid gap-4 sm:grid-cols-2">
            <SelectField
              label={t('fields.make')}
              error={message('make')}
              value={makeValue}
              disabled={makes.isPending}
              onChange={(event) => {
                const id = event.target.value;
                if (id === CURRENT) return;
                const chosen = makeList.find((m) => String(m.make_id) === id);
                setValue('make_id', id, { shouldDirty: true });
                setValue('make', chosen?.make_name ?? '', { shouldDirty: true, shouldValidate: form.formState.isSubmitted });
                setValue('model_id', '', { shouldDirty: true });
                setValue('model', '', { shouldDirty: true });
              }}
            >
              <option value="">{makes.isPending ? t('loading') : t('select')}</option>
              {makeValue === CURRENT && <option value={CURRENT}>{make}</option>}
              {makeList.map((m) => (
                <option key={m.make_id} value={String(m.make_id)}>
                  {m.make_name}
                </option>
              ))}
            </SelectField>
            <SelectField
              label={t('fields.model')}
              error={message('model')}
              hint={!makeValue ? t('vehicle.makeFirst') : undefined}
              value={modelValue}
              disabled={!makeValue || (Boolean(makeId) && models.isPending)}
              onChange={(event) => {
                const id = event.target.value;
                if (id === CURRENT) return;
                const chosen = modelList.find((m) => String(m.model_id) === id);
                setValue('model_id', id, { shouldDirty: true });
                setValue('model', chosen?.model_name ?? '', { shouldDirty: true, shouldValidate: form.formState.isSubmitted });
              }}
            >
              <option value="">{t('select')}</option>
              {modelValue === CURRENT && <option value={CURRENT}>{model}</option>}
              {modelList.map((m) => (
                <option key={m.model_id} value={String(m.model_id)}>
                  {m.model_name}
                </option>
              ))}
            </SelectField>
            <SelectField label={t('fields.year')} error={message('year')} {...register('year')}>
              <option value="">{t('select')}</option>
              {yearValue && !years.includes(Number(yearValue)) && <option value={yearValue}>{yearValue}</option>}
              {years.map((y) => (
                <option key={y} value={String(y)}>
                  {y}
                </option>
              ))}
            </SelectField>
            <TextField label={t('fields.bodyClass')} maxLength={80} error={message('body_class')} {...register('body_class')} />
            <TextField label={t('fields.fuel')} maxLength={40} error={message('fuel')} {...register('fuel')} />
            <TextField label={t('fields.doors')} inputMode="numeric" maxLength={1} error={message('door_number')} {...register('door_number')} />
            <TextField label={t('fields.seats')} inputMode="numeric" maxLength={2} error={message('seat_number')} {...register('seat_number')} />
            <TextField label={t('fields.seatRows')} inputMode="numeric" maxLength={1} error={message('seat_row_number')} {...register('seat_row_number')} />
          </div>
          {filled && (
            <p className="flex items-start gap-2 text-sm text-slate-600">
              <Info aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
              {t('vin.check')}
            </p>
          )}
        </section>
      )}

      <ImagePicker images={images} onChange={onImagesChange} errors={imageErrors} />

      <div className="flex flex-col-reverse gap-3 border-t border-slate-100 pt-5 sm:flex-row sm:justify-between">
        <Button variant="outline" disabled={saving !== null} onClick={() => submit('back')}>
          {saving === 'back' && <Spinner label={t('saving')} />}
          {t('saveAndBack')}
        </Button>
        <Button type="submit" disabled={saving !== null}>
          {saving !== null && saving !== 'back' && <Spinner label={t('saving')} />}
          {draft ? t('saveAndCheckout') : t('saveChanges')}
        </Button>
      </div>
    </form>
  );
}

/** A yes/no choice with a visible label (a select: nothing chosen until the owner answers). */
function YesNoField({ yes, no, ...props }: { label: string; yes: string; no: string; error?: string } & ComponentProps<'select'>) {
  const { t } = useTranslation('createListing');
  return (
    <SelectField {...props}>
      <option value="">{t('select')}</option>
      <option value="yes">{yes}</option>
      <option value="no">{no}</option>
    </SelectField>
  );
}
