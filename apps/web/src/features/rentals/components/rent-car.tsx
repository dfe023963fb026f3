import { CarFront } from 'lucide-react';
import { Suspense, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { Listing } from '@medallion/contracts/listings';
import { buttonClasses } from '@/components/ui/button';
import { lazyNamed } from '@/components/ui/lazy';
import { signInPath } from '@/lib/sign-in-path';

/** The request form is a chunk of its own: guests and sale listings never load it. */
const RentRequestForm = lazyNamed(() => import('./rent-request-form'), 'RentRequestForm');

/**
 * "Rent this car" on a rental listing's page (with its cost label): the request form for a signed-in
 * driver who does not own it, a sign-in link that comes back here for guests.
 */
export function RentCar({ listing, signedIn }: { listing: Listing; signedIn: boolean }) {
  const { t } = useTranslation('rentals');
  const headingId = useId();
  if (listing.deal_type !== 'rent' || !listing.rental_label) return null;
  return (
    <section aria-labelledby={headingId} className="rounded-2xl border border-slate-200 bg-white p-5 sm:p-6" data-testid="rent-car">
      <h2 id={headingId} className="mb-3 flex items-center gap-2 text-xl font-bold">
        <CarFront aria-hidden="true" className="size-5 text-slate-500" />
        {t(listing.category === 'plates' ? 'request.titlePlate' : 'request.title')}
      </h2>
      {signedIn ? (
        <Suspense fallback={<div aria-hidden="true" className="h-96 animate-pulse rounded-lg bg-slate-100 motion-reduce:animate-none" />}>
          <RentRequestForm listingId={listing.listing_id} minWeeks={listing.rental_label.min_weeks} />
        </Suspense>
      ) : (
        <div className="flex flex-col items-start gap-3">
          <p className="text-slate-700">{t('request.guest')}</p>
          <Link to={signInPath(`/listing/${listing.listing_id}`)} className={buttonClasses('dark')}>
            {t('request.signIn')}
          </Link>
        </div>
      )}
    </section>
  );
}
