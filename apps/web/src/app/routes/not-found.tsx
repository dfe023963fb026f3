import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { buttonClasses } from '@/components/ui/button';
import { Container } from '@/components/ui/container';
import { PageHead } from '@/components/ui/page-head';

export function NotFoundRoute() {
  const { t } = useTranslation();
  return (
    <Container className="flex flex-col items-center gap-4 py-20 text-center">
      <PageHead title={t('notFound.title')} noIndex />
      {/* A taxi roof light: dark figures on taxi yellow (yellow figures on paper are too faint to read). */}
      <p className="rounded-2xl bg-taxi px-6 py-1 text-7xl font-black text-asphalt shadow-sm" aria-hidden="true">
        404
      </p>
      <h1 className="text-3xl font-bold">{t('notFound.title')}</h1>
      <p className="max-w-md text-lg text-slate-700">{t('notFound.text')}</p>
      <div className="flex flex-wrap justify-center gap-3">
        <Link to="/" className={buttonClasses('primary')}>
          {t('notFound.home')}
        </Link>
        <Link to="/marketplace" className={buttonClasses('outline')}>
          {t('nav.marketplace')}
        </Link>
      </div>
    </Container>
  );
}
