import { ShieldX } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { buttonClasses } from '@/components/ui/button';
import { Container } from '@/components/ui/container';

export function ForbiddenRoute() {
  const { t } = useTranslation();
  return (
    <Container className="flex flex-col items-center gap-4 py-20 text-center">
      <title>{`${t('forbidden.title')} · Medallion`}</title>
      <ShieldX aria-hidden="true" className="size-14 text-danger" />
      <p className="text-5xl font-black text-asphalt" aria-hidden="true">
        403
      </p>
      <h1 className="text-3xl font-bold">{t('forbidden.title')}</h1>
      <p className="max-w-md text-lg text-slate-700">{t('forbidden.text')}</p>
      <Link to="/" className={buttonClasses('primary')}>
        {t('notFound.home')}
      </Link>
    </Container>
  );
}
