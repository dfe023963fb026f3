import { Construction } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { buttonClasses } from '@/components/ui/button';
import { Container } from '@/components/ui/container';

export type ComingSoonFeature = 'marketplace' | 'listing' | 'createListing' | 'checkout' | 'shop' | 'cart' | 'exam' | 'examCheckout';

export function ComingSoon({ feature }: { feature: ComingSoonFeature }) {
  const { t } = useTranslation();
  const title = t(`comingSoon.features.${feature}`);
  return (
    <Container className="flex flex-col items-center gap-4 py-20 text-center">
      <title>{`${title} · Medallion`}</title>
      <span className="flex size-16 items-center justify-center rounded-full bg-taxi-soft text-asphalt">
        <Construction aria-hidden="true" className="size-8" />
      </span>
      <h1 className="text-3xl font-bold">{title}</h1>
      <p className="max-w-md text-lg text-slate-700">{t('comingSoon.text')}</p>
      <div className="flex flex-wrap justify-center gap-3">
        <Link to="/steps" className={buttonClasses('primary')}>
          {t('comingSoon.guide')}
        </Link>
        <Link to="/" className={buttonClasses('outline')}>
          {t('comingSoon.home')}
        </Link>
      </div>
    </Container>
  );
}
