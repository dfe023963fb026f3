import type { Listing } from '@medallion/contracts/listings';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { AlertDialog, AlertDialogCancel, AlertDialogCard, AlertDialogDescription, AlertDialogHeader } from '@/components/ui/dialog';
import { Spinner } from '@/components/ui/spinner';
import { toast } from '@/components/ui/toast';
import { errorText } from '@/lib/error-text';
import { useDeleteListing } from '../api/delete-listing';

interface Props {
  listing: Listing;
  title: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** After the server deleted it (the page may leave the listing then). */
  onDeleted?: () => void;
}

/**
 * "Delete listing?" (an alert dialog: neither Escape nor a click outside deletes or closes it by
 * accident while the request runs). A draft that was never published goes with its photos; a listing
 * that was published or paid for leaves the marketplace and the dashboard, its payments stay.
 * Loaded on first use (decision 0004): the owner's buttons render without radix.
 */
export function DeleteListingDialog({ listing, title, open, onOpenChange, onDeleted }: Props) {
  const { t } = useTranslation('listings');
  const remove = useDeleteListing();
  const draft = listing.status === 'DRAFT' && listing.timestamp === null;

  // The card may leave the list (and this dialog unmount) when the list refreshes: a promise, not per-call callbacks.
  const confirm = () =>
    remove.mutateAsync(listing.listing_id).then(
      () => {
        onOpenChange(false);
        toast.success(t('delete.done', { title }));
        onDeleted?.();
      },
      (error: Error) => {
        onOpenChange(false);
        toast.error(errorText(error));
      },
    );

  return (
    <AlertDialog open={open} onOpenChange={(next) => !remove.isPending && onOpenChange(next)}>
      <AlertDialogCard>
        <AlertDialogHeader title={t('delete.title')} />
        <AlertDialogDescription className="mt-2 break-words text-slate-700">
          {t(draft ? 'delete.draftText' : 'delete.publishedText', { title })}
        </AlertDialogDescription>
        <div className="mt-5 flex flex-wrap justify-end gap-3">
          <AlertDialogCancel asChild>
            <Button variant="outline" disabled={remove.isPending}>
              {t('delete.cancel')}
            </Button>
          </AlertDialogCancel>
          {/* Not AlertDialog.Action: the dialog stays open (with a spinner) until the server answers. */}
          <Button variant="danger" disabled={remove.isPending} onClick={() => void confirm()}>
            {remove.isPending && <Spinner label={t('delete.deleting')} />}
            {t('delete.confirm')}
          </Button>
        </div>
      </AlertDialogCard>
    </AlertDialog>
  );
}
