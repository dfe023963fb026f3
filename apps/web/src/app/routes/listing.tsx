import { useParams } from 'react-router';
import { Container } from '@/components/ui/container';
import { useSession } from '@/lib/queries/auth';
import { ListingDetail } from '@/features/listings/components/listing-detail';
import { ReportListing } from '@/features/listing-reports/components/report-listing';
import { MessageOwner } from '@/features/messages/components/message-owner';
import { RentCar } from '@/features/rentals/components/rent-car';

export function ListingRoute() {
  const { listingId = '' } = useParams();
  const session = useSession();
  const signedIn = Boolean(session.data?.user);
  return (
    <Container>
      {/* A new key per listing resets the photo viewer when moving between listings. */}
      <ListingDetail
        key={listingId}
        listingId={listingId}
        currentUserId={session.data?.user?.id ?? null}
        sessionPending={session.isPending}
        // Others than the owner may write to the owner of a public listing, or report it.
        contactExtra={(listing, isOwner) =>
          !isOwner &&
          !session.isPending &&
          listing.status === 'ACTIVE' && (
            <>
              <RentCar listing={listing} signedIn={signedIn} />
              <MessageOwner listingId={listing.listing_id} signedIn={signedIn} />
              <ReportListing listingId={listing.listing_id} signedIn={signedIn} />
            </>
          )
        }
      />
    </Container>
  );
}
