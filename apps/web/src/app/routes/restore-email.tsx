import { useSearchParams } from 'react-router';
import { Container } from '@/components/ui/container';
import { RestoreEmail } from '@/features/profile/components/restore-email';

/** /account/restore-email?token=…: the link of the notice to the old address after an e-mail change. */
export function RestoreEmailRoute() {
  const [params] = useSearchParams();
  return (
    <Container>
      <RestoreEmail token={params.get('token') ?? ''} />
    </Container>
  );
}
