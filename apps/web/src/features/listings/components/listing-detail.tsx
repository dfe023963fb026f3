import { ArrowLeft, CalendarDays, Expand, Eye, Mail, MapPin, Phone, UserRound } from 'lucide-react';
import type { Listing } from '@medallion/contracts/listings';
import { Suspense, useEffect, useId, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { ErrorState } from '@/components/ui/error-state';
import { lazyNamed } from '@/components/ui/lazy';
import { cn } from '@/lib/cn';
import { isListingMissing, useListing } from '@/lib/queries/listings';
import { useRecordListingView } from '../api/record-listing-view';
import { searchToParams } from '../lib/filter-params';
import { formatLocation, postedState } from '../lib/format';
import { listingFilters } from '../lib/listing-filters-store';
import { markListingVisited } from '../lib/visited-listings';
import { defaultPicture } from './default-picture';
import { ForSaleBadge, ListingStatusBadge, VerifiedBadge } from './listing-card';
import { ListingNotFound } from './listing-not-found';
import { useListingPriceText, useWeeklyEquivalentText } from './listing-price';
import { RentalLabelPanel } from './rental-label-panel';
import { useListingValues } from '@/lib/listing-values';
import { ListingStatusControl } from './listing-status-control';
import { SaveListingButton } from './save-listing-button';
import { PageHead } from '@/components/ui/page-head';
import { absoluteUrl, pageUrl } from '@/lib/site-url';
import { listingDescription, listingJsonLd } from '../lib/listing-head';
import { errorText } from '@/lib/error-text';
import { LazyListingOwnerActions } from './lazy-owner-actions';

interface Props {
  listingId: string;
  /** The signed-in user's id (null for visitors); the owner gets the status control. */
  currentUserId: string | null;
  /** Wait for the session before recording the view, so it carries the user id. */
  sessionPending: boolean;
  /** Composed by the route under the contact panel (message the owner, report), given the listing and whether the viewer owns it. */
  contactExtra?: (listing: Listing, isOwner: boolean) => ReactNode;
}

/** The full-window photo viewer (radix dialog) is a chunk of its own, loaded when the photo is pointed at or pressed. */
const ListingGallery = lazyNamed(() => import('./listing-gallery'), 'ListingGallery');
const preloadGallery = () => void ListingGallery.preload().catch(() => undefined);

/** Back to the marketplace with this visit's search. */
function marketplaceHref(): string {
  const { applied, page } = listingFilters.getState();
  const query = searchToParams(applied, page).toString();
  return query ? `/marketplace?${query}` : '/marketplace';
}

function BackLink() {
  const { t } = useTranslation('listings');
  return (
    <Link to={marketplaceHref()} className="inline-flex min-h-11 items-center gap-2 rounded-md font-semibold text-info hover:underline">
      <ArrowLeft aria-hidden="true" className="size-5" />
      {t('detail.back')}
    </Link>
  );
}

/** The first view of a listing in this browser is recorded once. */
function useRecordFirstView(listing: Listing | undefined, userId: string | null, ready: boolean) {
  const record = useRecordListingView();
  const { mutate } = record;
  const id = listing?.listing_id;
  useEffect(() => {
    if (!id || !ready) return;
    if (markListingVisited(id)) mutate({ listingId: id, userId: userId ?? undefined });
  }, [id, ready, userId, mutate]);
}

export function ListingDetail({ listingId, currentUserId, sessionPending, contactExtra }: Props) {
  const { t } = useTranslation('listings');
  const listing = useListing(listingId);
  useRecordFirstView(listing.data?.data, currentUserId, !sessionPending);

  if (listing.isPending) return <ListingDetailSkeleton label={t('detail.loading')} />;
  if (listing.isError) {
    if (isListingMissing(listing.error)) return <ListingNotFound backTo={marketplaceHref()} />;
    return (
      <div className="flex flex-col gap-4 py-10">
        <BackLink />
        <h1 className="text-3xl font-bold">{t('detail.loadErrorTitle')}</h1>
        <ErrorState message={errorText(listing.error)} retryLabel={t('marketplace.retry')} onRetry={() => void listing.refetch()} />
      </div>
    );
  }
  const data = listing.data.data;
  const isOwner = currentUserId !== null && data.user_id === currentUserId;
  return <ListingView listing={data} isOwner={isOwner} extra={contactExtra?.(data, isOwner)} />;
}

/**
 * The listing's page while it loads, in the layout of a typical one (a two-line title on phones, photos,
 * the contact panel), so the photo and the sections under it do not jump when the listing arrives.
 */
function ListingDetailSkeleton({ label }: { label: string }) {
  const bar = 'rounded bg-slate-200';
  const panel = 'rounded-2xl border border-slate-200 bg-white p-5 sm:p-6';
  return (
    <div role="status" aria-label={label} className="flex flex-col gap-5 py-6 md:py-8">
      <BackLink />
      <div aria-hidden="true" className="flex animate-pulse flex-col gap-5 motion-reduce:animate-none">
        <div className="flex flex-col gap-2">
          <span className={cn(bar, 'h-5 w-16 rounded-full')} />
          {/* h1: text-2xl (two lines of 2rem) on phones, text-3xl (one line of 2.25rem) from 640 px */}
          <div className="flex h-16 flex-col justify-around sm:h-9">
            <span className={cn(bar, 'h-5 w-full sm:h-7 sm:w-2/3')} />
            <span className={cn(bar, 'h-5 w-1/2 sm:hidden')} />
          </div>
          <div className="flex h-8 items-center">
            <span className={cn(bar, 'h-6 w-40')} />
          </div>
          <div className="flex h-[52px] flex-col justify-around sm:h-6">
            <span className={cn(bar, 'h-4 w-3/4 sm:w-96')} />
            <span className={cn(bar, 'h-4 w-1/3 sm:hidden')} />
          </div>
        </div>
        <div className="grid items-start gap-5 lg:grid-cols-[minmax(0,1fr)_22rem] lg:gap-8">
          <div className="flex min-w-0 flex-col gap-3">
            <div className="aspect-[4/3] w-full rounded-2xl bg-slate-100" />
            <div className="flex gap-2 pb-1">
              {[0, 1, 2].map((i) => (
                <div key={i} className="aspect-[4/3] w-20 rounded-lg bg-slate-100 sm:w-24" />
              ))}
            </div>
          </div>
          <div className={cn(panel, 'flex flex-col gap-3')}>
            <span className={cn(bar, 'mb-3 h-6 w-1/2')} />
            {[0, 1, 2].map((i) => (
              <span key={i} className={cn(bar, 'h-4 w-3/4')} />
            ))}
          </div>
        </div>
      </div>
    </div>
  );
}

function Fact({ label, value }: { label: string; value: ReactNode }) {
  return (
    <div className="flex min-w-0 flex-col gap-0.5 border-b border-slate-100 py-2.5">
      <dt className="text-sm text-slate-500">{label}</dt>
      <dd className="break-words font-semibold text-asphalt">{value}</dd>
    </div>
  );
}

function Panel({ title, children, className }: { title: string; children: ReactNode; className?: string }) {
  const id = useId();
  return (
    <section aria-labelledby={id} className={cn('rounded-2xl border border-slate-200 bg-white p-5 sm:p-6', className)}>
      <h2 id={id} className="mb-3 text-xl font-bold">
        {title}
      </h2>
      {children}
    </section>
  );
}

function ListingView({ listing, isOwner, extra }: { listing: Listing; isOwner: boolean; extra?: ReactNode }) {
  const { t, i18n } = useTranslation('listings');
  const navigate = useNavigate();
  const priceText = useListingPriceText();
  const weekly = useWeeklyEquivalentText()(listing);
  const values = useListingValues();
  const [selected, setSelected] = useState(0);
  const [galleryOpen, setGalleryOpen] = useState(false);
  // Mounted from the first opening on.
  const [galleryUsed, setGalleryUsed] = useState(false);
  const title = listing.title?.trim() || t('card.noTitle');
  const hasPhotos = listing.image_urls.length > 0;
  const images = hasPhotos ? listing.image_urls : [defaultPicture(listing.category)];
  const thumbs = hasPhotos ? listing.thumbnail_urls : images;
  const current = Math.min(selected, images.length - 1);
  const location = formatLocation(listing.location);
  const posted = postedState(listing, i18n.language);
  const none = '--';
  const isCar = listing.category === 'cars';

  return (
    <article className="flex flex-col gap-5 py-6 md:py-8">
      <PageHead
        title={title}
        description={listingDescription(listing, listing.price === null ? null : priceText(listing), location)}
        image={hasPhotos ? absoluteUrl(listing.image_urls[0]!) : undefined}
        jsonLd={
          listing.status === 'ACTIVE'
            ? listingJsonLd(listing, pageUrl(`/listing/${listing.listing_id}`, '', 'en'), listing.image_urls.map(absoluteUrl), title)
            : undefined
        }
        noIndex={listing.status !== 'ACTIVE'}
      />
      <BackLink />

      <header className="flex flex-col gap-2">
        <div className="flex flex-wrap items-center gap-2">
          <span className="rounded-full bg-asphalt px-2.5 py-0.5 text-xs font-semibold text-white">{t(`card.category.${listing.category}`)}</span>
          {listing.deal_type === 'sale' && <ForSaleBadge />}
          {listing.vin && <VerifiedBadge />}
          {isOwner && <ListingStatusBadge status={listing.status} />}
        </div>
        <h1 className="break-words text-2xl font-extrabold sm:text-3xl">{title}</h1>
        <div className="flex flex-wrap items-baseline gap-x-3">
          <p className="text-2xl font-extrabold text-asphalt">{priceText(listing)}</p>
          {weekly && (
            <p data-testid="listing-weekly-price" className="text-base font-semibold text-slate-600">
              {weekly}
            </p>
          )}
        </div>
        {listing.status === 'ACTIVE' && !isOwner && <SaveListingButton listingId={listing.listing_id} variant="detail" className="self-start" />}
        <div className="flex flex-wrap gap-x-5 gap-y-1 text-slate-600">
          {location && (
            <span className="inline-flex items-center gap-1.5">
              <MapPin aria-hidden="true" className="size-4 shrink-0" />
              {location}
            </span>
          )}
          <span className="inline-flex items-center gap-1.5">
            <CalendarDays aria-hidden="true" className="size-4 shrink-0" />
            {posted.kind === 'posted'
              ? t('card.posted', { date: posted.date })
              : posted.kind === 'underReview'
                ? t('card.waitingForReview')
                : t('card.notPosted')}
          </span>
          {(isOwner || listing.status === 'ACTIVE') && (
            <span className="inline-flex items-center gap-1.5">
              <Eye aria-hidden="true" className="size-4 shrink-0" />
              {t('card.views', { count: listing.view_count })}
            </span>
          )}
        </div>
      </header>

      {isOwner && listing.status !== 'ACTIVE' && (
        <p className="rounded-xl border border-taxi bg-taxi-soft px-4 py-3 text-asphalt">
          {t('detail.notPublic', { status: t(`card.status.${listing.status}`) })}
        </p>
      )}

      <div className="grid items-start gap-5 lg:grid-cols-[minmax(0,1fr)_22rem] lg:gap-8">
        <div className="flex min-w-0 flex-col gap-3 lg:col-start-1">
          <button
            type="button"
            onPointerEnter={preloadGallery}
            onPointerDown={preloadGallery}
            onFocus={preloadGallery}
            onClick={() => {
              setGalleryUsed(true);
              setGalleryOpen(true);
            }}
            className="group relative block aspect-[4/3] w-full overflow-hidden rounded-2xl bg-slate-100"
            aria-label={t('detail.openGallery', { current: current + 1, total: images.length })}
          >
            <img
              src={images[current]}
              srcSet={hasPhotos && thumbs[current] ? `${thumbs[current]} 400w, ${images[current]} 1600w` : undefined}
              sizes="(min-width: 1024px) 760px, 100vw"
              alt=""
              fetchPriority="high"
              className="size-full object-cover"
            />
            <span className="absolute bottom-3 right-3 inline-flex items-center gap-1.5 rounded-full bg-asphalt/80 px-3 py-1.5 text-sm font-semibold text-white group-hover:bg-asphalt">
              <Expand aria-hidden="true" className="size-4" />
              {images.length > 1 && t('gallery.counter', { current: current + 1, total: images.length })}
            </span>
          </button>
          {images.length > 1 && (
            <ul aria-label={t('detail.photos')} className="flex gap-2 overflow-x-auto pb-1">
              {thumbs.map((src, index) => (
                <li key={src} className="shrink-0">
                  <button
                    type="button"
                    onClick={() => setSelected(index)}
                    aria-label={t('detail.showPhoto', { current: index + 1, total: images.length })}
                    aria-pressed={index === current}
                    className={cn(
                      'block aspect-[4/3] w-20 overflow-hidden rounded-lg border-2 sm:w-24',
                      index === current ? 'border-taxi' : 'border-transparent opacity-80 hover:opacity-100',
                    )}
                  >
                    <img src={src} alt="" loading="lazy" className="size-full object-cover" />
                  </button>
                </li>
              ))}
            </ul>
          )}
        </div>

        <div className="flex flex-col gap-5 lg:sticky lg:top-20 lg:col-start-2 lg:row-span-3 lg:row-start-1">
          {isOwner && (
            <section aria-label={t('status.sectionLabel')} className="rounded-2xl border border-slate-200 bg-white p-5 sm:p-6">
              <div className="flex flex-col gap-4">
                <ListingStatusControl listing={listing} />
                <Suspense fallback={null}>
                  <LazyListingOwnerActions listing={listing} title={title} onDeleted={() => void navigate('/dashboard?tab=ads')} />
                </Suspense>
              </div>
            </section>
          )}
          <Panel title={t('contact.title')}>
            <ul className="flex flex-col gap-3">
              {listing.name && (
                <li className="flex items-start gap-3">
                  <UserRound aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-slate-500" />
                  <span className="min-w-0 break-words">
                    <span className="sr-only">{t('contact.name')}: </span>
                    <span className="font-semibold text-asphalt">{listing.name}</span>
                  </span>
                </li>
              )}
              {listing.email && (
                <li className="flex items-start gap-3">
                  <Mail aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-slate-500" />
                  <span className="min-w-0 break-all">
                    <span className="sr-only">{t('contact.email')}: </span>
                    <a href={`mailto:${listing.email}`} className="font-semibold text-info hover:underline">
                      {listing.email}
                    </a>
                  </span>
                </li>
              )}
              {listing.phone_number && (
                <li className="flex items-start gap-3">
                  <Phone aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-slate-500" />
                  <span className="min-w-0">
                    <span className="sr-only">{t('contact.phone')}: </span>
                    <a href={`tel:${listing.phone_number.replace(/[^\d+]/g, '')}`} className="font-semibold text-info hover:underline">
                      {listing.phone_number}
                    </a>
                  </span>
                </li>
              )}
              {listing.location && (
                <li className="flex items-start gap-3">
                  <MapPin aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-slate-500" />
                  <dl className="grid min-w-0 grid-cols-[auto_1fr] gap-x-3 gap-y-0.5">
                    <dt className="text-slate-500">{t('contact.city')}</dt>
                    <dd className="font-semibold text-asphalt">{listing.location.city}</dd>
                    <dt className="text-slate-500">{t('contact.state')}</dt>
                    <dd className="font-semibold text-asphalt">{listing.location.state}</dd>
                    {listing.location.zip_code && (
                      <>
                        <dt className="text-slate-500">{t('contact.zip')}</dt>
                        <dd className="font-semibold text-asphalt">{listing.location.zip_code}</dd>
                      </>
                    )}
                  </dl>
                </li>
              )}
            </ul>
          </Panel>
          {extra}
        </div>

        {listing.description?.trim() && (
          <Panel title={t('detail.description')} className="lg:col-start-1">
            <p className="whitespace-pre-line break-words text-slate-700">{listing.description}</p>
          </Panel>
        )}

        {listing.deal_type === 'rent' && (
          <Panel title={t('rentalLabel.title')} className="lg:col-start-1">
            <RentalLabelPanel listing={listing} />
          </Panel>
        )}

        <Panel title={t('detail.details')} className="lg:col-start-1">
          <dl className="grid gap-x-6 sm:grid-cols-2">
            <Fact label={t('detail.dealType')} value={values.dealType(listing.deal_type)} />
            {listing.deal_type === 'rent' && listing.payment_period && (
              <Fact label={t('detail.paymentPeriod')} value={values.paymentPeriod(listing.payment_period)} />
            )}
            <Fact label={t('detail.plateNumber')} value={listing.plate_number || none} />
            <Fact label={t('detail.vin')} value={listing.vin || none} />
            {isCar && (
              <>
                <Fact label={t('card.make')} value={listing.car_make || none} />
                <Fact label={t('card.model')} value={listing.car_model || none} />
                <Fact label={t('card.year')} value={listing.car_year ?? none} />
                {listing.car_body_class && <Fact label={t('detail.bodyClass')} value={values.bodyClass(listing.car_body_class)} />}
                {listing.car_fuel && <Fact label={t('detail.fuel')} value={values.fuel(listing.car_fuel)} />}
                {listing.car_door_number !== null && <Fact label={t('detail.doors')} value={listing.car_door_number} />}
                {listing.car_seat_number !== null && <Fact label={t('detail.seats')} value={listing.car_seat_number} />}
                {listing.car_seat_row_number !== null && <Fact label={t('detail.seatRows')} value={listing.car_seat_row_number} />}
              </>
            )}
          </dl>
        </Panel>
      </div>

      {galleryUsed && (
        <Suspense fallback={null}>
          <ListingGallery title={title} images={images} index={current} open={galleryOpen} onOpenChange={setGalleryOpen} onIndexChange={setSelected} />
        </Suspense>
      )}
    </article>
  );
}
