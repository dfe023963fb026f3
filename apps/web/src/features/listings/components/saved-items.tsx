import { BellRing, HeartOff, SearchX, Trash2 } from 'lucide-react';
import type { SavedListing, SavedSearch } from '@medallion/contracts/saved';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { buttonClasses } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/card';
import { ErrorState } from '@/components/ui/error-state';
import { toast } from '@/components/ui/toast';
import { cn } from '@/lib/cn';
import { errorText } from '@/lib/error-text';
import { useSavedListings, useSavedSearches } from '@/lib/queries/saved';
import { useDeleteSavedSearch, useSetSearchAlerts } from '../api/saved-searches';
import { useToggleSavedListing } from '../api/toggle-saved-listing';
import { summarizeSearch } from '../lib/search-summary';
import { ListingCard, ListingCardSkeleton } from './listing-card';

const GRID = 'grid grid-cols-[repeat(auto-fill,minmax(15.5rem,1fr))] gap-4';

/** The dashboard's "Saved listings" tab: the hearted listings, then the saved searches. */
export function SavedItems() {
  const { t } = useTranslation('listings');
  const listingsId = useId();
  const searchesId = useId();
  return (
    <div className="flex flex-col gap-10">
      <section aria-labelledby={listingsId} className="flex flex-col gap-4">
        <h2 id={listingsId} className="text-2xl font-bold">
          {t('saved.listingsTitle')}
        </h2>
        <SavedListings />
      </section>
      <section aria-labelledby={searchesId} className="flex flex-col gap-4">
        <h2 id={searchesId} className="text-2xl font-bold">
          {t('saved.searchesTitle')}
        </h2>
        <SavedSearches />
      </section>
    </div>
  );
}

function SavedListings() {
  const { t } = useTranslation('listings');
  const saved = useSavedListings();
  if (saved.isPending) {
    return (
      <ul aria-hidden="true" className={GRID}>
        {[0, 1, 2].map((i) => (
          <li key={i}>
            <ListingCardSkeleton />
          </li>
        ))}
      </ul>
    );
  }
  if (saved.isError) return <ErrorState message={t('saved.loadError')} retryLabel={t('saved.retry')} onRetry={() => void saved.refetch()} />;
  const items = saved.data.data.items;
  if (items.length === 0) {
    return (
      <EmptyState icon={HeartOff}>
        <p>{t('saved.emptyListings')}</p>
        <Link to="/marketplace" className={buttonClasses('outline')}>
          {t('saved.toMarketplace')}
        </Link>
      </EmptyState>
    );
  }
  return (
    <ul className={GRID} data-testid="saved-listings">
      {items.map((item) => (
        <li key={item.listing_id}>{item.listing ? <ListingCard listing={item.listing} /> : <UnavailableListing item={item} />}</li>
      ))}
    </ul>
  );
}

/** A saved listing its owner deactivated or deleted: its title only, and the way to remove it. */
function UnavailableListing({ item }: { item: SavedListing }) {
  const { t } = useTranslation('listings');
  const toggle = useToggleSavedListing();
  const title = item.title?.trim() || t('card.noTitle');
  return (
    <article data-testid="saved-unavailable" className="flex h-full flex-col gap-3 rounded-2xl border border-dashed border-slate-300 bg-white p-4">
      <h3 className="line-clamp-2 break-words text-lg font-bold text-slate-700">{title}</h3>
      <p className="font-semibold text-slate-700">{t('saved.unavailable')}</p>
      <p className="text-sm text-slate-600">{t('saved.unavailableHint')}</p>
      <button
        type="button"
        aria-pressed
        onClick={() => toggle.mutate({ listingId: item.listing_id, save: false }, { onError: (error) => toast.error(errorText(error)) })}
        className={cn(buttonClasses('outline', 'md'), 'mt-auto self-start')}
      >
        <HeartOff aria-hidden="true" className="size-5" />
        {t('saved.remove')}
      </button>
    </article>
  );
}

function SavedSearches() {
  const { t } = useTranslation('listings');
  const searches = useSavedSearches();
  if (searches.isPending) {
    return (
      <ul aria-hidden="true" className="flex flex-col gap-2">
        {[0, 1].map((i) => (
          <li key={i} className="h-24 animate-pulse rounded-xl bg-slate-200/70" />
        ))}
      </ul>
    );
  }
  if (searches.isError) return <ErrorState message={t('saved.loadError')} retryLabel={t('saved.retry')} onRetry={() => void searches.refetch()} />;
  const list = searches.data.data.searches;
  if (list.length === 0) {
    return (
      <EmptyState icon={SearchX}>
        <p>{t('saved.emptySearches')}</p>
      </EmptyState>
    );
  }
  return (
    <ul className="flex flex-col gap-3" data-testid="saved-searches">
      {list.map((search) => (
        <SavedSearchItem key={search.search_id} search={search} />
      ))}
    </ul>
  );
}

function SavedSearchItem({ search }: { search: SavedSearch }) {
  const { t, i18n } = useTranslation('listings');
  const alerts = useSetSearchAlerts();
  const remove = useDeleteSavedSearch();
  const switchId = useId();
  const query = new URLSearchParams(search.filters).toString();
  const summary = summarizeSearch(search.filters, t, i18n.language);
  return (
    <li className="flex flex-col gap-3 rounded-xl border border-slate-200 bg-white p-4 sm:flex-row sm:items-center">
      <div className="min-w-0 flex-1">
        <h3 className="break-words text-lg font-bold text-asphalt">{search.name}</h3>
        {summary !== search.name && <p className="break-words text-sm text-slate-600">{summary}</p>}
      </div>
      <div className="flex flex-wrap items-center gap-x-4 gap-y-2">
        <Link
          to={query ? `/marketplace?${query}` : '/marketplace'}
          aria-label={t('saved.openLabel', { name: search.name })}
          className={buttonClasses('outline', 'md')}
        >
          {t('saved.open')}
        </Link>
        <div className="inline-flex min-h-11 items-center gap-2">
          <input
            id={switchId}
            type="checkbox"
            role="switch"
            checked={search.notify}
            onChange={(event) =>
              alerts.mutate({ searchId: search.search_id, notify: event.target.checked }, { onError: (error) => toast.error(errorText(error)) })
            }
            className="size-5 accent-asphalt"
          />
          <label htmlFor={switchId} className="inline-flex cursor-pointer items-center gap-1.5 font-medium text-slate-800">
            <BellRing aria-hidden="true" className="size-4" />
            {t('saved.alerts')}
          </label>
        </div>
        <button
          type="button"
          aria-label={t('saved.deleteSearchLabel', { name: search.name })}
          title={t('saved.deleteSearch')}
          disabled={remove.isPending}
          onClick={() =>
            remove.mutate(search.search_id, {
              onSuccess: () => toast.success(t('saved.searchDeleted')),
              onError: (error) => toast.error(errorText(error)),
            })
          }
          className="inline-flex size-11 shrink-0 items-center justify-center rounded-lg text-danger-text hover:bg-danger/10"
        >
          <Trash2 aria-hidden="true" className="size-5" />
        </button>
      </div>
    </li>
  );
}
