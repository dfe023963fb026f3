import { zodResolver } from '@hookform/resolvers/zod';
import { rejectListingRequestSchema, type RejectListingRequest } from '@medallion/contracts/admin';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Dialog, DialogCard, DialogDescription, DialogHeader, DialogTrigger } from '@/components/ui/dialog';
import { TextAreaField } from '@/components/ui/field';
import { useRejectListing } from '../api/reject-listing';
import { DialogFormActions } from '@/components/ui/dialog-form-actions';
import { toast } from '@/components/ui/toast';
import { errorText } from '@/lib/error-text';

/** "Reject": a reason of at least 5 characters, shown to the owner and e-mailed to them. */
export function RejectDialog({ listingId, title, disabled }: { listingId: string; title: string; disabled?: boolean }) {
  const { t } = useTranslation('admin');
  const [open, setOpen] = useState(false);
  const [serverError, setServerError] = useState<string | null>(null);
  const form = useForm<RejectListingRequest>({ resolver: zodResolver(rejectListingRequestSchema), defaultValues: { reason: '' } });
  const reject = useRejectListing();
  const reasonError = form.formState.errors.reason?.message;

  const submit = form.handleSubmit(({ reason }) => {
    // The item (and this dialog) leaves the queue on success: no per-call callbacks, which would not run.
    reject.mutateAsync({ listingId, reason }).then(
      () => toast.success(t('review.rejected', { title })),
      (e: Error) => setServerError(errorText(e)),
    );
  });

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        if (!next) {
          form.reset();
          setServerError(null);
        }
      }}
    >
      <DialogTrigger asChild>
        <Button variant="outline" disabled={disabled} className="border-danger/50 text-danger-text hover:bg-danger/10">
          {t('review.reject')}
        </Button>
      </DialogTrigger>
      <DialogCard width="lg">
        <DialogHeader className="mb-2" title={t('review.rejectTitle')} closeLabel={t('review.close')} />
        <DialogDescription className="mb-4 text-slate-600">{t('review.rejectDescription', { title })}</DialogDescription>
        <form noValidate onSubmit={(event) => void submit(event)} className="flex flex-col gap-4">
          <TextAreaField
            label={t('review.reason')}
            rows={4}
            maxLength={1000}
            error={reasonError ? t(`common:messages.${reasonError}`) : (serverError ?? undefined)}
            {...form.register('reason', { onChange: () => setServerError(null) })}
          />
          <DialogFormActions
            cancelLabel={t('review.cancel')}
            submitLabel={t('review.sendBack')}
            pending={reject.isPending}
            pendingLabel={t('review.sending')}
          />
        </form>
      </DialogCard>
    </Dialog>
  );
}
