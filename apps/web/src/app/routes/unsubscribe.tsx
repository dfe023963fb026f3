import { useSearchParams } from 'react-router';
import { Container } from '@/components/ui/container';
import { UnsubscribeResult } from '@/features/listings/components/unsubscribe-result';
import { unsubscribeTokens } from '@/lib/queries/saved';

/** /unsubscribe?token=…: the saved-search digest's unsubscribe link. */
export function UnsubscribeRoute() {
  const [params] = useSearchParams();
  return (
    <Container>
      <UnsubscribeResult tokens={unsubscribeTokens(params)} />
    </Container>
  );
}
