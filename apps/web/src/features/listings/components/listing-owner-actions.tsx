import { Pencil, Trash2 } from 'lucide-react';
import type { Listing } from '@medallion/contracts/listings';
import { Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { buttonClasses } from '@/components/ui/button';
import { lazyNamed } from '@/components/ui/lazy';
import { cn } from '@/lib/cn';

const DeleteListingDialog = lazyNamed(() => import('./delete-listing-dialog'), 'DeleteListingDialog');
const preloadDialog = () => void DeleteListingDialog.preload().catch(() => undefined);

/** Where the owner edits a listing: a draft from step 1, any other listing from its details (step 2). */
export function editListingPath(listing: Listing): string {
  const id = encodeURIComponent(listing.listing_id);
  return listing.status === 'DRAFT' ? `/create-listing?id=${id}` : `/create-listing?id=${id}&step=2`;
}

export interface ListingOwnerActionsProps {
  listing: Listing;
  title: string;
  /** Small buttons on a card; they sit above the card-wide link, so each is its own target. */
  compact?: boolean;
  onDeleted?: () => void;
}

/** The owner's Edit and Delete (with a confirmation) of one listing, in any status. */
export function ListingOwnerActions({ listing, title, compact = false, onDeleted }: ListingOwnerActionsProps) {
  const { t } = useTranslation('listings');
  const [open, setOpen] = useState(false);
  const [used, setUsed] = useState(false);
  const size = compact ? 'sm' : 'md';
  return (
    <div className={cn('flex gap-2', compact && 'relative z-10')}>
      <Link to={editListingPath(listing)} aria-label={t('card.editLabel', { title })} className={cn(buttonClasses('outline', size), 'flex-1')}>
        <Pencil aria-hidden="true" className="size-4" />
        {t('card.edit')}
      </Link>
      <button
        type="button"
        aria-label={t('card.deleteLabel', { title })}
        aria-haspopup="dialog"
        onPointerEnter={preloadDialog}
        onFocus={preloadDialog}
        onClick={() => {
          setUsed(true);
          setOpen(true);
        }}
        className={cn(buttonClasses('outline', size), 'flex-1 text-danger-text hover:bg-danger/10')}
      >
        <Trash2 aria-hidden="true" className="size-4" />
        {t('card.delete')}
      </button>
      {used && (
        <Suspense fallback={null}>
          <DeleteListingDialog listing={listing} title={title} open={open} onOpenChange={setOpen} onDeleted={onDeleted} />
        </Suspense>
      )}
    </div>
  );
}
