import { BadgeCheck, CalendarDays, Eye, MapPin } from 'lucide-react';
import { missingListingFields } from '@medallion/contracts/listing-filters';
import type { Listing } from '@medallion/contracts/listings';
import { Suspense, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { toast } from '@/components/ui/toast';
import { listingCheckoutPath } from '@/lib/checkout-path';
import { cn } from '@/lib/cn';
import { formatLocation, postedState } from '../lib/format';
import { useListingValues } from '@/lib/listing-values';
import { defaultPicture } from './default-picture';
import { useRentalCardLine } from './rental-label';
import { useListingPriceText, useWeeklyEquivalentText } from './listing-price';
import { SaveListingButton } from './save-listing-button';
import { LazyListingOwnerActions } from './lazy-owner-actions';

export type ListingCardMode = 'public' | 'dashboard';

const STATUS_BADGE: Record<Listing['status'], string> = {
  DRAFT: 'bg-slate-200 text-slate-800',
  UNDER_REVIEW: 'bg-taxi-soft text-asphalt ring-1 ring-taxi',
  ACTIVE: 'bg-green-100 text-success-text',
  INACTIVE: 'bg-slate-200 text-slate-700',
};

/** A small status chip (dashboard cards and the owner's view of a listing). */
export function ListingStatusBadge({ status, className }: { status: Listing['status']; className?: string }) {
  const { t } = useTranslation('listings');
  return (
    <span className={cn('inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-bold uppercase tracking-wide', STATUS_BADGE[status], className)}>
      {t(`card.status.${status}`)}
    </span>
  );
}

export function VerifiedBadge({ className }: { className?: string }) {
  const { t } = useTranslation('listings');
  return (
    <span
      title={t('card.verifiedHint')}
      className={cn('inline-flex items-center gap-1 rounded-full bg-blue-50 px-2 py-0.5 text-xs font-bold text-blue-800', className)}
    >
      <BadgeCheck aria-hidden="true" className="size-4" />
      {t('card.verified')}
    </span>
  );
}

/** The mark of a listing for sale (one price) on cards and the listing page; rentals have none. */
export function ForSaleBadge({ className }: { className?: string }) {
  const values = useListingValues();
  return (
    <span data-testid="for-sale" className={cn('inline-flex items-center rounded-full bg-taxi px-2.5 py-0.5 text-xs font-bold text-asphalt', className)}>
      {values.dealType('sale')}
    </span>
  );
}

function Detail({ label, value }: { label: string; value: ReactNode }) {
  return (
    <div className="min-w-0">
      <dt className="text-xs text-slate-500">{label}</dt>
      <dd className="truncate font-medium text-slate-800">{value}</dd>
    </div>
  );
}

/**
 * A listing in the marketplace grid (public) or in the owner's dashboard. The title is the
 * link (its hit area covers the whole card): a complete draft goes to checkout, an incomplete one to
 * step 2 with the missing fields marked (the fee could not be paid), a listing under review stays
 * and says so, any other opens its page. In the dashboard every card has Edit and Delete.
 */
/** `priority`: a card at the top of the first screen, whose picture is fetched at once (it is the page's largest paint). */
export function ListingCard({ listing, mode = 'public', priority = false }: { listing: Listing; mode?: ListingCardMode; priority?: boolean }) {
  const { t, i18n } = useTranslation('listings');
  const navigate = useNavigate();
  const priceText = useListingPriceText();
  const weekly = useWeeklyEquivalentText()(listing);
  const costLine = useRentalCardLine()(listing);
  const values = useListingValues();
  const title = listing.title?.trim() || t('card.noTitle');
  const location = formatLocation(listing.location);
  const posted = postedState(listing, i18n.language);
  const cover = listing.thumbnail_urls[0] ?? listing.image_urls[0];
  const showViews = mode === 'dashboard' || listing.status === 'ACTIVE';
  const none = '--';

  const ctaId = `listing-cta-${listing.listing_id}`;
  const stretched = 'text-left after:absolute after:inset-0 after:rounded-2xl after:content-[""] focus-visible:outline-none';
  let action: ReactNode;
  if (listing.status === 'DRAFT') {
    action = (
      <button
        type="button"
        className={stretched}
        aria-describedby={mode === 'dashboard' ? ctaId : undefined}
        onClick={() =>
          Object.keys(missingListingFields(listing)).length > 0
            ? navigate(`/create-listing?id=${encodeURIComponent(listing.listing_id)}&step=2&complete=1`)
            : navigate(listingCheckoutPath(listing.listing_id))
        }
      >
        {title}
      </button>
    );
  } else if (listing.status === 'UNDER_REVIEW') {
    action = (
      <button type="button" className={stretched} onClick={() => toast.error(t('card.underReviewToast'), { position: 'top-center', duration: 5000 })}>
        {title}
      </button>
    );
  } else {
    action = (
      <Link to={`/listing/${listing.listing_id}`} className={stretched}>
        {title}
      </Link>
    );
  }

  return (
    <article
      data-testid="listing-card"
      data-category={listing.category}
      data-deal-type={listing.deal_type}
      className={cn(
        'group relative flex h-full flex-col overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-sm transition-shadow',
        'hover:border-slate-300 hover:shadow-md has-[:focus-visible]:outline has-[:focus-visible]:outline-3 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-info',
      )}
    >
      <div className="relative aspect-[4/3] bg-slate-100">
        <img
          src={cover ?? defaultPicture(listing.category)}
          alt=""
          loading={priority ? 'eager' : 'lazy'}
          fetchPriority={priority ? 'high' : 'auto'}
          decoding="async"
          width={400}
          height={300}
          className="size-full object-cover"
        />
        <div className="absolute left-2 top-2 flex flex-wrap gap-1.5">
          <span className="rounded-full bg-asphalt/85 px-2.5 py-0.5 text-xs font-semibold text-white">{t(`card.category.${listing.category}`)}</span>
          {listing.deal_type === 'sale' && <ForSaleBadge className="shadow-sm" />}
          {mode === 'dashboard' && <ListingStatusBadge status={listing.status} className="shadow-sm" />}
        </div>
        {listing.vin && <VerifiedBadge className="absolute right-2 top-2 bg-white shadow-sm" />}
        {mode === 'public' && (
          <div className="absolute bottom-2 right-2 z-10">
            <SaveListingButton listingId={listing.listing_id} />
          </div>
        )}
      </div>

      <div className="flex flex-1 flex-col gap-3 p-4">
        <div className="flex flex-col gap-1">
          <h3 className="line-clamp-2 break-words text-lg font-bold leading-snug text-asphalt">{action}</h3>
          <div className="flex flex-wrap items-baseline gap-x-2">
            <p data-testid="listing-price" className="text-lg font-extrabold text-asphalt">
              {priceText(listing)}
            </p>
            {weekly && (
              <p data-testid="listing-weekly-price" className="text-sm font-semibold text-slate-600">
                {weekly}
              </p>
            )}
          </div>
          {costLine && (
            <p data-testid="listing-cost-line" className="text-sm font-semibold text-slate-700">
              {costLine}
            </p>
          )}
          <p className="flex items-start gap-1.5 text-sm text-slate-600">
            <MapPin aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
            <span className="min-w-0 break-words">{location ?? t('card.noLocation')}</span>
          </p>
        </div>

        {listing.category === 'cars' && (
          <dl className="grid grid-cols-2 gap-x-3 gap-y-1.5 text-sm">
            <Detail label={t('card.make')} value={listing.car_make || none} />
            <Detail label={t('card.model')} value={listing.car_model || none} />
            <Detail label={t('card.year')} value={listing.car_year ?? none} />
            <Detail label={t('card.fuel')} value={listing.car_fuel ? values.fuel(listing.car_fuel) : none} />
          </dl>
        )}

        {mode === 'dashboard' && listing.rejection_reason && (
          <p className="rounded-lg bg-danger/10 px-3 py-2 text-sm text-danger-text">{t('card.rejection', { reason: listing.rejection_reason })}</p>
        )}

        <div className="mt-auto flex flex-wrap items-center justify-between gap-x-3 gap-y-1 border-t border-slate-100 pt-3 text-sm text-slate-600">
          <span className="inline-flex items-center gap-1.5">
            <CalendarDays aria-hidden="true" className="size-4 shrink-0" />
            {posted.kind === 'posted' ? (
              <span>
                <span className="sr-only">{t('card.postedLabel')} </span>
                <time dateTime={listing.timestamp ?? undefined}>{posted.date}</time>
              </span>
            ) : posted.kind === 'underReview' ? (
              t('card.waitingForReview')
            ) : (
              t('card.notPosted')
            )}
          </span>
          {showViews && (
            <span className="inline-flex items-center gap-1.5">
              <Eye aria-hidden="true" className="size-4 shrink-0" />
              {t('card.views', { count: listing.view_count })}
            </span>
          )}
        </div>
        {mode === 'dashboard' && listing.status === 'DRAFT' && (
          <span id={ctaId} className="rounded-lg bg-taxi px-3 py-2 text-center text-sm font-semibold text-asphalt group-hover:bg-taxi-dark">
            {t('card.reviewAndCheckout')}
          </span>
        )}
        {mode === 'dashboard' && (
          <Suspense fallback={null}>
            <LazyListingOwnerActions listing={listing} title={title} compact />
          </Suspense>
        )}
      </div>
    </article>
  );
}

/** A card-sized placeholder (a car's card: photo, two-line title, price, place, four details, date) for lists still loading. */
export function ListingCardSkeleton() {
  const bar = 'rounded bg-slate-200';
  return (
    <div
      aria-hidden="true"
      className="flex h-full animate-pulse flex-col overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-sm motion-reduce:animate-none"
    >
      <div className="aspect-[4/3] bg-slate-100" />
      <div className="flex flex-1 flex-col gap-3 p-4">
        <div className="flex flex-col gap-1">
          <div className="flex h-[49.5px] flex-col justify-around">
            <span className={cn(bar, 'h-4 w-full')} />
            <span className={cn(bar, 'h-4 w-2/3')} />
          </div>
          <div className="flex h-7 items-center">
            <span className={cn(bar, 'h-4 w-1/3')} />
          </div>
          <div className="flex h-5 items-center">
            <span className={cn(bar, 'h-3 w-1/2')} />
          </div>
        </div>
        <div className="grid grid-cols-2 gap-x-3 gap-y-1.5">
          {[0, 1, 2, 3].map((i) => (
            <div key={i} className="flex h-9 flex-col justify-around">
              <span className={cn(bar, 'h-2.5 w-1/3')} />
              <span className={cn(bar, 'h-3 w-2/3')} />
            </div>
          ))}
        </div>
        <div className="mt-auto flex h-[33px] items-end border-t border-slate-100">
          <span className={cn(bar, 'mb-1 h-3 w-1/3')} />
        </div>
      </div>
    </div>
  );
}
