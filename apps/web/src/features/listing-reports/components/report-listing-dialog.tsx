import { zodResolver } from '@hookform/resolvers/zod';
import { useId, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import {
  LISTING_REPORT_REASONS,
  MAX_LISTING_REPORT_DETAILS,
  reportListingRequestSchema,
  type ReportListingForm,
  type ReportListingRequest,
} from '@medallion/contracts/listing-reports';
import { Button } from '@/components/ui/button';
import { Dialog, DialogCard, DialogDescription, DialogHeader } from '@/components/ui/dialog';
import { DialogFormActions } from '@/components/ui/dialog-form-actions';
import { TextAreaField } from '@/components/ui/field';
import { ApiClientError } from '@/lib/api-client';
import { applyFieldErrors, errorText, keyText } from '@/lib/error-text';
import { useReportListing } from '../api/report-listing';

/**
 * "Report this listing": a reason and optional details (required for "Other"). Open while rendered;
 * ReportListing mounts it afresh each time. A second report of the same listing is not an error:
 * the dialog says it was reported already. onClose(true) once the listing counts as reported.
 */
export function ReportListingDialog({ listingId, onClose }: { listingId: string; onClose: (reported: boolean) => void }) {
  const { t } = useTranslation('listingReports');
  const form = useForm<ReportListingForm, unknown, ReportListingRequest>({
    resolver: zodResolver(reportListingRequestSchema),
    defaultValues: { details: '' },
  });
  const report = useReportListing();
  const [outcome, setOutcome] = useState<'sent' | 'already' | null>(null);
  const [serverError, setServerError] = useState<string | null>(null);
  const reasonErrorId = useId();
  const { errors } = form.formState;
  const text = (problem: { type?: string; message?: string } | undefined) => (problem?.type === 'server' ? problem.message : keyText(problem?.message));
  const reasonError = text(errors.reason);
  const otherChosen = useWatch({ control: form.control, name: 'reason' }) === 'other';

  const submit = form.handleSubmit((values) => {
    setServerError(null);
    report.mutate(
      { listingId, ...values },
      {
        onSuccess: () => setOutcome('sent'),
        onError: (e) => {
          if (e instanceof ApiClientError && e.key === 'listingReport.alreadyReported') setOutcome('already');
          else if (!applyFieldErrors(form, e, ['reason', 'details'])) setServerError(errorText(e));
        },
      },
    );
  });

  return (
    <Dialog open onOpenChange={(next) => !next && onClose(outcome !== null)}>
      <DialogCard width="lg">
        <DialogHeader className="mb-2" title={t('dialog.title')} closeLabel={t('dialog.close')} />
        {outcome ? (
          <div className="flex flex-col gap-4">
            <DialogDescription role="status" className="text-slate-700">
              {outcome === 'sent' ? t('dialog.thanks') : t('dialog.already')}
            </DialogDescription>
            <Button variant="dark" className="self-end" onClick={() => onClose(true)}>
              {t('dialog.done')}
            </Button>
          </div>
        ) : (
          <>
            <DialogDescription className="mb-4 text-slate-700">{t('dialog.description')}</DialogDescription>
            <form noValidate onSubmit={(event) => void submit(event)} className="flex flex-col gap-4">
              <fieldset aria-describedby={reasonError ? reasonErrorId : undefined} aria-invalid={reasonError ? true : undefined}>
                <legend className="mb-1 font-semibold text-slate-800">{t('dialog.reason')}</legend>
                {LISTING_REPORT_REASONS.map((reason) => (
                  <label key={reason} className="flex min-h-11 cursor-pointer items-center gap-3 py-1">
                    <input type="radio" value={reason} className="size-5 shrink-0 accent-asphalt" {...form.register('reason')} />
                    <span>{t(`reasons.${reason}`)}</span>
                  </label>
                ))}
                {reasonError && (
                  <p id={reasonErrorId} role="alert" className="mt-1 text-sm font-medium text-danger-text">
                    {reasonError}
                  </p>
                )}
              </fieldset>
              <TextAreaField
                label={otherChosen ? t('dialog.detailsRequired') : t('dialog.details')}
                hint={t('dialog.detailsHint')}
                rows={3}
                maxLength={MAX_LISTING_REPORT_DETAILS}
                error={text(errors.details)}
                {...form.register('details')}
              />
              {serverError && (
                <p role="alert" className="text-sm font-medium text-danger-text">
                  {serverError}
                </p>
              )}
              <DialogFormActions
                cancelLabel={t('dialog.cancel')}
                submitLabel={t('dialog.send')}
                pending={report.isPending}
                pendingLabel={t('dialog.sending')}
              />
            </form>
          </>
        )}
      </DialogCard>
    </Dialog>
  );
}
