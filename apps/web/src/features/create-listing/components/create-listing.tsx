import { useQuery } from '@tanstack/react-query';
import { AlertTriangle, Check, Info } from 'lucide-react';
import { isPublishedStatus, type Listing } from '@medallion/contracts/listings';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorState } from '@/components/ui/error-state';
import { Spinner } from '@/components/ui/spinner';
import { toast } from '@/components/ui/toast';
import { ApiClientError } from '@/lib/api-client';
import { errorText } from '@/lib/error-text';
import { cn } from '@/lib/cn';
import { listingQueryOptions } from '@/lib/queries/listings';
import { useSaveDraft } from '../api/save-draft';
import { imageToDataUrl } from '@/lib/image-to-data-url';
import { storedImages, type PickedImage } from '@/components/ui/picture-picker';
import { StepOneForm, stepOneRequest, type LocationFieldProps, type StepOneValues } from './step-one-form';
import { StepTwoForm, stepTwoRequest, type StepTwoAction, type StepTwoValues, type YesNo } from './step-two-form';

/** The owner's profile: name, e-mail and phone as listings show it ("(212) 555-0190", or ''). */
export interface Account {
  name: string;
  email: string;
  phone: string;
}

interface Props {
  listingId: string | null;
  step: 1 | 2;
  account: Account;
  /** Remember where we are (the route keeps it in the URL). */
  onNavigate: (listingId: string, step: 1 | 2) => void;
  onCheckout: (listingId: string) => void;
  /** After saving the edit of a listing that is no longer a draft (the owner then sees it). */
  onSaved: (listingId: string) => void;
  /** An incomplete draft sent to step 2: mark the missing fields at once. */
  markMissing?: boolean;
  renderLocation: (props: LocationFieldProps) => ReactNode;
}

/** A saved listing's values; a new listing starts from the profile's name, e-mail and phone. */
function stepOneDefaults(listing: Listing | undefined, locationLabel: (l: NonNullable<Listing['location']>) => string, account: Account): StepOneValues {
  if (!listing) return { category: '', location: { text: '', chosen: null }, name: account.name, email: account.email, phone_number: account.phone };
  return {
    category: listing.category,
    location: listing.location ? { text: locationLabel(listing.location), chosen: listing.location } : { text: '', chosen: null },
    name: listing.name ?? '',
    email: listing.email ?? '',
    phone_number: listing.phone_number ?? '',
  };
}

function stepTwoDefaults(listing: Listing): StepTwoValues {
  const s = (v: string | number | null) => (v === null ? '' : String(v));
  return {
    title: listing.title ?? '',
    description: listing.description ?? '',
    listing_price: s(listing.price),
    deal_type: listing.deal_type,
    payment_period: listing.payment_period ?? '',
    identification: listing.vin ?? listing.plate_number ?? '',
    make: listing.car_make ?? '',
    make_id: s(listing.car_make_id),
    model: listing.car_model ?? '',
    model_id: s(listing.car_model_id),
    year: s(listing.car_year),
    body_class: listing.car_body_class ?? '',
    fuel: listing.car_fuel ?? '',
    door_number: s(listing.car_door_number),
    seat_number: s(listing.car_seat_number),
    seat_row_number: s(listing.car_seat_row_number),
    ...labelDefaults(listing.rental_label),
  };
}

function labelDefaults(
  label: Listing['rental_label'],
): Pick<
  StepTwoValues,
  | 'rent_deposit'
  | 'rent_min_weeks'
  | 'rent_mileage_unlimited'
  | 'rent_mileage_cap'
  | 'rent_insurance_included'
  | 'rent_insurance_limits'
  | 'rent_tlc_plate_included'
  | 'rent_maintenance_included'
  | 'rent_deductible'
  | 'rent_remote_disabling'
> {
  const yn = (v: boolean | undefined): YesNo => (v === undefined ? '' : v ? 'yes' : 'no');
  return {
    rent_deposit: label ? String(label.deposit) : '',
    rent_min_weeks: label ? String(label.min_weeks) : '',
    rent_mileage_unlimited: yn(label?.mileage_unlimited),
    rent_mileage_cap: label?.mileage_cap != null ? String(label.mileage_cap) : '',
    rent_insurance_included: yn(label?.insurance_included),
    rent_insurance_limits: label?.insurance_limits ?? '',
    rent_tlc_plate_included: yn(label?.tlc_plate_included),
    rent_maintenance_included: yn(label?.maintenance_included),
    rent_deductible: label ? String(label.deductible) : '',
    rent_remote_disabling: yn(label?.remote_disabling),
  };
}

