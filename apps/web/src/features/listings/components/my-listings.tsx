import { Megaphone } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '@/components/ui/card';
import { ErrorState } from '@/components/ui/error-state';
import { useMyListings } from '@/lib/queries/listings';
import { ListingCard } from './listing-card';
import { errorText } from '@/lib/error-text';

function CardSkeleton() {
  return (
    <div aria-hidden="true" className="overflow-hidden rounded-2xl border border-slate-200 bg-white">
      <div className="aspect-[4/3] animate-pulse bg-slate-200 motion-reduce:animate-none" />
      <div className="flex flex-col gap-2 p-4">
        <div className="h-5 w-3/4 animate-pulse rounded bg-slate-200 motion-reduce:animate-none" />
        <div className="h-5 w-1/3 animate-pulse rounded bg-slate-200 motion-reduce:animate-none" />
        <div className="h-4 w-1/2 animate-pulse rounded bg-slate-100 motion-reduce:animate-none" />
      </div>
    </div>
  );
}

const GRID = 'grid grid-cols-[repeat(auto-fill,minmax(15.5rem,1fr))] gap-4';

/** Dashboard → Marketplace ads: the user's own listings as owner-mode cards. */
export function MyListings() {
  const { t } = useTranslation('listings');
  const mine = useMyListings();
  if (mine.isPending) {
    return (
      <div role="status" aria-label={t('marketplace.loading')} className={GRID}>
        <CardSkeleton />
        <CardSkeleton />
        <CardSkeleton />
      </div>
    );
  }
  if (mine.isError) {
    return <ErrorState message={errorText(mine.error)} retryLabel={t('marketplace.retry')} onRetry={() => void mine.refetch()} />;
  }
  const listings = mine.data.data.data;
  if (listings.length === 0) {
    return (
      <EmptyState icon={Megaphone}>
        <p>{t('marketplace.empty')}</p>
      </EmptyState>
    );
  }
  return (
    <section aria-label={t('dashboard.label')}>
      <ul className={GRID}>
        {listings.map((listing) => (
          <li key={listing.listing_id}>
            <ListingCard listing={listing} mode="dashboard" />
          </li>
        ))}
      </ul>
    </section>
  );
}
