import { AlertTriangle, CheckCircle2, Inbox, X } from 'lucide-react';
import type { ReviewListing } from '@medallion/contracts/admin';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '@/components/ui/card';
import { Dialog, DialogClose, DialogContent, DialogDescription, DialogTitle } from '@/components/ui/dialog';
import { Button } from '@/components/ui/button';
import { ErrorState } from '@/components/ui/error-state';
import { Spinner } from '@/components/ui/spinner';
import { toast } from '@/components/ui/toast';
import { cn } from '@/lib/cn';
import { useListingValues } from '@/lib/listing-values';
import { formatUsd } from '@/lib/money';
import { useReviewListings } from '@/lib/queries/admin';
import { useApproveListing } from '../api/approve-listing';
import { RejectDialog } from './reject-dialog';
import { errorText } from '@/lib/error-text';

function Photos({ listing }: { listing: ReviewListing }) {
  const { t } = useTranslation('admin');
  const [open, setOpen] = useState<number | null>(null);
  if (listing.thumbnail_urls.length === 0) return <p className="text-sm text-slate-600">{t('review.noPhotos')}</p>;
  const full = open === null ? undefined : listing.image_urls[open];
  return (
    <>
      <ul className="flex flex-wrap gap-2" aria-label={t('review.photos')}>
        {listing.thumbnail_urls.map((url, i) => (
          <li key={url}>
            <button
              type="button"
              onClick={() => setOpen(i)}
              aria-label={t('review.openPhoto', { n: i + 1 })}
              className="block overflow-hidden rounded-lg border border-slate-200 hover:border-slate-400"
            >
              <img src={url} alt="" loading="lazy" width={400} height={300} className="aspect-[4/3] w-28 object-cover" />
            </button>
          </li>
        ))}
      </ul>
      <Dialog open={open !== null} onOpenChange={(next) => !next && setOpen(null)}>
        <DialogContent overlay="dark" className="fixed inset-4 z-50 flex flex-col items-center justify-center gap-3">
          <DialogTitle className="sr-only">{t('review.photoTitle', { n: (open ?? 0) + 1, title: listing.title ?? '' })}</DialogTitle>
          <DialogDescription className="sr-only">{t('review.photos')}</DialogDescription>
          <DialogClose className="self-end rounded-full bg-white p-2 text-asphalt" aria-label={t('review.close')}>
            <X aria-hidden="true" className="size-5" />
          </DialogClose>
          {full && <img src={full} alt="" className="max-h-full min-h-0 max-w-full rounded-lg object-contain" />}
        </DialogContent>
      </Dialog>
    </>
  );
}

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="grid grid-cols-[8rem_1fr] gap-2 border-t border-slate-100 py-1.5 first:border-t-0">
      <dt className="text-slate-600">{label}</dt>
      <dd className="min-w-0 break-words">{children}</dd>
    </div>
  );
}

const same = (a: string | number | null, b: string | number | null) =>
  a === null || b === null || String(a).trim().toLowerCase() === String(b).trim().toLowerCase();