function locationLabel(l: NonNullable<Listing['location']>): string {
  return [l.city, [l.state, l.zip_code].filter(Boolean).join(' ')].filter(Boolean).join(', ');
}

function Steps({ step }: { step: 1 | 2 }) {
  const { t } = useTranslation('createListing');
  return (
    <ol className="grid grid-cols-2 gap-2 text-sm" aria-label={t('progress')}>
      {([1, 2] as const).map((n) => (
        <li
          key={n}
          aria-current={n === step ? 'step' : undefined}
          className={cn(
            'flex items-center gap-2 rounded-xl border px-3 py-2',
            n === step ? 'border-asphalt bg-white font-semibold text-asphalt' : 'border-slate-200 text-slate-600',
          )}
        >
          <span
            aria-hidden="true"
            className={cn(
              'flex size-7 shrink-0 items-center justify-center rounded-full text-sm font-bold',
              n <= step ? 'bg-taxi text-asphalt' : 'bg-slate-200',
            )}
          >
            {n < step ? <Check className="size-4" /> : n}
          </span>
          <span className="min-w-0">
            <span className="sr-only">{t('stepOf', { n, total: 2 })} </span>
            {t(n === 1 ? 'step1.title' : 'step2.title')}
          </span>
        </li>
      ))}
    </ol>
  );
}

/**
 * The two-step listing form; a draft is created by step 1 and continued with ?id=. The same form edits
 * a listing in any status: a draft goes on to the checkout, any other listing is saved in place (no fee
 * again), and the form says before and after saving whether the change goes back to review.
 */
