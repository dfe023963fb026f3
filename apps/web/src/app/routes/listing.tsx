import { useParams } from 'react-router';
import { Container } from '@/components/ui/container';
import { useSession } from '@/lib/queries/auth';
import { ListingDetail } from '@/features/listings/components/listing-detail';

export function ListingRoute() {
  const { listingId = '' } = useParams();
  const session = useSession();
  return (
    <Container>
      {/* A new key per listing resets the photo viewer when moving between listings. */}
      <ListingDetail key={listingId} listingId={listingId} currentUserId={session.data?.user?.id ?? null} sessionPending={session.isPending} />
    </Container>
  );
}
