import { rejectListingRequestSchema } from '@medallion/contracts/admin';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Dialog, DialogCard, DialogDescription, DialogHeader, DialogTrigger } from '@/components/ui/dialog';
import { TextAreaField } from '@/components/ui/field';
import { useRejectListing } from '../api/reject-listing';
import { DialogFormActions } from '@/components/ui/dialog-form-actions';
import { toast } from '@/components/ui/toast';

/** "Reject": a reason of at least 5 characters, shown to the owner and e-mailed to them. */
export function RejectDialog({ listingId, title, disabled }: { listingId: string; title: string; disabled?: boolean }) {
  const { t } = useTranslation('admin');
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const reject = useRejectListing();

  const submit = () => {
    const parsed = rejectListingRequestSchema.safeParse({ reason });
    if (!parsed.success) {
      setError(t(`common:validation.${parsed.error.issues[0]?.message ?? 'rejectReasonRequired'}`));
      return;
    }
    // The item (and this dialog) leaves the queue on success: no per-call callbacks, which would not run.
    reject.mutateAsync({ listingId, reason: parsed.data.reason }).then(
      () => toast.success(t('review.rejected', { title })),
      (e: Error) => setError(e.message),
    );
  };

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        if (!next) {
          setReason('');
          setError(null);
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
        <form
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            submit();
          }}
          className="flex flex-col gap-4"
        >
          <TextAreaField
            label={t('review.reason')}
            rows={4}
            maxLength={1000}
            value={reason}
            error={error ?? undefined}
            onChange={(event) => {
              setReason(event.target.value);
              setError(null);
            }}
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
