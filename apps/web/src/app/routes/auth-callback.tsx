import { useTranslation } from 'react-i18next';
import { Container } from '@/components/ui/container';
import { AuthCallback } from '@/features/auth/components/auth-callback';

export function AuthCallbackRoute() {
  const { t } = useTranslation('auth');
  return (
    <Container>
      <title>{`${t('callback.loading')} · Medallion`}</title>
      <AuthCallback />
    </Container>
  );
}