/** What the owner typed next to what the VIN decodes to; make, model and year mismatches are flagged. */
function VinComparison({ listing }: { listing: ReviewListing }) {
  const { t } = useTranslation('admin');
  const values = useListingValues();
  const d = listing.vin_decoded;
  if (!listing.vin) return null;
  if (!d) return <p className="text-sm text-slate-600">{t('review.noDecode')}</p>;
  // Compared as stored; shown in the reader's language (fuel types and body classes are vPIC's English values).
  const shown = (value: string | number | null, show?: (v: string) => string) => (value === null ? '--' : show ? show(String(value)) : value);
  const rows: {
    key: string;
    label: string;
    owner: string | number | null;
    vin: string | number | null;
    check: boolean;
    show?: (value: string) => string;
  }[] = [
    { key: 'make', label: t('review.fields.make'), owner: listing.car_make, vin: d.make, check: true },
    { key: 'model', label: t('review.fields.model'), owner: listing.car_model, vin: d.model, check: true },
    { key: 'year', label: t('review.fields.year'), owner: listing.car_year, vin: d.year, check: true },
    { key: 'body', label: t('review.fields.bodyClass'), owner: listing.car_body_class, vin: d.body_class, check: false, show: values.bodyClass },
    { key: 'fuel', label: t('review.fields.fuel'), owner: listing.car_fuel, vin: d.fuel, check: false, show: values.fuel },
    { key: 'doors', label: t('review.fields.doors'), owner: listing.car_door_number, vin: d.doors, check: false },
  ];
  return (
    <div className="overflow-x-auto rounded-lg border border-slate-200">
      <table className="w-full text-left text-sm">
        <caption className="sr-only">{t('review.vinCompare')}</caption>
        <thead className="bg-slate-50 text-slate-600">
          <tr>
            <th scope="col" className="px-3 py-1.5" />
            <th scope="col" className="px-3 py-1.5">
              {t('review.ownerTyped')}
            </th>
            <th scope="col" className="px-3 py-1.5">
              {t('review.vinSays')}
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.map((r) => {
            const mismatch = r.check && !same(r.owner, r.vin);
            return (
              <tr key={r.key} data-mismatch={mismatch || undefined} className={cn('border-t border-slate-100', mismatch && 'bg-danger/10 text-danger-text')}>
                <th scope="row" className="px-3 py-1.5 font-medium">
                  {r.label}
                  {mismatch && (
                    <span className="ml-1.5 inline-flex items-center gap-0.5 text-xs font-bold">
                      <AlertTriangle aria-hidden="true" className="size-3.5" />
                      {t('review.mismatch')}
                    </span>
                  )}
                </th>
                <td className="px-3 py-1.5">{shown(r.owner, r.show)}</td>
                <td className="px-3 py-1.5">{shown(r.vin, r.show)}</td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}

function ReviewItem({ listing }: { listing: ReviewListing }) {
  const { t, i18n } = useTranslation('admin');
  const values = useListingValues();
  const approve = useApproveListing();
  const title = listing.title ?? t('review.noTitle');
  const date = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' });
  const l = listing.location;
  const cars = listing.category === 'cars';
  return (
    <article
      aria-labelledby={`review-${listing.listing_id}`}
      data-testid="review-item"
      className="flex flex-col gap-4 rounded-2xl border border-slate-200 bg-white p-5"
    >
      <header className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <h2 id={`review-${listing.listing_id}`} className="break-words text-xl font-bold">
            {title}
          </h2>
          <p className="text-sm text-slate-600">
            {t('review.submitted', { date: date.format(new Date(listing.submitted_at)) })} · {t(`review.categories.${listing.category}`)}
          </p>
        </div>
        <div className="flex flex-wrap gap-2">
          <RejectDialog listingId={listing.listing_id} title={title} disabled={approve.isPending} />
          <Button
            disabled={approve.isPending}
            // The item leaves the queue on success, so the toast does not wait for this component.
            onClick={() =>
              approve.mutateAsync(listing.listing_id).then(
                () => toast.success(t('review.approved', { title })),
                (e: Error) => toast.error(errorText(e)),
              )
            }
          >
            {approve.isPending ? <Spinner label={t('review.sending')} /> : <CheckCircle2 aria-hidden="true" className="size-5" />}
            {t('review.approve')}
          </Button>
        </div>
      </header>
      <Photos listing={listing} />
      <div className="grid gap-6 lg:grid-cols-2">
        <dl className="text-sm">
          <Row label={t('review.fields.price')}>
            {listing.price === null ? '--' : formatUsd(listing.price, i18n.language)}
            {listing.payment_period && ` · ${t(`review.periods.${listing.payment_period}`)}`}
          </Row>
          <Row label={t('review.fields.location')}>{l ? `${l.city}, ${l.state}${l.zip_code ? ` ${l.zip_code}` : ''}` : '--'}</Row>
          <Row label={t('review.fields.description')}>
            <span className="whitespace-pre-wrap">{listing.description || '--'}</span>
          </Row>
          <Row label={t('review.fields.vin')}>{listing.vin ?? '--'}</Row>
          <Row label={t('review.fields.plate')}>{listing.plate_number ?? '--'}</Row>
          {cars && (
            <>
              <Row label={t('review.fields.seats')}>
                {listing.car_seat_number ?? '--'} / {t('review.fields.seatRows')}: {listing.car_seat_row_number ?? '--'}
              </Row>
            </>
          )}
          <Row label={t('review.fields.contact')}>
            {listing.name ?? '--'}
            <br />
            {listing.email && (
              <a href={`mailto:${listing.email}`} className="text-info underline">
                {listing.email}
              </a>
            )}
            {listing.phone_number && <span className="block">{listing.phone_number}</span>}
          </Row>
          <Row label={t('review.fields.owner')}>
            {listing.owner.name}
            <br />
            <a href={`mailto:${listing.owner.email}`} className="text-info underline">
              {listing.owner.email}
            </a>
          </Row>
        </dl>
        {cars && (
          <div className="flex flex-col gap-2">
            <h3 className="font-semibold">{t('review.vinCompare')}</h3>
            {listing.vin ? (
              <VinComparison listing={listing} />
            ) : (
              <dl className="text-sm">
                <Row label={t('review.fields.make')}>{listing.car_make ?? '--'}</Row>
                <Row label={t('review.fields.model')}>{listing.car_model ?? '--'}</Row>
                <Row label={t('review.fields.year')}>{listing.car_year ?? '--'}</Row>
                <Row label={t('review.fields.fuel')}>{listing.car_fuel ? values.fuel(listing.car_fuel) : '--'}</Row>
              </dl>
            )}
            {!listing.vin && <p className="text-sm text-slate-600">{t('review.noVin')}</p>}
          </div>
        )}
      </div>
    </article>
  );
}

/** Staff review queue (/admin/listings): listings paid for and waiting, oldest first. */
export function ReviewQueue() {
  const { t } = useTranslation('admin');
  const queue = useReviewListings();
  if (queue.isPending) return <Spinner label={t('common:loading')} className="text-slate-500" />;
  if (queue.isError) return <ErrorState message={errorText(queue.error)} retryLabel={t('retry')} onRetry={() => void queue.refetch()} />;
  const items = queue.data.data;
  if (items.length === 0) {
    return (
      <EmptyState icon={Inbox}>
        <p>{t('review.empty')}</p>
      </EmptyState>
    );
  }
  return (
    <div className="flex flex-col gap-4">
      <p className="text-slate-600">{t('review.count', { count: items.length })}</p>
      {items.map((listing) => (
        <ReviewItem key={listing.listing_id} listing={listing} />
      ))}
    </div>
  );
}
