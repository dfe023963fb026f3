import type { Listing } from '@medallion/contracts/listings';
import { useTranslation } from 'react-i18next';
import { SelectField } from '@/components/ui/field';
import { Spinner } from '@/components/ui/spinner';
import { toast } from '@/components/ui/toast';
import { useChangeListingStatus } from '../api/change-listing-status';
import { ListingStatusBadge } from './listing-card';

type OwnerStatus = 'ACTIVE' | 'INACTIVE';

/**
 * The owner's status selector (Active / Deactivate). It keeps showing the current status until the
 * server answers 200; drafts and listings under review only show their status.
 */
export function ListingStatusControl({ listing }: { listing: Listing }) {
  const { t } = useTranslation('listings');
  const change = useChangeListingStatus();

  if (listing.status !== 'ACTIVE' && listing.status !== 'INACTIVE') {
    return (
      <div className="flex flex-col gap-2">
        <p className="text-sm font-semibold text-slate-800">{t('status.label')}</p>
        <ListingStatusBadge status={listing.status} className="self-start" />
        <p className="text-sm text-slate-600">{t(listing.status === 'DRAFT' ? 'status.draftNote' : 'status.reviewNote')}</p>
      </div>
    );
  }

  const onChange = (next: OwnerStatus) => {
    if (next === listing.status || change.isPending) return;
    toast(t('status.updating'), { duration: 1000 });
    change.mutate(
      { listing_id: listing.listing_id, listing_status: next },
      {
        onSuccess: () => toast.success(t('status.updated'), { duration: 3000 }),
        onError: (error) => {
          console.error('Changing the listing status failed', error);
          toast.error(t('status.failed'));
        },
      },
    );
  };

  return (
    <div className="flex flex-col gap-2">
      <SelectField
        label={t('status.label')}
        value={listing.status}
        disabled={change.isPending}
        onChange={(event) => onChange(event.target.value as OwnerStatus)}
        hint={listing.status === 'INACTIVE' ? t('status.inactiveNote') : t('status.activeNote')}
      >
        <option value="ACTIVE">{t('status.active')}</option>
        <option value="INACTIVE">{t('status.deactivate')}</option>
      </SelectField>
      {change.isPending && <Spinner label={t('status.updating')} className="text-sm text-slate-500" />}
    </div>
  );
}