export function CreateListing({ listingId, step, account, onNavigate, onCheckout, onSaved, markMissing = false, renderLocation }: Props) {
  const { t } = useTranslation('createListing');
  // The owner's draft (the listing page's cache entry, so saving refreshes both); no retry.
  const draft = useQuery({ ...listingQueryOptions(listingId ?? ''), enabled: Boolean(listingId), retry: false });
  const save = useSaveDraft();
  const [images, setImages] = useState<{ forId: string; list: PickedImage[]; changed: boolean } | null>(null);
  const [savingStep2, setSavingStep2] = useState<StepTwoAction | null>(null);
  const [step2Error, setStep2Error] = useState<unknown>(null);
  const listing = draft.data?.data;
  // A refusal that is about no field ("busy, save again in a few seconds", a network error) shows above
  // the form, which on a phone is far above the Save button: the page goes there. (Field errors take the
  // keyboard to their field themselves.)
  const alertRef = useRef<HTMLParagraphElement>(null);
  const failed = step === 2 ? step2Error : save.error;
  useEffect(() => {
    if (!failed || (failed instanceof ApiClientError && failed.code === 'VALIDATION_ERROR')) return;
    alertRef.current?.focus();
  }, [failed]);

  if (listingId && draft.isPending) {
    return <Spinner label={t('common:loading')} className="py-10 text-slate-500" />;
  }
  if (listingId && draft.isError) {
    const missing = draft.error instanceof ApiClientError && (draft.error.status === 404 || draft.error.status === 400);
    return <ErrorState message={missing ? t('notFound') : errorText(draft.error)} retryLabel={t('retry')} onRetry={() => void draft.refetch()} />;
  }
  const formError = (error: unknown): string | null => {
    if (!error) return null;
    if (!(error instanceof ApiClientError)) return t('common:errors.unexpected');
    if (error.status === 413) return t('tooLarge');
    if (error.code === 'VALIDATION_ERROR') return t('fixErrors');
    return errorText(error);
  };

  /** Says what a saved edit did: a published listing sent back to review, or the change applied at once. */
  const announce = (saved: { status: Listing['status']; sent_to_review: boolean }) => {
    if (saved.sent_to_review) toast.info(t('edit.sentToReview'), { duration: 8000 });
    else if (saved.status === 'ACTIVE') toast.success(t('edit.savedLive'));
    else toast.success(t('edit.saved'));
  };

  const submitStepOne = (values: StepOneValues) => {
    save.mutate(stepOneRequest(values, listingId), {
      onSuccess: (response) => {
        const saved = response.data.data;
        if (saved.sent_to_review) announce(saved);
        onNavigate(saved.listing_id, 2);
      },
    });
  };

  const currentImages = listing && images?.forId === listing.listing_id ? images.list : listing ? storedImages(listing.images, listing.thumbnail_urls) : [];

  const submitStepTwo = async (values: StepTwoValues, action: StepTwoAction, dirty: boolean) => {
    if (!listing) return;
    const imagesChanged = images?.forId === listing.listing_id && images.changed;
    if (action === 'back' && !dirty && !imagesChanged) {
      onNavigate(listing.listing_id, 1);
      return;
    }
    setSavingStep2(action);
    setStep2Error(null);
    try {
      const payload = await Promise.all(currentImages.map((image) => (image.kind === 'stored' ? image.name : imageToDataUrl(image.file))));
      const response = await save.mutateAsync(stepTwoRequest(values, listing.listing_id, listing.category, payload));
      setImages(null);
      const saved = response.data.data;
      if (action === 'back') {
        if (saved.sent_to_review) announce(saved);
        onNavigate(listing.listing_id, 1);
      } else if (action === 'save' || saved.status !== 'DRAFT') {
        announce(saved);
        onSaved(listing.listing_id);
      } else {
        onCheckout(listing.listing_id);
      }
    } catch (error) {
      setStep2Error(error);
    } finally {
      setSavingStep2(null);
    }
  };

  const stepOneError = step === 1 ? formError(save.error) : null;
  const stepTwoError = step === 2 ? formError(step2Error) : null;
  const error = stepOneError ?? stepTwoError;

  return (
    <div className="flex flex-col gap-6">
      <Steps step={listing ? step : 1} />
      {listing?.rejection_reason && (
        <div role="note" className="flex items-start gap-3 rounded-xl border border-danger/40 bg-danger/10 p-4 text-danger-text">
          <AlertTriangle aria-hidden="true" className="mt-0.5 size-5 shrink-0" />
          <div>
            <p className="font-semibold">{t('rejected')}</p>
            <p className="whitespace-pre-wrap">{listing.rejection_reason}</p>
          </div>
        </div>
      )}
      {markMissing && step === 2 && listing?.status === 'DRAFT' && (
        <p role="alert" className="flex items-start gap-3 rounded-xl border border-taxi bg-taxi-soft p-4 text-asphalt">
          <Info aria-hidden="true" className="mt-0.5 size-5 shrink-0" />
          {t('completeFirst')}
        </p>
      )}
      {error && (
        <p ref={alertRef} tabIndex={-1} role="alert" className="scroll-mt-20 rounded-lg bg-danger/10 p-3 font-medium text-danger-text focus:outline-none">
          {error}
        </p>
      )}
      <div className="rounded-2xl border border-slate-200 bg-white p-5 sm:p-6">
        {step === 2 && listing ? (
          <StepTwoForm
            key={listing.listing_id}
            category={listing.category}
            status={listing.status}
            imagesChanged={images?.forId === listing.listing_id && images.changed}
            markMissing={markMissing}
            defaultValues={stepTwoDefaults(listing)}
            images={currentImages}
            onImagesChange={(list) => setImages({ forId: listing.listing_id, list, changed: true })}
            saving={savingStep2}
            serverError={step2Error}
            onSubmit={(values, action, dirty) => void submitStepTwo(values, action, dirty)}
          />
        ) : (
          <StepOneForm
            key={listing?.listing_id ?? 'new'}
            defaultValues={stepOneDefaults(listing, locationLabel, account)}
            account={account}
            saving={save.isPending}
            serverError={save.error}
            onSubmit={submitStepOne}
            renderLocation={renderLocation}
            categoryLocked={Boolean(listing && listing.status !== 'DRAFT')}
            notice={
              listing && isPublishedStatus(listing.status) ? (
                <p role="note" className="flex items-start gap-3 rounded-xl border border-blue-200 bg-blue-50 p-4 text-blue-900">
                  <Info aria-hidden="true" className="mt-0.5 size-5 shrink-0" />
                  {t('edit.stepOneNotice')}
                </p>
              ) : undefined
            }
          />
        )}
      </div>
    </div>
  );
}
