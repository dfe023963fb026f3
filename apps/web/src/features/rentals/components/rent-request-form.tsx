import { CheckCircle2 } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { addDays, MAX_RENTAL_WEEKS, todayInNewYork } from '@medallion/contracts/rental-states';
import { createRentalRequestSchema } from '@medallion/contracts/rentals';
import { Button } from '@/components/ui/button';
import { TextAreaField, TextField } from '@/components/ui/field';
import { Spinner } from '@/components/ui/spinner';
import { applyFieldErrors, errorText, keyText } from '@/lib/error-text';
import { useRequestRental } from '../api/rentals';

interface Values {
  start_date: string;
  weeks: string;
  tlc_license_number: string;
  tlc_license_expiry: string;
  message: string;
}
const FIELDS = ['start_date', 'weeks', 'tlc_license_number', 'tlc_license_expiry', 'message'] as const;

/** A driver's request: start date, weeks (at least the owner's minimum), TLC license and its expiry, a message. */
export function RentRequestForm({ listingId, minWeeks }: { listingId: string; minWeeks: number }) {
  const { t } = useTranslation('rentals');
  const today = todayInNewYork();
  const form = useForm<Values>({
    defaultValues: { start_date: addDays(today, 1), weeks: String(minWeeks), tlc_license_number: '', tlc_license_expiry: '', message: '' },
    // The contract's checks (dates, license format, an expired license), by the same messages as the server's.
    resolver: (values) => {
      const parsed = createRentalRequestSchema.safeParse({ ...values, listing_id: listingId });
      const errors: Record<string, { type: string; message: string }> = {};
      if (!parsed.success) {
        for (const issue of parsed.error.issues) {
          const field = String(issue.path[0] ?? '');
          if ((FIELDS as readonly string[]).includes(field) && !errors[field]) errors[field] = { type: 'validation', message: issue.message };
        }
      }
      if (!errors.weeks && Number(values.weeks) < minWeeks) errors.weeks = { type: 'server', message: t('request.minWeeks', { count: minWeeks }) };
      return Object.keys(errors).length ? { values: {}, errors } : { values, errors: {} };
    },
  });
  const send = useRequestRental();
  const [sent, setSent] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const { errors } = form.formState;
  const message = (field: keyof Values) => (errors[field]?.type === 'server' ? errors[field]?.message : keyText(errors[field]?.message));

  const submit = form.handleSubmit((values) => {
    setSent(false);
    setFailure(null);
    send.mutate(
      { ...values, listing_id: listingId, weeks: Number(values.weeks) },
      {
        onSuccess: () => setSent(true),
        onError: (e) => {
          if (!applyFieldErrors(form, e, FIELDS)) setFailure(errorText(e));
        },
      },
    );
  });

  if (sent) {
    return (
      <p role="status" className="flex items-start gap-2 rounded-lg bg-success/10 px-3 py-2 text-success-text">
        <CheckCircle2 aria-hidden="true" className="mt-0.5 size-5 shrink-0" />
        <span>
          {t('request.sent')}{' '}
          <Link to="/dashboard?tab=rentals" className="font-semibold underline">
            {t('request.openRentals')}
          </Link>
        </span>
      </p>
    );
  }
  return (
    <form noValidate onSubmit={(event) => void submit(event)} className="flex flex-col gap-4" aria-label={t('request.formLabel')}>
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField label={t('request.startDate')} type="date" min={today} error={message('start_date')} {...form.register('start_date')} />
        <TextField
          label={t('request.weeks')}
          type="number"
          inputMode="numeric"
          min={minWeeks}
          max={MAX_RENTAL_WEEKS}
          hint={t('request.minWeeks', { count: minWeeks })}
          error={message('weeks')}
          {...form.register('weeks')}
        />
        <TextField
          label={t('request.license')}
          inputMode="numeric"
          autoComplete="off"
          hint={t('request.licenseHint')}
          error={message('tlc_license_number')}
          {...form.register('tlc_license_number')}
        />
        <TextField label={t('request.licenseExpiry')} type="date" error={message('tlc_license_expiry')} {...form.register('tlc_license_expiry')} />
      </div>
      <TextAreaField label={t('request.message')} rows={3} maxLength={2000} error={message('message')} {...form.register('message')} />
      <p className="text-sm text-slate-700">{t('request.rules')}</p>
      {failure && (
        <p role="alert" className="rounded-lg bg-danger/10 px-3 py-2 text-sm text-danger-text">
          {failure}
        </p>
      )}
      <Button type="submit" variant="dark" disabled={send.isPending} className="self-start">
        {send.isPending && <Spinner label={t('request.sending')} />}
        {t('request.send')}
      </Button>
    </form>
  );
}
