import { Dialog } from 'radix-ui';
import { X } from 'lucide-react';
import { rejectListingRequestSchema } from '@medallion/contracts/admin';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { TextAreaField } from '@/components/ui/field';
import { useRejectListing } from '../api/reject-listing';
import { DialogFormActions } from '@/components/ui/dialog-form-actions';
import { toast } from '@/components/ui/toast';
import { errorText } from '@/lib/error-text';

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
      setError(t(`common:messages.${parsed.error.issues[0]?.message ?? 'rejectReasonRequired'}`));
      return;
    }
    // The item (and this dialog) leaves the queue on success: no per-call callbacks, which would not run.
    reject.mutateAsync({ listingId, reason: parsed.data.reason }).then(
      () => toast.success(t('review.rejected', { title })),
      (e: Error) => setError(errorText(e)),
    );
  };

  return (
    <Dialog.Root
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        if (!next) {
          setReason('');
          setError(null);
        }
      }}
    >
      <Dialog.Trigger asChild>
        <Button variant="outline" disabled={disabled} className="border-danger/50 text-danger-text hover:bg-danger/10">
          {t('review.reject')}
        </Button>
      </Dialog.Trigger>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-asphalt/60" />
        <Dialog.Content className="fixed left-1/2 top-1/2 z-50 max-h-[calc(100dvh-2rem)] w-[calc(100%-2rem)] max-w-lg -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-2xl bg-white p-6 shadow-xl">
          <div className="mb-2 flex items-start justify-between gap-3">
            <Dialog.Title className="text-xl font-bold text-asphalt">{t('review.rejectTitle')}</Dialog.Title>
            <Dialog.Close className="rounded-md p-1 text-slate-600 hover:bg-slate-100" aria-label={t('review.close')}>
              <X aria-hidden="true" className="size-5" />
            </Dialog.Close>
          </div>
          <Dialog.Description className="mb-4 text-slate-600">{t('review.rejectDescription', { title })}</Dialog.Description>
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
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
